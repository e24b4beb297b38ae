import AntrainEvents
@testable import AntrainProjections
import AntrainTestSupport
import Foundation
import Testing

// Hand-worked weigh-ins asked through the keyed facade (the expectations are those the
// memory-image model met before it), checked on the log folded into a store in memory and on
// the log's own store caught up.

private func near(_ actual: Double?, _ expected: Double) -> Bool {
    guard let actual else { return false }
    return abs(actual - expected) < 1e-9
}

private func weighed(_ entry: Int, _ weight: Mass, _ at: String) -> BodyweightRecorded {
    BodyweightRecorded(entryID: .n(entry), weight: weight, recordedAt: .at(at))
}

/// Daily weights, once every entry is in: 03-01 82.6 kg (the evening entry), 03-02 180 lb
/// (81.6466266 kg), 03-04 81.5 kg, 03-09 80 kg; no entry on 03-03 or 03-05 to 03-08.
/// Two entries arrive late in the log, out of time order.
private func twoWeeks() async throws -> ScratchLog {
    let scratch = try await ScratchLog("bodyweight")
    try await scratch.record([
        weighed(1, .kilograms(82), "2026-03-01T07:00:00Z"),
        weighed(2, .kilograms(82.6), "2026-03-01T20:00:00Z"),
        weighed(3, .pounds(180), "2026-03-02T07:00:00Z"),
        weighed(5, .kilograms(80), "2026-03-09T07:00:00Z"),
    ])
    // The log's store caught up before the late entries: they come in a catch-up of their own.
    _ = try await scratch.caughtUp(Bodyweight.models)
    try await scratch.record([
        // Entered late: an earlier time of 03-02 (not that day's last) and the 03-04 weight.
        weighed(6, .kilograms(82), "2026-03-02T06:00:00Z"),
        weighed(4, .kilograms(81.5), "2026-03-04T07:00:00Z"),
    ])
    return scratch
}

/// The bodyweight answers of `scratch`: folded in memory, and the log's store caught up.
private func bodies(_ scratch: ScratchLog) async throws -> [Bodyweight] {
    try await scratch.stores(Bodyweight.models).map { Bodyweight($0, events: EventLookup(log: scratch.log)) }
}

@Suite("Bodyweight (keyed state)")
struct BodyweightStateTests {
    @Test("each day's weight is its last entry by measuring time, in the unit entered")
    func dailyWeights() async throws {
        // The log stays while the answers read the entries' ids back from it.
        let scratch = try await twoWeeks()
        defer { withExtendedLifetime(scratch) {} }
        for body in try await bodies(scratch) {
            let days = try body.dailyWeights(from: .on("2026-03-01"), through: .on("2026-03-09"))
            #expect(days.map(\.date) == [.on("2026-03-01"), .on("2026-03-02"), .on("2026-03-04"), .on("2026-03-09")])
            #expect(days.map(\.entryID) == [.n(2), .n(3), .n(4), .n(5)])
            #expect(days[1].weight == .pounds(180))
            // 180 lb × 0.45359237 kg/lb = 81.6466266 kg.
            #expect(near(days[1].kilograms, 81.6466266))
            #expect(try body.entries(from: .on("2026-03-02"), through: .on("2026-03-02")).map(\.entryID) == [.n(6), .n(3)])
            #expect(try body.latest()?.entryID == .n(5))
        }
    }

    @Test("the 7-day moving average means the days of the window that have a weight")
    func movingAverage() async throws {
        // The log stays while the answers read the entries' ids back from it.
        let scratch = try await twoWeeks()
        defer { withExtendedLifetime(scratch) {} }
        for body in try await bodies(scratch) {
            let averages = try body.movingAverages(from: .on("2026-03-07"), through: .on("2026-03-11"))
            #expect(averages.map(\.date) == (7...11).map { .on("2026-03-\(String(format: "%02d", $0))") })
            #expect(averages.map(\.daysCounted) == [3, 2, 2, 2, 1])
            // 03-07, window 03-01..03-07: (82.6 + 81.6466266 + 81.5) / 3 = 245.7466266 / 3.
            #expect(near(averages[0].kilograms, 245.7466266 / 3))
            // 03-08, window 03-02..03-08: (81.6466266 + 81.5) / 2 = 81.5733133.
            #expect(near(averages[1].kilograms, 81.5733133))
            // 03-09 and 03-10, windows from 03-03 and 03-04: (81.5 + 80) / 2 = 80.75.
            #expect(near(averages[2].kilograms, 80.75))
            #expect(near(averages[3].kilograms, 80.75))
            // 03-11, window 03-05..03-11: 80 alone.
            #expect(near(averages[4].kilograms, 80))
            #expect(near(try body.movingAverage(endingOn: .on("2026-03-08"))?.kilograms, 81.5733133))
            // A window without any entry has no average.
            #expect(try body.movingAverage(endingOn: .on("2026-02-20")) == nil)
            #expect(try body.movingAverages(from: .on("2026-03-16"), through: .on("2026-03-20")).isEmpty)
        }
    }

    @Test("change is the range's last daily weight minus its first, across kg and lb")
    func change() async throws {
        // The log stays while the answers read the entries' ids back from it.
        let scratch = try await twoWeeks()
        defer { withExtendedLifetime(scratch) {} }
        for body in try await bodies(scratch) {
            let whole = try #require(try body.change(from: .on("2026-03-01"), through: .on("2026-03-10")))
            // 80 − 82.6 = −2.6 kg.
            #expect(near(whole.kilograms, -2.6))
            #expect(whole.first.weight == .kilograms(82.6))
            #expect(whole.last.weight == .kilograms(80))
            // 03-02 to 03-04: 81.5 − 81.6466266 = −0.1466266 kg; the first weight stays in lb.
            let short = try #require(try body.change(from: .on("2026-03-02"), through: .on("2026-03-04")))
            #expect(near(short.kilograms, -0.1466266))
            #expect(short.first.weight == .pounds(180))
            #expect(near(short.pounds, -0.1466266 / 0.45359237))
            #expect(try body.change(from: .on("2026-03-05"), through: .on("2026-03-08")) == nil)
        }
    }

    @Test("every entry is kept; caught up a few events at a time, the state is the same bytes as folded in one go")
    func stepwiseReplay() async throws {
        // Catch-ups in steps must store exactly what one fold does.
        let scratch = try await twoWeeks()
        for body in try await bodies(scratch) {
            #expect(try body.entries(from: .on("2026-03-01"), through: .on("2026-03-09")).count == 6)
            #expect(try body.first()?.entryID == .n(1))
        }
        let (stepped, folded) = try await StateTesting.stepwiseAndFolded(Bodyweight.models, copying: scratch)
        #expect(stepped == folded)
    }

    @Test("a day's value reads back exactly what was written, in every form of weight and time, without ids")
    func valueRoundTrip() throws {
        let day = CalendarDay.on("2026-03-02")
        var value = BodyweightDay(day: day)
        let weighings: [(UInt64, Mass, String, String?)] = [
            (900, .kilograms(81.4), "2026-03-02T07:00:00Z", nil),            // tenths, a whole minute
            (40, .pounds(179.5), "2026-03-02T00:00:00Z", "entered late"),    // before the first, an offset before it
            (1_200, .kilograms(80.125), "2026-03-02T07:00:31Z", nil),        // thousandths, whole seconds
            (1_201, .pounds(1.0 / 3), "2026-03-02T07:00:31.25Z", nil),       // the double's bits, microseconds
            (5_000_000_000, .kilograms(0), "2026-03-02T23:59:59.999999Z", ""),  // a far offset, the day's last instant
            (1_202, .kilograms(-0.0), "2026-03-02T07:00:31.25Z", nil),       // the same instant: after, in log order
        ]
        for (offset, weight, at, notes) in weighings {
            value.insert(.init(offset: offset, weight: weight, recordedAt: .at(at), notes: notes, day: day))
        }
        #expect(value.entries.map(\.offset) == [40, 900, 1_200, 1_201, 1_202, 5_000_000_000])
        let bytes = value.encoded
        let read = try BodyweightDay.decoded(bytes, in: BodyweightProjection.days)
        #expect(read.encoded == bytes && read.day == day)
        #expect(read.entries == value.entries)
        #expect(read.entries[4].weight.value.sign == .minus)
        // The day's weight and count read alone, without the others.
        let head = try #require(try BodyweightDay.head(of: bytes, in: BodyweightProjection.days))
        #expect(head.last == value.entries.last && head.count == 6)
        #expect(try BodyweightDay.head(of: BodyweightDay(day: day).encoded, in: BodyweightProjection.days) == nil)
        #expect(throws: StateStoreError.self) { try BodyweightDay.head(of: Array(bytes.prefix(4)), in: BodyweightProjection.days) }
        // 81.4 kg: tenths, in two bytes; a minute after the day's start: one.
        var one = BodyweightDay(day: day)
        one.insert(.init(offset: 1, weight: .kilograms(81.4), recordedAt: .at("2026-03-02T00:01:00Z"), notes: nil, day: day))
        #expect(one.encoded.count == 3 + 1 + 2 + 1 + 1)  // day, the last's offset and notes bit, weight, time; no others
        #expect(try BodyweightDay.head(of: one.encoded, in: BodyweightProjection.days)?.count == 1)
    }
}
