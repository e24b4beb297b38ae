/// An event shape that is no longer current, kept frozen so that records written with it
/// stay readable forever. Never change a frozen type: add a newer one instead.
public protocol FrozenEvent: Codable, Sendable {
    /// The event type's name, the same for every version.
    static var eventType: String { get }
    /// The schema version this shape was stored with.
    static var schemaVersion: UInt16 { get }
}

/// One step in an event type's history: turns the shape stored at `fromVersion` into the
/// shape of the next version (another frozen type, or the current ``DomainEvent``).
public struct Upcaster: Sendable {
    /// The event type.
    public let eventType: String
    /// The version this step reads.
    public let fromVersion: UInt16
    /// Decodes the frozen shape from a payload.
    let decode: @Sendable (UnsafeRawBufferPointer) throws(CodecError) -> any Sendable
    /// Decodes the frozen shape from its JSON form (an export of an earlier build).
    let decodeFrom: @Sendable (any Decoder) throws -> any Sendable
    /// Turns a value of this step's shape into the next version's shape.
    let upcast: @Sendable (any Sendable) -> any Sendable

    /// A step from `Old` to `New`, which must be the same event type one version later.
    public init<Old: FrozenEvent, New: Sendable>(_: Old.Type, to _: New.Type, _ transform: @escaping @Sendable (Old) -> New) {
        eventType = Old.eventType
        fromVersion = Old.schemaVersion
        decode = { raw throws(CodecError) in try BinaryEventDecoder.decode(Old.self, from: raw) }
        decodeFrom = { decoder in try Old(from: decoder) }
        upcast = { value in
            // The catalog chains steps by (type, version), so the value is always an `Old`.
            guard let old = value as? Old else { preconditionFailure("upcaster for \(Old.self) was given \(type(of: value))") }
            return transform(old)
        }
    }
}

/// Every upcaster of every event type, in the spirit of SwiftData's `SchemaMigrationPlan`:
/// one place that says how each old shape becomes the current one.
///
/// ```swift
/// let plan = EventMigrationPlan([
///     Upcaster(SetLoggedV1.self, to: SetLogged.self) { SetLogged(upcasting: $0) },
/// ])
/// ```
///
/// Reading a record stored at version `v` of a type whose current version is `c` decodes the
/// frozen shape of `v` and applies the steps `v → v+1 → … → c`.
public struct EventMigrationPlan: Sendable {
    /// The steps, in any order.
    public let upcasters: [Upcaster]

    /// A plan made of `upcasters`.
    public init(_ upcasters: [Upcaster]) {
        self.upcasters = upcasters
    }

    /// The step reading `version` of `eventType`, if there is one.
    func step(_ eventType: String, from version: UInt16) -> Upcaster? {
        upcasters.first { $0.eventType == eventType && $0.fromVersion == version }
    }
}

extension Upcaster {
    /// The steps from one stored version to the current one.
    struct Chain: Sendable {
        let first: Upcaster
        let steps: [Upcaster]

        func run<E: DomainEvent>(_ raw: UnsafeRawBufferPointer, to _: E.Type) throws(CodecError) -> any DomainEvent {
            upcast(try first.decode(raw), to: E.self)
        }

        /// The same steps from the old shape's JSON form.
        func run<E: DomainEvent>(from decoder: any Decoder, to _: E.Type) throws -> any DomainEvent {
            upcast(try first.decodeFrom(decoder), to: E.self)
        }

        private func upcast<E: DomainEvent>(_ old: any Sendable, to _: E.Type) -> any DomainEvent {
            var value = old
            for step in steps { value = step.upcast(value) }
            guard let event = value as? E else { preconditionFailure("the upcasters of \(E.eventType) end in \(type(of: value))") }
            return event
        }
    }
}
