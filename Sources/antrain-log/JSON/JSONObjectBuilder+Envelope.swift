import AntrainEvents
import AntrainJSON

extension JSONObjectBuilder {
    /// Adds a member of the JSON event envelope, under its one spelling.
    mutating func add(_ key: EventEnvelopeKey, _ value: JSONValue) { add(key.rawValue, value) }

    /// Adds a member of the JSON event envelope only when `value` is non-nil.
    mutating func add(_ key: EventEnvelopeKey, ifPresent value: JSONValue?) { add(key.rawValue, ifPresent: value) }
}
