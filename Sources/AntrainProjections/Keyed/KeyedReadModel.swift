import AntrainEvents
import AntrainLog

/// A read model whose state is split by the keys its events touch, each keyspace a table of
/// the store: a fold loads the keys a batch touches, changes them, and writes back only those.
///
/// ```swift
/// struct WeeklyWeighIns: KeyedReadModel {
///     static let name = "weekly-weigh-ins"
///     static let version = 1
///     static let weeks = StateKeyspace(projection: name, name: "weeks")
///     static let keyspaces = [weeks]
///     static let handledEvents: [any DomainEvent.Type] = [BodyweightRecorded.self]
///     private var weeks: KeyedTable<WeighInWeek>                 // WeighInWeek: a KeyedValue
///     init(context: FoldContext) { weeks = KeyedTable(Self.weeks, context: context) }
///     mutating func visit(_ event: BodyweightRecorded, _ stored: EventMetadata) {
///         let monday = WeighInWeek.monday(of: event.day)
///         let slot = weeks.slot(of: monday) { WeighInWeek(monday: monday) }
///         weeks[slot].add(event.weight)
///     }
///     mutating func takeChanges(into changes: inout [StateChange], evictingColdBefore coldBefore: UInt32?) {
///         weeks.takeChanges(into: &changes, evictingColdBefore: coldBefore)
///     }
///     var residentBytes: Int { weeks.residentBytes }
/// }
/// ```
///
/// docs/PROJECTIONS.md, "Adding a read model", works this example through: its value, its
/// queries, keeping it in a store (`ProjectionStore(logDirectory:readModels:)` given the
/// model's type), and when to raise its version.
///
/// The same fold serves every path: a rebuild (keys made in memory and written in bulk), a
/// catch-up on top of the store (keys loaded as events need them) and time travel (into a
/// store in memory). So a model must be deterministic whatever the batches: the same events
/// give the same bytes, in one batch or in many, and it never reads the clock.
public protocol KeyedReadModel: EventVisitor, SendableMetatype {
    /// Its name: the prefix of its tables, its row of stored positions, and what
    /// ``ProjectionStore/rebuild(_:names:progress:)`` names it by. Lower-case letters and
    /// digits, words joined by dashes (`weekly-weigh-ins`), starting with a letter.
    static var name: String { get }
    /// Raised whenever its logic or the form of its values changes: a store written by another
    /// version is rebuilt.
    static var version: Int { get }
    /// Every keyspace it keeps, each of them named for this model (`StateKeyspace(projection: name, …)`).
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
    /// Applies the events of `events` from `start` on, skipping the types `ignored` names.
    ///
    /// Implemented once, below: a model does not implement it. It is a requirement, rather than
    /// only a method of the extension, so that each conformance's witness is a copy of the loop
    /// specialised for its model, calling the model's `visit`s directly; called through a
    /// generic extension method, every event of a replay paid a call through the witness
    /// table. Being a requirement of a public protocol it is public too; nothing outside the
    /// runtime calls it.
    mutating func fold(_ events: EventColumns, from start: Int, ignoring ignored: IgnoredEventTypes)
}

extension KeyedReadModel {
    /// Nothing deferred, by default.
    public mutating func finishBatch() {}

    /// The fold loop: each event from `start` on whose type the model handles, handed to its `visit`.
    public mutating func fold(_ events: EventColumns, from start: Int, ignoring ignored: IgnoredEventTypes) {
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
