import AntrainEvents
import Foundation

/// Folds the programs, the exercises of templates and the active program: the plans the
/// programs' answers lay over the training (see ``ProgramProgress``).
struct ProgramsProjection: KeyedReadModel {
    static let name = "programs"
    /// 3: the stored definitions keep their weeks' and days' notes, and the categories changed
    /// (2 was keyed in the state store; 1 a checkpointed memory image, with every workout).
    /// 4: a template's exercises keep the template's weight, a program's first suggestion.
    static let version = 4
    /// Programs that exist, by id (deleted ones are dropped); columns: name, order of creation.
    static let programs = StateKeyspace(projection: name, name: "programs",
                                        columns: [StateColumn("name", .text), StateColumn("created_offset", .integer)],
                                        indexes: [StateIndex("by_creation", ["created_offset"])])
    /// The exercises done in sets of repetitions of each template that exists, by id.
    static let templates = StateKeyspace(projection: name, name: "templates")
    /// One key, `active`: the program followed and its start day.
    static let active = StateKeyspace(projection: name, name: "active",
                                      columns: [StateColumn("program_id", .blob), StateColumn("start_date", .text)])
    static let keyspaces = [programs, templates, active]
    static let handledEvents: [any DomainEvent.Type] = [
        ProgramCreated.self, ProgramUpdated.self, ProgramDuplicated.self, ProgramDeleted.self, TemplateCreated.self,
        TemplateUpdated.self, TemplateDeleted.self, ProgramActivated.self, ProgramDeactivated.self
    ]
    static let activeKey: NameKey = "active"

    private var programs: KeyedTable<StoredProgram>
    private var templates: KeyedTable<TemplatePlan>
    private var active: KeyedTable<ActivePlan>

    init(context: FoldContext) {
        programs = KeyedTable(Self.programs, context: context)
        templates = KeyedTable(Self.templates, context: context)
        active = KeyedTable(Self.active, context: context)
    }

    mutating func visit(_ event: ProgramCreated, _ stored: EventMetadata) {
        programs.set(event.programID, StoredProgram(definition: event.definition, createdOffset: stored.offset))
    }

    mutating func visit(_ event: ProgramUpdated, _ stored: EventMetadata) {
        guard let slot = programs.slot(of: event.programID) else { return }
        programs[slot].definition = event.definition
    }

    mutating func visit(_ event: ProgramDuplicated, _ stored: EventMetadata) {
        programs.set(event.newProgramID, StoredProgram(definition: event.definition, createdOffset: stored.offset))
    }

    mutating func visit(_ event: ProgramDeleted, _ stored: EventMetadata) { programs.remove(event.programID) }

    mutating func visit(_ event: TemplateCreated, _ stored: EventMetadata) {
        templates.set(event.templateID, TemplatePlan(exercises: TemplatePlan.exercises(of: event.items)))
    }

    mutating func visit(_ event: TemplateUpdated, _ stored: EventMetadata) {
        templates.set(event.templateID, TemplatePlan(exercises: TemplatePlan.exercises(of: event.items)))
    }

    mutating func visit(_ event: TemplateDeleted, _ stored: EventMetadata) { templates.remove(event.templateID) }

    mutating func visit(_ event: ProgramActivated, _ stored: EventMetadata) {
        active.set(Self.activeKey, ActivePlan(programID: event.programID, startDate: event.startDate))
    }

    mutating func visit(_ event: ProgramDeactivated, _ stored: EventMetadata) {
        guard let current = active.value(of: Self.activeKey), current.programID == event.programID else { return }
        active.remove(Self.activeKey)
    }

    mutating func takeChanges(into changes: inout [StateChange], evictingColdBefore coldBefore: UInt32?) {
        programs.takeChanges(into: &changes, evictingColdBefore: coldBefore)
        templates.takeChanges(into: &changes, evictingColdBefore: coldBefore)
        active.takeChanges(into: &changes, evictingColdBefore: coldBefore)
    }

    var residentBytes: Int { programs.residentBytes + templates.residentBytes + active.residentBytes }
}

/// A program that exists, and when it was made.
struct StoredProgram: KeyedValue {
    typealias Key = UUID
    var definition: ProgramDefinition
    var createdOffset: UInt64

    func encode(into writer: inout StateValueWriter) {
        writer.codable(definition)
        writer.varint(createdOffset)
    }

    init(definition: ProgramDefinition, createdOffset: UInt64) {
        self.definition = definition
        self.createdOffset = createdOffset
    }

    init(from cursor: inout BinaryCursor) throws(BinaryCursor.Failure) {
        definition = try cursor.codable(ProgramDefinition.self)
        createdOffset = try cursor.varint()
    }

    var columns: [StateColumnValue] { [.text(definition.name), .integer(Int64(createdOffset))] }
    var residentBytes: Int { 1024 }
}

/// The exercises of a template done in sets of repetitions: what suggestions are made for.
struct TemplatePlan: KeyedValue {
    typealias Key = UUID
    var exercises: [ProgramAnswers.TemplateExercise]

    static func exercises(of items: [TemplateItem]) -> [ProgramAnswers.TemplateExercise] {
        ProgramAnswers.TemplateExercise.of(items)
    }

    init(exercises: [ProgramAnswers.TemplateExercise]) { self.exercises = exercises }

    func encode(into writer: inout StateValueWriter) {
        writer.list(exercises) { writer, exercise in
            writer.uuid(exercise.exerciseID)
            writer.int(exercise.sets)
            writer.int(exercise.repsPerSet)
            writer.optional(exercise.weight) { $0.mass($1) }
        }
    }

    init(from cursor: inout BinaryCursor) throws(BinaryCursor.Failure) {
        exercises = try cursor.list { (cursor) throws(BinaryCursor.Failure) in
            ProgramAnswers.TemplateExercise(exerciseID: try cursor.uuid(), sets: try cursor.int(), repsPerSet: try cursor.int(),
                                            weight: try cursor.optional { (cursor) throws(BinaryCursor.Failure) in try cursor.stateMass() })
        }
    }
}

/// The program followed and the day of its week 1, day 1.
struct ActivePlan: KeyedValue {
    typealias Key = NameKey
    var programID: UUID
    var startDate: CalendarDay

    init(programID: UUID, startDate: CalendarDay) {
        self.programID = programID
        self.startDate = startDate
    }

    func encode(into writer: inout StateValueWriter) {
        writer.uuid(programID)
        writer.day(startDate)
    }

    init(from cursor: inout BinaryCursor) throws(BinaryCursor.Failure) {
        programID = try cursor.uuid()
        startDate = try cursor.calendarDay()
    }

    var columns: [StateColumnValue] { [.blob(programID.keyBytes), .day(startDate)] }
}
