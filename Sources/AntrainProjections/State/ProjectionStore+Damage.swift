import AntrainLog
import Foundation

/// Damaged state: set aside, rebuilt from the log, never answered from.
///
/// Every page of the state carries a checksum (``PageChecksums``), so a read of a damaged page
/// fails instead of answering. A catch-up that meets such a failure sets the file aside
/// (``StateBackend/setAside(_:)``) and rebuilds the state from the log on its next
/// attempt; a read after the catch-up (an answer's own reads) that meets one throws it, and
/// the caller does the same with ``setAside(damaged:logDirectory:)`` and asks again.
extension ProjectionStore {
    /// A state file set aside as damaged: where it went, and what was wrong.
    public struct SetAsideState: Sendable, CustomStringConvertible {
        /// The folder under `projections/damaged/` that holds the file now.
        public var folder: String
        /// What was found wrong with it.
        public var problem: String

        public var description: String { "\(problem); moved to \(folder)" }
    }

    private static let setAsideRecord = Locked<[SetAsideState]>([])

    /// The state files this process set aside since the last call, oldest first (the CLI
    /// reports them on standard error).
    public static func takeSetAside() -> [SetAsideState] {
        setAsideRecord.withLock { record in
            defer { record.removeAll() }
            return record
        }
    }

    /// Sets aside the damaged state `error` came from, in the log at `logDirectory`: the file
    /// it names, or the one in use when it names none (a value that does not decode). Returns
    /// the folder it went to; nil when that file is no longer in use (another process set it
    /// aside, or rebuilt the state, first). The next catch-up rebuilds the state.
    @discardableResult
    public static func setAside(damaged error: StateStoreError, logDirectory: String) throws -> String? {
        try SQLiteStateBackend(logDirectory: logDirectory).setAside(error)
    }

    /// Sets aside the damaged state `error` came from, in this store's backend.
    @discardableResult
    public func setAside(damaged error: StateStoreError) throws -> String? {
        try backend.setAside(error)
    }

    /// Notes a state set aside, for ``takeSetAside()``.
    static func recordSetAside(_ state: SetAsideState) {
        setAsideRecord.withLock { $0.append(state) }
    }
}
