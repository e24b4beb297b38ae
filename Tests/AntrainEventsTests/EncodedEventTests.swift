import AntrainEvents
import AntrainLog
import AntrainTestSupport
import Foundation
import Testing

/// The one way to check and encode events ahead of an append (`NewEvent.encoded`,
/// `RecordLimits`): what it gives is what the append stores, and what it refuses the append
/// refuses in the same words.
@Suite("Encoding and checking events ahead of the append")
struct EncodedEventTests {
    /// A new log in a directory of its own, closed after `body`.
    private func withLog(_ body: (EventLog) async throws -> Void) async throws {
        let directory = TemporaryDirectory("encoded")
        let log = try await reopenForWriting(directory.path, options: LogOptions(durability: .none))
        try await body(log)
        try await log.close()
    }

    @Test("encoded events are the records the log stores, and appending them is a retry of the same events")
    func encodedIsWhatIsStored() async throws {
        try await withLog { log in
            let workout = UUID()
            let events = [NewEvent(WorkoutRPERecorded(workoutID: workout, rpe: 8), correlationID: UUID()),
                          NewEvent(WorkoutRPERecorded(workoutID: workout, rpe: 9))]
            let (stream, records) = try NewEvent.encoded(events)
            #expect(stream == events[0].event.streamID && records.map(\.id) == events.map(\.id))
            try await log.append(events)
            let stored = try await log.allRecords()
            #expect(stored.map(\.eventType) == records.map(\.type))
            #expect(stored.map(\.payload) == records.map(\.payload))
            #expect(stored.map(\.correlationID) == records.map(\.correlationID))
            #expect(try await log.append(records, to: stream).wasAlreadyStored)
        }
    }

    @Test("an invalid event, or events of two streams, are refused as the append refuses them")
    func refusedAlike() async throws {
        try await withLog { log in
            let valid = NewEvent(WorkoutRPERecorded(workoutID: UUID(), rpe: 8))
            let invalid = NewEvent(WorkoutRPERecorded(workoutID: UUID(), rpe: 11))
            let ahead = #expect(throws: EventValidationError.self) { try NewEvent.encoded([invalid]) }
            let appended = await #expect(throws: EventValidationError.self) { try await log.append([invalid]) }
            #expect(ahead == appended && ahead?.eventIndex == 0 && ahead?.fields == ["rpe"])
            let twoStreams = [valid, NewEvent(WorkoutRPERecorded(workoutID: UUID(), rpe: 8))]
            let mixedAhead = #expect(throws: LogError.self) { try NewEvent.encoded(twoStreams) }
            let mixedAppended = await #expect(throws: LogError.self) { try await log.append(twoStreams) }
            #expect(mixedAhead == mixedAppended)
            let stored = try await log.allRecords()
            #expect(stored.isEmpty)
        }
    }

    @Test("RecordLimits refuses what the append refuses, naming the size and what is allowed")
    func limitsAreTheAppendsChecks() async throws {
        let longName = String(repeating: "x", count: RecordLimits.maxStreamIDBytes + 1)
        #expect(RecordLimits.problem(streamID: longName) == "is 256 UTF-8 bytes; allowed: 1 to 255")
        #expect(RecordLimits.problem(streamID: "w") == nil && RecordLimits.problem(eventType: "T") == nil)
        #expect(RecordLimits.problem(payloadBytes: RecordLimits.maxPayloadBytes + 1) == "is 16777217 bytes; allowed: at most 16777216")
        #expect(RecordLimits.problem(recordedAt: Date(timeIntervalSince1970: .infinity)) != nil)
        let cases: [([ProposedEvent], String)] = [
            ([Sample.event(0)], longName),
            ([ProposedEvent(type: longName, payload: [])], "w"),
            ([ProposedEvent(type: "T", payload: [], recordedAt: Date(timeIntervalSince1970: -1e13))], "w"),
        ]
        try await withLog { log in
            for (events, stream) in cases {
                let ahead = #expect(throws: LogError.self) { try RecordLimits.check(events, stream: stream) }
                let appended = await #expect(throws: LogError.self) { try await log.append(events, to: stream) }
                #expect(ahead == appended && ahead != nil)
            }
            let stored = try await log.allRecords()
            #expect(stored.isEmpty)
        }
    }
}
