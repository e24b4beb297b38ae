import AntrainEvents

/// The event types a read model does not handle, by kind number: a fold skips them without
/// dispatching to an empty `visit`.
///
/// ```swift
/// let ignored = IgnoredEventTypes(handling: [SetLogged.self, WorkoutCompleted.self])
/// if !ignored[columns.kinds[index]] { columns.visit(at: index, with: &model) }
/// ```
///
/// Most read models care about a few of the catalogue's event types, and a replay hands each
/// of them every event: an empty `visit` still costs a call per event and model. The table
/// is made from the list a model declares (``KeyedReadModel/handledEvents``), one slot per
/// kind of `EventColumns`; the tests fold every model both ways, skipping and handed every
/// event, and compare the state, so a `visit` missing from the list fails them.
///
/// Public only because ``KeyedReadModel/fold(_:from:ignoring:)`` names it: the runtime makes
/// it and reads it, and a read model never needs to.
public struct IgnoredEventTypes: Sendable {
    /// Per kind: whether it is ignored.
    private var ignored = [Bool](repeating: true, count: 256)

    /// A table that ignores every type but `handled`.
    package init(handling handled: [any DomainEvent.Type]) {
        for type in handled { ignored[Int(EventColumns.kind(of: type))] = false }
    }

    /// Whether events of the kind `kind` (see ``EventColumns/kinds``) are skipped.
    package subscript(kind: UInt8) -> Bool {
        @inline(__always) get { ignored[Int(kind)] }
    }
}
