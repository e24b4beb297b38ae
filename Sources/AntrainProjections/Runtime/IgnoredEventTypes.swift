import AntrainEvents

/// Which event types a read model ignores, learned during a replay, so that a projection
/// skips them without dispatching to an empty `visit`.
///
/// ```swift
/// var ignored = IgnoredEventTypes()
/// let type = ObjectIdentifier(type(of: stored.event))
/// if ignored[type] == nil {
///     DefaultVisitMark.clear()
///     stored.event.accept(&model, stored)
///     ignored[type] = DefaultVisitMark.isMarked(by: Model.self)
/// } else if ignored[type] == false {
///     stored.event.accept(&model, stored)
/// }
/// ```
///
/// Most read models care about a few of the catalogue's event types, and a replay hands each
/// of them every event: an empty `visit` still costs two dynamic dispatches per event and
/// model. Whether a model's `visit` for a type is the empty default never changes, so one
/// event of each type tells (see ``DefaultVisitMark``). A table of 64 slots keyed by the
/// type's metadata pointer holds the answers: there are fewer than 64 event types.
public struct IgnoredEventTypes: Sendable {
    private static let capacity = 64
    /// The types' identifiers as integers; 0 is an empty slot.
    private var keys = [UInt](repeating: 0, count: capacity)
    private var verdicts = [Bool](repeating: false, count: capacity)
    private var count = 0

    /// Nothing learned yet.
    public init() {}

    /// Whether the model ignores events of `type`; nil until one was applied. Once the table
    /// is full (never, with today's catalogue), new types stay unknown and are always applied.
    public subscript(type: ObjectIdentifier) -> Bool? {
        get {
            let key = UInt(bitPattern: type)
            var slot = Self.slot(key)
            while keys[slot] != 0 {
                if keys[slot] == key { return verdicts[slot] }
                slot = (slot + 1) & (Self.capacity - 1)
            }
            return nil
        }
        set {
            guard let newValue, count < Self.capacity / 2 else { return }
            let key = UInt(bitPattern: type)
            var slot = Self.slot(key)
            while keys[slot] != 0 && keys[slot] != key { slot = (slot + 1) & (Self.capacity - 1) }
            if keys[slot] == 0 { count += 1 }
            keys[slot] = key
            verdicts[slot] = newValue
        }
    }

    @inline(__always)
    private static func slot(_ key: UInt) -> Int {
        Int(truncatingIfNeeded: (UInt64(key) &* 0x9E37_79B9_7F4A_7C15) >> 58)
    }
}
