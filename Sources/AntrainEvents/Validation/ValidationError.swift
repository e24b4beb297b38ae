/// One field that failed validation: which field, the value given and what is allowed.
public struct ValidationIssue: Sendable, Equatable, CustomStringConvertible {
    /// The field's path in the event, such as `reps` or `items[2].durationSeconds`.
    public var field: String
    /// The value given, as text.
    public var value: String
    /// What the field allows, in words.
    public var allowed: String

    /// An issue with `field`.
    public init(field: String, value: String, allowed: String) {
        self.field = field
        self.value = value
        self.allowed = allowed
    }

    public var description: String { "\(field) is \(value); allowed: \(allowed)" }
}

/// An event that cannot be appended as it stands, with every problem found in it.
public struct EventValidationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The event type's name.
    public var eventType: String
    /// Every problem, in field order; never empty.
    public var issues: [ValidationIssue]
    /// Which event of an append, when it held several.
    public var eventIndex: Int?

    /// A validation error for an event of `eventType`.
    public init(eventType: String, issues: [ValidationIssue]) {
        self.eventType = eventType
        self.issues = issues
    }

    public var description: String {
        let subject = eventIndex.map { "event \($0) of the append (\(eventType))" } ?? eventType
        return subject + " is invalid: " + issues.map(\.description).joined(separator: "; ")
    }

    /// The fields that failed, for tests and callers that react per field.
    public var fields: [String] { issues.map(\.field) }
}

/// A value with fields to check: events and the structured values inside them.
public protocol Validatable {
    /// Records every problem with this value's fields in `validator`.
    func validate(into validator: inout Validator)
}
