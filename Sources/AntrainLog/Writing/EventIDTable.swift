import Foundation

/// Where each event id is stored: a map from UUID to offset on ``UUIDSlots``, the project's
/// one UUID hash table.
///
/// ```swift
/// var table = EventIDTable()
/// table[eventID] = offset     // held
/// table[eventID]              // offset
/// table[eventID] = nil        // forgotten
/// ```
///
/// The writer looks up every appended id (to make retries safe) and holds those of its
/// idempotency window (``RecentEventIDs``), hundreds of thousands after a bulk import: a
/// `Dictionary<UUID, UInt64>` would run SipHash for each. Entries sit densely in two arrays;
/// removing one moves the last entry into its place, so that no array has holes.
struct EventIDTable {
    /// The ids it holds, in the order they came (an id removed gives its place to the last).
    private(set) var ids: [UUID] = []
    private var offsets: [UInt64] = []
    private var table = UUIDSlots()

    /// A table sized for `capacity` ids without growing.
    init(capacity: Int = 1024) {
        table.reserve(count: capacity)
        ids.reserveCapacity(capacity)
        offsets.reserveCapacity(capacity)
    }

    /// How many ids it holds.
    var count: Int { ids.count }

    /// The offset stored for `id`; setting nil removes it.
    subscript(id: UUID) -> UInt64? {
        get { find(id).number.map { offsets[$0] } }
        set {
            if let newValue { insert(id, newValue) } else { remove(id) }
        }
    }

    private func find(_ id: UUID) -> (slot: Int, number: Int?) {
        ids.withUnsafeBufferPointer { ids in table.find(id) { ids[$0] } }
    }

    private mutating func insert(_ id: UUID, _ offset: UInt64) {
        table.reserve(count: ids.count + 1)
        let found = find(id)
        if let number = found.number {
            offsets[number] = offset
            return
        }
        table.occupy(found.slot, with: id, number: ids.count)
        ids.append(id)
        offsets.append(offset)
    }

    private mutating func remove(_ id: UUID) {
        guard case let (slot, number?) = find(id) else { return }
        table.remove(at: slot)
        let last = ids.count - 1
        if number != last {
            // The last entry takes the hole, and its slot its new number.
            let moved = find(ids[last])
            table.renumber(moved.slot, to: number)
            ids[number] = ids[last]
            offsets[number] = offsets[last]
        }
        ids.removeLast()
        offsets.removeLast()
    }

    /// Checks the table against its ids (see ``UUIDSlots/_checkInvariants(count:_:)``).
    func _checkInvariants() {
        precondition(ids.count == offsets.count, "\(ids.count) ids for \(offsets.count) offsets")
        table._checkInvariants(count: ids.count) { ids[$0] }
    }
}
