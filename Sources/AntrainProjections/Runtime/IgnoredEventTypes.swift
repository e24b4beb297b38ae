import AntrainEvents

/// Which event types a read model ignores, learned during a replay, so that a projection
/// skips them without dispatching to an empty `visit`.
///
/// ```swift
/// var ignored = IgnoredEventTypes()
/// let kind = columns.kinds[index]
/// if ignored[kind] == nil {
///     DefaultVisitMark.clear()
///     columns.visit(at: index, with: &model)
///     ignored[kind] = DefaultVisitMark.isMarked(by: Model.self)
/// } else if ignored[kind] == false {
///     columns.visit(at: index, with: &model)
/// }
/// ```
///
/// Most read models care about a few of the catalogue's event types, and a replay hands each
/// of them every event: an empty `visit` still costs a call per event and model. Whether a
/// model's `visit` for a type is the empty default never changes, so one event of each type
/// tells (see ``DefaultVisitMark``). The answers are kept by the type's kind number in
/// ``EventColumns``, one slot per kind.
public struct IgnoredEventTypes: Sendable {
    /// Per kind: 0 unknown, 1 applied, 2 ignored.
    private var verdicts = [UInt8](repeating: 0, count: 256)

    /// Nothing learned yet.
    public init() {}

    /// Whether the model ignores events of the kind `kind` (see ``EventColumns/kinds``); nil
    /// until one was applied.
    public subscript(kind: UInt8) -> Bool? {
        @inline(__always) get {
            switch verdicts[Int(kind)] {
            case 1: return false
            case 2: return true
            default: return nil
            }
        }
        set { verdicts[Int(kind)] = newValue.map { $0 ? 2 : 1 } ?? 0 }
    }
}
