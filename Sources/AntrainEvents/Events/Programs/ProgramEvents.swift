import Foundation

/// A training program was made: a preset shipped with the app, or one the user wrote.
public struct ProgramCreated: DomainEvent {
    public static let eventType = "ProgramCreated"
    /// 2: weeks and days have notes, and the categories are the design's (1: `ProgramCreatedV1`).
    public static let schemaVersion: UInt16 = 2

    /// The new program's id (presets: `UUID.stable("preset", "program", slug)`).
    public var programID: UUID
    /// What the program is.
    public var definition: ProgramDefinition
    /// Whether it ships with the app; an edit does not change where a program came from.
    public var isPreset: Bool

    /// A new program.
    public init(programID: UUID, definition: ProgramDefinition, isPreset: Bool = false) {
        self.programID = programID
        self.definition = definition
        self.isPreset = isPreset
    }

    public var streamID: String { StreamName.program(programID) }
    /// Hands the event to the visitor's `visit` for ProgramCreated.
    public func accept<V: EventVisitor>(_ visitor: inout V, _ stored: EventMetadata) { visitor.visit(self, stored) }

    public func validate(into validator: inout Validator) {
        validator.nested(definition, "definition")
    }
}

/// A program was edited: its definition is replaced in full.
public struct ProgramUpdated: DomainEvent {
    public static let eventType = "ProgramUpdated"
    /// 2: weeks and days have notes, and the categories are the design's (1: `ProgramUpdatedV1`).
    public static let schemaVersion: UInt16 = 2

    /// The program.
    public var programID: UUID
    /// The new definition, in full.
    public var definition: ProgramDefinition

    /// A new definition for a program.
    public init(programID: UUID, definition: ProgramDefinition) {
        self.programID = programID
        self.definition = definition
    }

    public var streamID: String { StreamName.program(programID) }
    /// Hands the event to the visitor's `visit` for ProgramUpdated.
    public func accept<V: EventVisitor>(_ visitor: inout V, _ stored: EventMetadata) { visitor.visit(self, stored) }

    public func validate(into validator: inout Validator) {
        validator.nested(definition, "definition")
    }
}

/// A program was copied into a new one the user owns (never a preset), which starts the new
/// program's stream and stands on its own: it holds the whole copied definition, so later
/// changes to the source do not reach it.
public struct ProgramDuplicated: DomainEvent {
    public static let eventType = "ProgramDuplicated"
    /// 2: weeks and days have notes, and the categories are the design's (1: `ProgramDuplicatedV1`).
    public static let schemaVersion: UInt16 = 2

    /// The copy's id.
    public var newProgramID: UUID
    /// The program copied.
    public var sourceProgramID: UUID
    /// The copy's definition, in full; its `name` is the copy's name ("5/3/1 (copy)").
    public var definition: ProgramDefinition

    /// A copy of a program with the definition `definition`.
    public init(newProgramID: UUID, sourceProgramID: UUID, definition: ProgramDefinition) {
        self.newProgramID = newProgramID
        self.sourceProgramID = sourceProgramID
        self.definition = definition
    }

    /// A copy of `source` named `name`.
    public init(newProgramID: UUID, sourceProgramID: UUID, name: String, copying source: ProgramDefinition) {
        var definition = source
        definition.name = name
        self.init(newProgramID: newProgramID, sourceProgramID: sourceProgramID, definition: definition)
    }

    /// The copy's name.
    public var name: String { definition.name }

    public var streamID: String { StreamName.program(newProgramID) }
    /// Hands the event to the visitor's `visit` for ProgramDuplicated.
    public func accept<V: EventVisitor>(_ visitor: inout V, _ stored: EventMetadata) { visitor.visit(self, stored) }

    public func validate(into validator: inout Validator) {
        validator.check(newProgramID != sourceProgramID, "newProgramID", value: newProgramID.uuidString,
                        allowed: "an id other than sourceProgramID")
        validator.nested(definition, "definition")
    }
}

/// A program was deleted; workouts started from it keep their reference to it.
public struct ProgramDeleted: DomainEvent {
    public static let eventType = "ProgramDeleted"
    public static let schemaVersion: UInt16 = 1

    /// The program.
    public var programID: UUID

    /// A deleted program.
    public init(programID: UUID) {
        self.programID = programID
    }

    public var streamID: String { StreamName.program(programID) }
    /// Hands the event to the visitor's `visit` for ProgramDeleted.
    public func accept<V: EventVisitor>(_ visitor: inout V, _ stored: EventMetadata) { visitor.visit(self, stored) }

    public func validate(into validator: inout Validator) {}
}
