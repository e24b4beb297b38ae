import AntrainEvents
import AntrainLog

/// Whether a projection's stored state can be used on the log as it is now.
enum StoredStateCheck: Equatable {
    /// It reflects the whole log.
    case current
    /// It reflects the log up to its position: fold what came after.
    case behind(LogPosition)
    /// It cannot be used; the reason, in words.
    case rebuild(reason: String)

    /// Checks `stored` for `model` against `log`, whose end is `end`.
    ///
    /// A position is trusted only when it was written by the model's current version and sits
    /// on this very log: the commit ending exactly at its offset has the chain hash it
    /// recorded, which (each commit's hash covering the one before) proves the first `offset`
    /// events are the ones the state was built from. A replaced, cut or rewritten log fails it.
    ///
    /// `positions` remembers the log's position read for each offset (nil: no commit ends
    /// there), so that the models of one store caught up together, whose positions are usually
    /// the same, read the log there once rather than once per model.
    static func check(_ stored: StoredPosition?, of model: any KeyedReadModel.Type, tablesExist: Bool,
                      log: any LogReader, end: (nextOffset: UInt64, chainHead: ChainHash),
                      positions: inout [UInt64: LogPosition?]) throws -> StoredStateCheck {
        guard let stored else { return .rebuild(reason: "it has no stored state yet") }
        guard stored.version == model.version else {
            return .rebuild(reason: "its state was written by version \(stored.version) of the projection; this is version \(model.version)")
        }
        guard tablesExist else { return .rebuild(reason: "some of its tables are missing") }
        let offset = stored.position.offset
        if offset == 0 {
            return stored.position.chainHash == .zero ? (end.nextOffset == 0 ? .current : .behind(.start))
                : .rebuild(reason: "its state at offset 0 names a chain hash")
        }
        guard offset <= end.nextOffset else {
            return .rebuild(reason: "its state reflects \(offset) events but the log holds \(end.nextOffset): the log was replaced or cut")
        }
        if offset == end.nextOffset, stored.position.chainHash == end.chainHead { return .current }
        let onLog: LogPosition?
        if let read = positions[offset] {
            onLog = read
        } else {
            onLog = try log.position(endingAt: offset)
            positions[offset] = .some(onLog)
        }
        guard let onLog else {
            return .rebuild(reason: "the log has no commit ending at offset \(offset): the log was replaced")
        }
        guard onLog.chainHash == stored.position.chainHash else {
            return .rebuild(reason: "the log's commit ending at offset \(offset) is not the one its state was built on "
                + "(chain hash differs): the log was replaced")
        }
        return offset == end.nextOffset ? .current : .behind(stored.position)
    }
}
