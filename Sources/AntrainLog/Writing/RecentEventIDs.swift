import Foundation

/// The event ids the writer holds in memory: those of the last events of the log that this
/// process appended or read, in offset order, each with its offset.
///
/// Bounded by the idempotency window: after each commit, ids that fell out of the last W
/// events are evicted from the front. The order (a queue of ids and offsets beside the hash
/// table) is what makes eviction, the undo of a failed block (from the back) and saving the
/// ids appended since the last save (a suffix) cheap.
struct RecentEventIDs {
    private var table = EventIDTable()
    private var ids: [UUID] = []
    private var offsets: [UInt64] = []
    /// Index of the oldest entry still held: evicted entries before it are compacted away
    /// in bulk, so eviction costs O(1) per id.
    private var head = 0

    /// The number of ids held.
    var count: Int { ids.count - head }

    /// The offset stored for `id`, when it is held.
    subscript(id: UUID) -> UInt64? { table[id] }

    /// Adds the id of a record newer than every id held.
    mutating func append(_ id: UUID, offset: UInt64) {
        table[id] = offset
        ids.append(id)
        offsets.append(offset)
    }

    /// Takes back the newest id (the undo of a block that could not be written).
    mutating func removeLast() {
        guard count > 0 else { return }
        let id = ids.removeLast()
        let offset = offsets.removeLast()
        if table[id] == offset { table[id] = nil }
    }

    /// Forgets the ids stored before `start`.
    mutating func evict(before start: UInt64) {
        while head < ids.count, offsets[head] < start {
            // An id may be held once only (a second append of it is refused while the first
            // is held), but check anyway: never remove a newer entry of the same id.
            if table[ids[head]] == offsets[head] { table[ids[head]] = nil }
            head += 1
        }
        if head > 4096, head * 2 > ids.count {
            ids.removeFirst(head)
            offsets.removeFirst(head)
            head = 0
        }
    }

    /// Adds ids older than every id held (the persisted window, loaded once), in offset order.
    /// An id held already keeps its newer entry.
    mutating func prepend(_ older: [(id: UUID, offset: UInt64)]) {
        guard !older.isEmpty else { return }
        var newIDs: [UUID] = []
        var newOffsets: [UInt64] = []
        newIDs.reserveCapacity(older.count + count)
        newOffsets.reserveCapacity(older.count + count)
        for (id, offset) in older where table[id] == nil {
            table[id] = offset
            newIDs.append(id)
            newOffsets.append(offset)
        }
        newIDs.append(contentsOf: ids[head...])
        newOffsets.append(contentsOf: offsets[head...])
        ids = newIDs
        offsets = newOffsets
        head = 0
    }

    /// The ids stored at `start` or later, oldest first.
    func entries(from start: UInt64) -> [(id: UUID, offset: UInt64)] {
        // Binary search: the ids appended since the last save are a suffix.
        var low = head, high = ids.count
        while low < high {
            let middle = (low + high) / 2
            if offsets[middle] < start { low = middle + 1 } else { high = middle }
        }
        return (low..<ids.count).map { (ids[$0], offsets[$0]) }
    }
}
