import Foundation

// Schema version 1 of the program events, frozen: records written before weeks and days had
// notes, and before the categories followed the app's design, hold these shapes. Never edit
// them; upcasters in AntrainMigrationPlan read them.

/// Version 1 of ``ProgramCategory``.
enum ProgramCategoryV1: String, StringCodedEnum {
    case strength, hypertrophy, powerlifting, endurance, general, custom
}

/// Version 1 of ``ProgramDay``: no notes.
struct ProgramDayV1: Codable, Sendable, Hashable {
    var dayOfWeek: Int
    var name: String
    var templateID: UUID?
    var intensityOverride: Double?
    var volumeOverride: Double?
    var suggestedRPE: Double?
}

/// Version 1 of ``ProgramWeek``: no notes.
struct ProgramWeekV1: Codable, Sendable, Hashable {
    var number: Int
    var name: String?
    var phase: String?
    var intensityModifier: Double
    var volumeModifier: Double
    var isDeload: Bool
    var days: [ProgramDayV1]
}

/// Version 1 of ``ProgramDefinition``: the categories of version 1, weeks and days without notes.
struct ProgramDefinitionV1: Codable, Sendable, Hashable {
    var name: String
    var description: String?
    var category: ProgramCategoryV1
    var difficulty: ProgramDifficulty
    var durationWeeks: Int
    var progression: ProgressionPattern
    var weeks: [ProgramWeekV1]
}

/// Version 1 of ``ProgramCreated``.
struct ProgramCreatedV1: FrozenEvent, Hashable {
    static let eventType = "ProgramCreated"
    static let schemaVersion: UInt16 = 1
    var programID: UUID
    var definition: ProgramDefinitionV1
    var isPreset: Bool
}

/// Version 1 of ``ProgramUpdated``.
struct ProgramUpdatedV1: FrozenEvent, Hashable {
    static let eventType = "ProgramUpdated"
    static let schemaVersion: UInt16 = 1
    var programID: UUID
    var definition: ProgramDefinitionV1
}

/// Version 1 of ``ProgramDuplicated``.
struct ProgramDuplicatedV1: FrozenEvent, Hashable {
    static let eventType = "ProgramDuplicated"
    static let schemaVersion: UInt16 = 1
    var newProgramID: UUID
    var sourceProgramID: UUID
    var definition: ProgramDefinitionV1
}
