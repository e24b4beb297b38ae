import AntrainEvents
import Foundation

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
            writer.optional(week.phase) { $0.string($1) }
            writer.double(week.intensityModifier)
            writer.double(week.volumeModifier)
            writer.bool(week.isDeload)
            writer.list(week.days) { writer, day in
                writer.int(day.dayOfWeek)
                writer.string(day.name)
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
                    phase: try cursor.optional { (cursor) throws(BinaryCursor.Failure) in try cursor.string() },
                    intensityModifier: try cursor.double(), volumeModifier: try cursor.double(), isDeload: try cursor.bool(),
                    days: try cursor.list(day))
    }

    private static func day(_ cursor: inout BinaryCursor) throws(BinaryCursor.Failure) -> ProgramDay {
        ProgramDay(dayOfWeek: try cursor.int(), name: try cursor.string(),
                   templateID: try cursor.optional { (cursor) throws(BinaryCursor.Failure) in try cursor.uuid() },
                   intensityOverride: try cursor.optional { (cursor) throws(BinaryCursor.Failure) in try cursor.double() },
                   volumeOverride: try cursor.optional { (cursor) throws(BinaryCursor.Failure) in try cursor.double() },
                   suggestedRPE: try cursor.optional { (cursor) throws(BinaryCursor.Failure) in try cursor.double() })
    }
}
