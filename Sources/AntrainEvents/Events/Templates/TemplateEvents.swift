import Foundation

/// A workout template was made: a named, ordered plan of exercises and breaks that a workout
/// can be started from.
public struct TemplateCreated: DomainEvent {
    public static let eventType = "TemplateCreated"
    /// 2: a sets-of-reps item may carry a `weight` (see `TemplateCreatedV1`).
    public static let schemaVersion: UInt16 = 2

    /// The new template's id (presets: `UUID.stable("preset", "template", slug)`).
    public var templateID: UUID
    /// Its name, 1 to 100 characters after trimming.
    public var name: String
    /// Notes, at most 500 characters.
    public var notes: String?
    /// Its exercises and breaks, in order, with positions 1 to n (1 to 99 items).
    public var items: [TemplateItem]

    /// A new template.
    public init(templateID: UUID, name: String, notes: String? = nil, items: [TemplateItem]) {
        self.templateID = templateID
        self.name = name
        self.notes = notes
        self.items = items
    }

    public var streamID: String { StreamName.template(templateID) }
    /// Hands the event to the visitor's `visit` for TemplateCreated.
    public func accept<V: EventVisitor>(_ visitor: inout V, _ stored: EventMetadata) { visitor.visit(self, stored) }

    public func validate(into validator: inout Validator) {
        TemplateLimits.validate(name: name, notes: notes, items: items, into: &validator)
    }
}

/// A template was edited: its name, notes and items are replaced in full.
public struct TemplateUpdated: DomainEvent {
    public static let eventType = "TemplateUpdated"
    /// 2: a sets-of-reps item may carry a `weight` (see `TemplateUpdatedV1`).
    public static let schemaVersion: UInt16 = 2

    /// The template.
    public var templateID: UUID
    /// The new name, 1 to 100 characters after trimming.
    public var name: String
    /// The new notes, at most 500 characters; nil clears them.
    public var notes: String?
    /// The new items, in order, with positions 1 to n (1 to 99 items).
    public var items: [TemplateItem]

    /// A template's new content.
    public init(templateID: UUID, name: String, notes: String? = nil, items: [TemplateItem]) {
        self.templateID = templateID
        self.name = name
        self.notes = notes
        self.items = items
    }

    public var streamID: String { StreamName.template(templateID) }
    /// Hands the event to the visitor's `visit` for TemplateUpdated.
    public func accept<V: EventVisitor>(_ visitor: inout V, _ stored: EventMetadata) { visitor.visit(self, stored) }

    public func validate(into validator: inout Validator) {
        TemplateLimits.validate(name: name, notes: notes, items: items, into: &validator)
    }
}

/// A template was deleted; workouts started from it keep their exercises.
public struct TemplateDeleted: DomainEvent {
    public static let eventType = "TemplateDeleted"
    public static let schemaVersion: UInt16 = 1

    /// The template.
    public var templateID: UUID

    /// A deleted template.
    public init(templateID: UUID) {
        self.templateID = templateID
    }

    public var streamID: String { StreamName.template(templateID) }
    /// Hands the event to the visitor's `visit` for TemplateDeleted.
    public func accept<V: EventVisitor>(_ visitor: inout V, _ stored: EventMetadata) { visitor.visit(self, stored) }

    public func validate(into validator: inout Validator) {}
}
