import AntrainEvents
@testable import AntrainProjections
import Foundation
import Testing

@Suite("KeyedLog")
struct KeyedLogTests {
    /// 500 records under ids 0 to 499, then ids 7 and 300 again, and id 1,000 once.
    private static func sample() -> KeyedLog<Int> {
        var log = KeyedLog<Int>()
        for number in 0..<500 { log.append(.n(number), number) }
        log.append(.n(7), 1007)
        log.append(.n(300), 1300)
        log.append(.n(1000), 2000)
        return log
    }

    @Test("the latest record of an id is found near the end and far back alike")
    func latest() {
        var log = Self.sample()
        #expect(log.latest(of: .n(1000)) == 502) // within the window
        #expect(log.latest(of: .n(7)) == 500)
        #expect(log.latest(of: .n(3)) == 3) // far back: through the table
        #expect(log.latest(of: .n(499)) == 499)
        #expect(log.latest(of: .n(5000)) == nil)
        // Ids added after the table was built are found too, through it or the window.
        for number in 2000..<2100 { log.append(.n(number), number) }
        #expect(log.latest(of: .n(2001)) == 504)
        #expect(log.latest(of: .n(300)) == 501)
        var empty = KeyedLog<Int>()
        #expect(empty.latest(of: .n(1)) == nil)
    }

    @Test("survivors: each id's latest record at the place of its first; nil when no id repeats")
    func survivors() {
        let log = Self.sample()
        guard let order = log.survivors() else {
            Issue.record("ids 7 and 300 repeat")
            return
        }
        #expect(order.count == 501)
        #expect(order[7] == 500 && order[300] == 501 && order[500] == 502)
        #expect(order.map { log.records[$0] }.prefix(8) == [0, 1, 2, 3, 4, 5, 6, 1007])
        #expect(log.latestNumbers()?[7] == 500)
        #expect(log.latestNumbers()?[500] == 500)
        var unique = KeyedLog<Int>()
        for number in 0..<300 { unique.append(.n(number), number) }
        #expect(unique.survivors() == nil && unique.latestNumbers() == nil)
        // A lookup that built the table does not hide a repeat from survivors.
        var repeated = unique
        repeated.append(.n(4), 4)
        _ = repeated.latest(of: .n(1))
        #expect(repeated.survivors()?.count == 300)
    }

    @Test("it encodes as its ids and records in order, and decodes to the same")
    func codable() throws {
        let log = Self.sample()
        let bytes = try BinaryEventEncoder.encode(log)
        var decoded = try BinaryEventDecoder.decode(KeyedLog<Int>.self, from: bytes)
        #expect(decoded == log)
        #expect(decoded.latest(of: .n(300)) == 501)
    }
}
