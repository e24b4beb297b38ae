/// One fact of an Antrain user's history, named in the past tense, stored in the log.
///
/// ```swift
/// struct BodyweightRecorded: DomainEvent {
///     static let eventType = "BodyweightRecorded"
///     static let schemaVersion: UInt16 = 2
///     var entryID: UUID
///     var weight: Mass
///     var streamID: String { StreamName.bodyweight }
///     func accept<V: EventVisitor>(_ visitor: inout V, _ stored: EventMetadata) { visitor.visit(self, stored) }
///     func validate(into validator: inout Validator) { validator.mass(weight, "weight", .above(0)) }
/// }
/// ```
///
/// `eventType` is written into every record and never changes. `schemaVersion` is the version
/// of the current shape; when the shape changes, the old one is kept as a frozen type and an
/// upcaster in ``AntrainMigrationPlan`` turns it into the new one.
public protocol DomainEvent: Codable, Sendable, Equatable, Validatable {
    /// The name stored in each record's type field.
    static var eventType: String { get }
    /// The version of the current shape, stored in each record.
    static var schemaVersion: UInt16 { get }
    /// The stream this event belongs to (see ``StreamName``).
    var streamID: String { get }
    /// Calls the visitor's `visit` method for this event's type (see ``EventVisitor``).
    func accept<V: EventVisitor>(_ visitor: inout V, _ stored: EventMetadata)
}

extension DomainEvent {
    /// Calls the visitor's `visit` method for this event's type, with the metadata of
    /// `stored`, the stored event that holds it.
    public func accept<V: EventVisitor>(_ visitor: inout V, _ stored: StoredEvent) {
        accept(&visitor, stored.metadata)
    }

    /// Throws an ``EventValidationError`` naming every field that is not allowed.
    public func validate() throws(EventValidationError) {
        var validator = Validator()
        validate(into: &validator)
        try validator.finish(eventType: Self.eventType)
    }

    /// The event type's name, from an instance.
    public var eventType: String { Self.eventType }
}

/// Compares two events of any types.
public func eventsEqual(_ lhs: any DomainEvent, _ rhs: any DomainEvent) -> Bool {
    func open<E: DomainEvent>(_ lhs: E) -> Bool { (rhs as? E).map { $0 == lhs } ?? false }
    return open(lhs)
}
