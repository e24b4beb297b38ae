@testable import AntrainEvents
@testable import AntrainLog
import Foundation
import Testing

@Suite("The event id table")
struct EventIDTableTests {
    @Test("agrees with a Dictionary through inserts, overwrites, removals and growth, the nil UUID included")
    func matchesDictionary() {
        var table = EventIDTable(capacity: 4)
        var reference: [UUID: UInt64] = [:]
        var generator = SystemRandomNumberGenerator()
        var ids: [UUID] = [UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))]
        // Sequential, hand-made ids probe the mixing, random ones the common case.
        ids += (1...500).map { number in UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, UInt8(number >> 8), UInt8(number & 0xFF))) }
        ids += (0..<3000).map { _ in UUID() }
        for step in 0..<20_000 {
            let id = ids[Int.random(in: 0..<ids.count, using: &generator)]
            if step % 5 == 4 {
                table[id] = nil
                reference[id] = nil
            } else {
                table[id] = UInt64(step)
                reference[id] = UInt64(step)
            }
        }
        #expect(table.count == reference.count)
        for id in ids { #expect(table[id] == reference[id]) }
        table._checkInvariants()
    }
}
