import Foundation

/// The event ids the writer holds in memory: those of the last events of the log that this
/// process appended or read, in offset order, each with its offset.
///
/// Bounded by the idempotency window: after each commit, ids that fell out of the last W
/// events are evicted from the front. The order (a queue of ids and offsets) is what makes
/// eviction, the undo of a failed block (from the back) and saving the ids appended since the
/// last save (a suffix) cheap; the queue's positions are also the numbers ``UUIDSlots`` finds
/// an id by, so each id is kept once, not again in a table of its own.
struct RecentEventIDs {
    private var slots = UUIDSlots()
    private var ids: [UUID] = []
    private var offsets: [UInt64] = []
    /// Index of the oldest entry still held: evicted entries before it are compacted away
    /// in bulk, so eviction costs O(1) per id.
    private var head = 0

    /// The number of ids held.
    var count: Int { ids.count - head }

    /// The offset stored for `id`, when it is held.
    subscript(id: UUID) -> UInt64? { find(id).number.map { offsets[$0] } }

    /// Adds the id of a record newer than every id held.
    mutating func append(_ id: UUID, offset: UInt64) {
        slots.reserve(count: slots.count + 1)
        let found = find(id)
        if found.number != nil {
            slots.renumber(found.slot, to: ids.count)
        } else {
            slots.occupy(found.slot, with: id, number: ids.count)
        }
        ids.append(id)
        offsets.append(offset)
    }

    /// Takes back the newest id (the undo of a block that could not be written).
    mutating func removeLast() {
        guard count > 0 else { return }
        forget(ids.count - 1)
        ids.removeLast()
        offsets.removeLast()
    }

    /// Forgets the ids stored before `start`.
    mutating func evict(before start: UInt64) {
        while head < ids.count, offsets[head] < start {
            forget(head)
            head += 1
        }
        if head > 4096, head * 2 > ids.count {
            ids.removeFirst(head)
            offsets.removeFirst(head)
            slots.lowerNumbers(by: head)
            head = 0
        }
    }

    /// Adds ids older than every id held (the persisted window, loaded once), in offset order.
    /// An id held already keeps its newer entry.
    mutating func prepend(_ older: [(id: UUID, offset: UInt64)]) {
        guard !older.isEmpty else { return }
        var merged = RecentEventIDs()
        for (id, offset) in older where self[id] == nil && merged[id] == nil { merged.append(id, offset: offset) }
        for index in head..<ids.count { merged.append(ids[index], offset: offsets[index]) }
        self = merged
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

    /// Where `id` is held, if it is.
    private func find(_ id: UUID) -> (slot: Int, number: Int?) {
        ids.withUnsafeBufferPointer { ids in slots.find(id) { ids[$0] } }
    }

    /// Forgets the id at queue position `index`, unless a newer entry of it is the one held.
    private mutating func forget(_ index: Int) {
        let found = find(ids[index])
        if found.number == index { slots.remove(at: found.slot) }
    }
}
