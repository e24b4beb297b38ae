import AntrainEvents
import AntrainLog

/// A read model whose state is split by the keys its events touch, each keyspace a table of
/// the store: a fold loads the keys a batch touches, changes them, and writes back only those.
///
/// ```swift
/// struct Weigh: KeyedReadModel {
///     static let name = "weigh-ins"
///     static let version = 1
///     static let keyspaces = [days]
///     static let handledEvents: [any DomainEvent.Type] = [BodyweightRecorded.self]
///     static let days = StateKeyspace(projection: name, name: "days")
///     var byDay: KeyedTable<DayWeights>
///     init(context: FoldContext) { byDay = KeyedTable(Self.days, context: context) }
///     mutating func visit(_ event: BodyweightRecorded, _ stored: EventMetadata) {
///         let slot = byDay.slot(of: event.recordedAt.day) { DayWeights() }
///         byDay[slot].kilograms.append(event.weight.kilograms)
///     }
///     mutating func takeChanges(into changes: inout [StateChange], evictingColdBefore cold: UInt32?) {
///         byDay.takeChanges(into: &changes, evictingColdBefore: cold)
///     }
///     var residentBytes: Int { byDay.residentBytes }
/// }
/// ```
///
/// The same fold serves every path: a rebuild (keys made in memory and written in bulk), a
/// catch-up on top of the store (keys loaded as events need them) and time travel (into a
/// store in memory). So a model must be deterministic whatever the batches: the same events
/// give the same bytes, in one batch or in many, and it never reads the clock.
package protocol KeyedReadModel: EventVisitor, SendableMetatype {
    /// Its name: the prefix of its tables and the argument of `rebuild NAME`; lower case, dashes.
    static var name: String { get }
    /// Raised whenever its logic or the form of its values changes: a store written by another
    /// version is rebuilt.
    static var version: Int { get }
    /// Every keyspace it keeps.
    static var keyspaces: [StateKeyspace] { get }
    /// The event types it has a `visit` method for: a fold hands it only those (see
    /// ``IgnoredEventTypes``). A `visit` left out of the list is never called.
    static var handledEvents: [any DomainEvent.Type] { get }
    /// A model holding no keys yet, loading them through `context` as events need them.
    init(context: FoldContext)
    /// Called after each batch, for work a batch may defer; the result must not depend on
    /// where batches end.
    mutating func finishBatch()
    /// Hands over the changes of every table (see ``KeyedTable/takeChanges(into:evictingColdBefore:)``).
    mutating func takeChanges(into changes: inout [StateChange], evictingColdBefore coldBefore: UInt32?)
    /// About how much memory its tables hold.
    var residentBytes: Int { get }
    /// Applies the events of `events` from `start` on, skipping the types `ignored` names
    /// (implemented once, below; a requirement so that each model gets a copy of the loop
    /// specialised for it).
    mutating func fold(_ events: EventColumns, from start: Int, ignoring ignored: IgnoredEventTypes)
}

extension KeyedReadModel {
    /// Nothing deferred, by default.
    package mutating func finishBatch() {}

    package mutating func fold(_ events: EventColumns, from start: Int, ignoring ignored: IgnoredEventTypes) {
        var index = start
        let count = events.count
        while index < count {
            if !ignored[events.kinds[index]] { events.visit(at: index, with: &self) }
            index += 1
        }
    }

    /// A host folding into a new model of this type.
    static func makeHost(context: FoldContext, position: LogPosition) -> any FoldHosting {
        FoldHost<Self>(context: context, position: position)
    }
}
