import AntrainEvents
import Foundation

// How each kind of library item is kept in its keyspace: the fields after the common header
// (created, name, flags), in the order written, and the columns beside them. Enum cases are
// written as their place among the cases (`writer.code`): reordering the cases of an event
// enum changes stored values, so the projection's version must then be raised.

extension LibraryExercise: LibraryStateItem {
    static var keyspace: StateKeyspace { LibraryProjection.exercises }
    static let detailColumns = [StateColumn("category", .text), StateColumn("equipment", .text), StateColumn("muscle_groups", .text)]

    /// The category and equipment as their raw names, and the muscle groups joined by commas.
    var detailColumns: [StateColumnValue] {
        [.text(definition.category.rawValue), .text(definition.equipment.rawValue),
         .text(definition.muscleGroups.map(\.rawValue).joined(separator: ","))]
    }

    var detailBytes: Int {
        definition.muscleGroups.count * 8 + definition.categoryIDs.count * 16 + (definition.description?.utf8.count ?? 0)
            + (definition.youTubeURL?.utf8.count ?? 0)
    }

    /// The definition after its name.
    func encodeDetails(into writer: inout StateValueWriter) {
        writer.code(definition.category)
        writer.code(definition.kind)
        writer.code(definition.equipment)
        writer.list(definition.muscleGroups) { $0.code($1) }
        writer.list(definition.categoryIDs) { $0.uuid($1) }
        writer.optional(definition.description) { $0.string($1) }
        writer.optional(definition.youTubeURL) { $0.string($1) }
    }

    init(name: String, flags: LibraryFlags, details cursor: inout BinaryCursor) throws(BinaryCursor.Failure) {
        let definition = ExerciseDefinition(
            name: name, category: try cursor.code(ExerciseCategory.self), kind: try cursor.code(ExerciseKind.self),
            equipment: try cursor.code(Equipment.self),
            muscleGroups: try cursor.list { (cursor) throws(BinaryCursor.Failure) in try cursor.code(MuscleGroup.self) },
            categoryIDs: try cursor.list { (cursor) throws(BinaryCursor.Failure) in try cursor.uuid() },
            description: try cursor.optional { (cursor) throws(BinaryCursor.Failure) in try cursor.string() },
            youTubeURL: try cursor.optional { (cursor) throws(BinaryCursor.Failure) in try cursor.string() })
        self.init(id: .unsetLibraryItem, definition: definition, isPreset: flags.contains(.preset), isDeleted: flags.contains(.deleted))
    }
}

extension LibraryCategory: LibraryStateItem {
    static var keyspace: StateKeyspace { LibraryProjection.categories }
    static let detailColumns: [StateColumn] = []
    var detailColumns: [StateColumnValue] { [] }
    var detailBytes: Int { 0 }

    /// Nothing: a category is its name and flags.
    func encodeDetails(into writer: inout StateValueWriter) {}

    init(name: String, flags: LibraryFlags, details cursor: inout BinaryCursor) throws(BinaryCursor.Failure) {
        self.init(id: .unsetLibraryItem, name: name, isPreset: flags.contains(.preset), isDeleted: flags.contains(.deleted))
    }
}

extension LibraryFood: LibraryStateItem {
    static var keyspace: StateKeyspace { LibraryProjection.foods }
    static let detailColumns = [StateColumn("favourite", .integer), StateColumn("brand", .text), StateColumn("kcal_per_100g", .real)]

    var detailColumns: [StateColumnValue] {
        [.bool(isFavourite), .text(definition.brand), .real(definition.per100g.caloriesKcal)]
    }

    var detailBytes: Int { definition.brand?.utf8.count ?? 0 }

    var flags: LibraryFlags { LibraryFlags(deleted: isDeleted, preset: isPreset, favourite: isFavourite) }

    /// The definition after its name.
    func encodeDetails(into writer: inout StateValueWriter) {
        writer.optional(definition.brand) { $0.string($1) }
        let per100g = definition.per100g
        for number in [per100g.caloriesKcal, per100g.proteinG, per100g.carbsG, per100g.fatsG] { writer.double(number) }
        writer.optional(definition.servingSizeG) { $0.double($1) }
        writer.code(definition.category)
    }

    init(name: String, flags: LibraryFlags, details cursor: inout BinaryCursor) throws(BinaryCursor.Failure) {
        let brand = try cursor.optional { (cursor) throws(BinaryCursor.Failure) in try cursor.string() }
        let per100g = Nutrients(caloriesKcal: try cursor.double(), proteinG: try cursor.double(), carbsG: try cursor.double(),
                                fatsG: try cursor.double())
        let definition = FoodDefinition(
            name: name, brand: brand, per100g: per100g,
            servingSizeG: try cursor.optional { (cursor) throws(BinaryCursor.Failure) in try cursor.double() },
            category: try cursor.code(FoodCategory.self))
        self.init(id: .unsetLibraryItem, definition: definition, isPreset: flags.contains(.preset), isFavourite: flags.contains(.favourite),
                  isDeleted: flags.contains(.deleted))
    }
}

extension LibraryTemplate: LibraryStateItem {
    static var keyspace: StateKeyspace { LibraryProjection.templates }
    static let detailColumns = [StateColumn("items", .integer)]

    /// How many items (exercises and breaks) it has.
    var detailColumns: [StateColumnValue] { [.integer(items.count)] }

    var detailBytes: Int { items.count * MemoryLayout<TemplateItem>.stride + (notes?.utf8.count ?? 0) }

    /// The notes, then each item: a tag (0 exercise for sets of reps, 1 timed exercise,
    /// 2 break, 3 exercise for sets of reps at a weight), its position and its fields. A
    /// weight has a tag of its own, so the state of templates without one reads as it did.
    func encodeDetails(into writer: inout StateValueWriter) {
        writer.optional(notes) { $0.string($1) }
        writer.list(items) { writer, item in
            switch item {
            case let .exercise(position, exerciseID, .repetitions(sets, repsPerSet, restSeconds, weight)):
                writer.count(weight == nil ? 0 : 3)
                writer.int(position)
                writer.uuid(exerciseID)
                writer.int(sets)
                writer.int(repsPerSet)
                writer.int(restSeconds)
                if let weight { writer.mass(weight) }
            case let .exercise(position, exerciseID, .time(durationSeconds)):
                writer.count(1)
                writer.int(position)
                writer.uuid(exerciseID)
                writer.int(durationSeconds)
            case let .break(position, durationSeconds):
                writer.count(2)
                writer.int(position)
                writer.int(durationSeconds)
            }
        }
    }

    init(name: String, flags: LibraryFlags, details cursor: inout BinaryCursor) throws(BinaryCursor.Failure) {
        let notes = try cursor.optional { (cursor) throws(BinaryCursor.Failure) in try cursor.string() }
        let items = try cursor.list { (cursor) throws(BinaryCursor.Failure) -> TemplateItem in
            let tag = try cursor.count()
            let position = try cursor.int()
            switch tag {
            case 0:
                return .exercise(position: position, exerciseID: try cursor.uuid(),
                                 target: .repetitions(sets: try cursor.int(), repsPerSet: try cursor.int(), restSeconds: try cursor.int()))
            case 1:
                return .exercise(position: position, exerciseID: try cursor.uuid(), target: .time(durationSeconds: try cursor.int()))
            case 2:
                return .break(position: position, durationSeconds: try cursor.int())
            case 3:
                return .exercise(position: position, exerciseID: try cursor.uuid(),
                                 target: .repetitions(sets: try cursor.int(), repsPerSet: try cursor.int(), restSeconds: try cursor.int(),
                                                      weight: try cursor.stateMass()))
            default:
                throw BinaryCursor.Failure()
            }
        }
        self.init(id: .unsetLibraryItem, name: name, notes: notes, items: items, isPreset: flags.contains(.preset), isDeleted: flags.contains(.deleted))
    }
}

extension LibraryProgram: LibraryStateItem {
    static var keyspace: StateKeyspace { LibraryProjection.programs }
    static let detailColumns = [StateColumn("weeks", .integer), StateColumn("copied_from", .text)]

    /// Its duration in weeks, and the id of the program it was copied from (lower case), if any.
    var detailColumns: [StateColumnValue] {
        [.integer(definition.durationWeeks), .text(copiedFrom?.uuidString.lowercased())]
    }

    var detailBytes: Int {
        definition.weeks.reduce(definition.description?.utf8.count ?? 0) { bytes, week in
            bytes + MemoryLayout<ProgramWeek>.stride + week.days.count * MemoryLayout<ProgramDay>.stride
        }
    }

    /// Where it was copied from, then the definition after its name: its fields, then each
    /// week with its days, in order.
    func encodeDetails(into writer: inout StateValueWriter) {
        writer.optional(copiedFrom) { $0.uuid($1) }
        writer.optional(definition.description) { $0.string($1) }
        writer.code(definition.category)
        writer.code(definition.difficulty)
        writer.int(definition.durationWeeks)
        writer.code(definition.progression)
        writer.list(definition.weeks) { writer, week in
            writer.int(week.number)
            writer.optional(week.name) { $0.string($1) }
            writer.optional(week.notes) { $0.string($1) }
            writer.optional(week.phase) { $0.string($1) }
            writer.double(week.intensityModifier)
            writer.double(week.volumeModifier)
            writer.bool(week.isDeload)
            writer.list(week.days) { writer, day in
                writer.int(day.dayOfWeek)
                writer.string(day.name)
                writer.optional(day.notes) { $0.string($1) }
                writer.optional(day.templateID) { $0.uuid($1) }
                writer.optional(day.intensityOverride) { $0.double($1) }
                writer.optional(day.volumeOverride) { $0.double($1) }
                writer.optional(day.suggestedRPE) { $0.double($1) }
            }
        }
    }

    init(name: String, flags: LibraryFlags, details cursor: inout BinaryCursor) throws(BinaryCursor.Failure) {
        let copiedFrom = try cursor.optional { (cursor) throws(BinaryCursor.Failure) in try cursor.uuid() }
        let definition = ProgramDefinition(
            name: name, description: try cursor.optional { (cursor) throws(BinaryCursor.Failure) in try cursor.string() },
            category: try cursor.code(ProgramCategory.self), difficulty: try cursor.code(ProgramDifficulty.self),
            durationWeeks: try cursor.int(), progression: try cursor.code(ProgressionPattern.self),
            weeks: try cursor.list(Self.week))
        self.init(id: .unsetLibraryItem, definition: definition, isPreset: flags.contains(.preset), copiedFrom: copiedFrom,
                  isDeleted: flags.contains(.deleted))
    }

    private static func week(_ cursor: inout BinaryCursor) throws(BinaryCursor.Failure) -> ProgramWeek {
        ProgramWeek(number: try cursor.int(),
                    name: try cursor.optional { (cursor) throws(BinaryCursor.Failure) in try cursor.string() },
                    notes: try cursor.optional { (cursor) throws(BinaryCursor.Failure) in try cursor.string() },
                    phase: try cursor.optional { (cursor) throws(BinaryCursor.Failure) in try cursor.string() },
                    intensityModifier: try cursor.double(), volumeModifier: try cursor.double(), isDeload: try cursor.bool(),
                    days: try cursor.list(day))
    }

    private static func day(_ cursor: inout BinaryCursor) throws(BinaryCursor.Failure) -> ProgramDay {
        ProgramDay(dayOfWeek: try cursor.int(), name: try cursor.string(),
                   notes: try cursor.optional { (cursor) throws(BinaryCursor.Failure) in try cursor.string() },
                   templateID: try cursor.optional { (cursor) throws(BinaryCursor.Failure) in try cursor.uuid() },
                   intensityOverride: try cursor.optional { (cursor) throws(BinaryCursor.Failure) in try cursor.double() },
                   volumeOverride: try cursor.optional { (cursor) throws(BinaryCursor.Failure) in try cursor.double() },
                   suggestedRPE: try cursor.optional { (cursor) throws(BinaryCursor.Failure) in try cursor.double() })
    }
}
