@testable import AntrainEvents
@testable import AntrainLog
import Foundation
import Testing

/// ``UUIDSlots``, the one UUID hash table core, driven as the collections built on it drive
/// it, with its invariants checked as it goes.
@Suite("The UUID hash table core")
struct UUIDSlotsTests {
    /// A dense list of UUIDs numbered by ``UUIDSlots``, with removal by swapping in the last.
    struct DenseSet {
        var ids: [UUID] = []
        var slots = UUIDSlots()

        func number(of id: UUID) -> Int? { slots.find(id) { ids[$0] }.number }

        mutating func insert(_ id: UUID) {
            slots.reserve(count: ids.count + 1)
            let found = slots.find(id) { ids[$0] }
            guard found.number == nil else { return }
            slots.occupy(found.slot, with: id, number: ids.count)
            ids.append(id)
        }

        mutating func remove(_ id: UUID) {
            guard case let (slot, number?) = slots.find(id, { ids[$0] }) else { return }
            slots.remove(at: slot)
            if number != ids.count - 1 {
                slots.renumber(slots.find(ids[ids.count - 1]) { ids[$0] }.slot, to: number)
                ids[number] = ids[ids.count - 1]
            }
            ids.removeLast()
        }

        mutating func removeFirst(_ dropped: Int) {
            for id in ids.prefix(dropped) { slots.remove(at: slots.find(id) { ids[$0] }.slot) }
            ids.removeFirst(dropped)
            slots.lowerNumbers(by: dropped)
        }

        func check() { slots._checkInvariants(count: ids.count) { ids[$0] } }
    }

    @Test("Inserts, removals and growth agree with a Set, and every entry stays reachable")
    func agreesWithSet() {
        var generator = SystemRandomNumberGenerator()
        // Few distinct ids, many steps: long probe runs, removals in the middle of them.
        let pool: [UUID] = (0..<2_000).map { (number: Int) -> UUID in
            guard number % 3 == 0 else { return UUID() }
            let high = UInt8(number >> 8), low = UInt8(number & 0xFF)
            return UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, high, low))
        }
        var set = DenseSet()
        var reference = Set<UUID>()
        for step in 0..<30_000 {
            let id = pool[Int.random(in: 0..<pool.count, using: &generator)]
            if step % 3 == 2 {
                set.remove(id)
                reference.remove(id)
            } else {
                set.insert(id)
                reference.insert(id)
            }
            if step % 1_000 == 0 { set.check() }
        }
        set.check()
        #expect(Set(set.ids) == reference && set.ids.count == reference.count)
        for id in pool { #expect((set.number(of: id) != nil) == reference.contains(id)) }
    }

    @Test("Dropping a prefix lowers the numbers of the rest")
    func droppingAPrefix() {
        var set = DenseSet()
        let ids = (0..<5_000).map { _ in UUID() }
        for id in ids { set.insert(id) }
        set.removeFirst(1_234)
        set.check()
        #expect(set.number(of: ids[1_234]) == 0 && set.number(of: ids[4_999]) == 3_765)
        #expect(set.number(of: ids[0]) == nil && set.number(of: ids[1_233]) == nil)
    }

    @Test("The nil UUID is an ordinary key")
    func nilUUID() {
        var set = DenseSet()
        let zero = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
        set.insert(zero)
        #expect(set.number(of: zero) == 0)
        set.remove(zero)
        #expect(set.number(of: zero) == nil && set.ids.isEmpty)
        set.check()
    }
}
