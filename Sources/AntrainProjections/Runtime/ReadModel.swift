import AntrainEvents

/// The state a projection folds from the log: a value that visits events in log order.
///
/// ```swift
/// struct SetCount: ReadModel {
///     static let name = "set-count"
///     static let version = 1
///     var sets = 0
///     init() {}
///     mutating func visit(_ event: SetLogged, _ stored: EventMetadata) { sets += 1 }
/// }
/// let projection = Projection<SetCount>()
/// ```
///
/// A read model must be deterministic: the same events in the same order give the same
/// value and the same checkpoint bytes, whether it was built in one run or caught up in
/// many. So it keeps no `Dictionary` or `Set` in its encoded state (their order changes from
/// one process to the next); it uses `OrderedDictionary` and `OrderedSet` from
/// swift-collections, or sorted arrays, and never reads the clock: "now" comes from events.
public protocol ReadModel: EventVisitor, Codable, Sendable {
    /// The name of its checkpoint file and of `rebuild NAME`: lower case, with dashes.
    static var name: String { get }
    /// Raised whenever `visit` logic or the encoded shape changes: a checkpoint written by
    /// another version is not used, and the model is rebuilt from the start.
    static var version: Int { get }
    /// The model before any event.
    init()
    /// Called after each batch of events: a model may defer work that one event at a time
    /// would repeat (a fold over many sets, say) to here. After it returns, the model must be
    /// exactly what applying the same events one by one, each followed by this call, gives:
    /// batches differ between a rebuild and a catch-up, the model must not.
    mutating func finishBatch()
    /// Called before each batch is folded, with the batch: a model may read ahead here the
    /// parts of its state the batch's events will touch (see ``UUIDMap/warm(toAdd:)``), so
    /// that their cache misses overlap instead of coming one event at a time. It must not
    /// change what the model is. The default does nothing.
    mutating func prepare(for events: EventColumns)
    /// Makes room, before a replay from the start of a log of `events` events, in the arrays
    /// that grow with the log.
    ///
    /// An array that doubles as it fills copies itself into fresh memory each time, which the
    /// kernel must fault in and clear, page by page: for read models of millions of sets
    /// that was the largest part of a rebuild's system time. Room reserved ahead is address
    /// space until it is written, so a model may reserve for every event an array that
    /// holds at most one entry per event (sets, say). `events` is already capped by the
    /// runner to what the machine's memory could hold. The default reserves nothing.
    mutating func reserveCapacity(forEvents events: Int)
    /// Applies the events of `events` from `start` on, in order, skipping the types `ignored`
    /// says the model ignores and learning the others. Implemented once, below: a requirement
    /// only so that every model gets a copy of the loop compiled for its own type (a
    /// projection reaches its model through a generic actor, where the loop would run
    /// unspecialized, and each visit would be a dynamic call).
    mutating func fold(_ events: EventColumns, from start: Int, ignoring ignored: inout IgnoredEventTypes)
}

extension ReadModel {
    /// Nothing deferred, by default.
    public mutating func finishBatch() {}

    /// No room reserved, by default.
    public mutating func reserveCapacity(forEvents events: Int) {}

    /// Nothing read ahead, by default.
    public mutating func prepare(for events: EventColumns) {}

    public mutating func fold(_ events: EventColumns, from start: Int, ignoring ignored: inout IgnoredEventTypes) {
        prepare(for: events)
        var index = start
        let count = events.count
        while index < count {
            let kind = events.kinds[index]
            switch ignored[kind] {
            case true?:
                break
            case false?:
                events.visit(at: index, with: &self)
            case nil:
                DefaultVisitMark.clear()
                events.visit(at: index, with: &self)
                ignored[kind] = DefaultVisitMark.isMarked(by: Self.self)
            }
            index += 1
        }
    }

    /// Applies stored events, then finishes the batch.
    public mutating func apply(_ events: some Sequence<StoredEvent>) {
        for stored in events { stored.event.accept(&self, stored) }
        finishBatch()
    }
}
