import AntrainEvents
import AntrainLog
import Foundation
import SystemPackage

/// `write`: the process that kill -9 tests kill.
///
/// Appends `count` real domain events, `batch` per append, alternating between the workout
/// stream of this run (`SetLogged`) and the shared `bodyweight` stream (`BodyweightRecorded`),
/// each with the exact expected version. Event `i` has the id `UUID.stable(prefix, "i")`.
/// After each append returns (with the default durability: after its fsync) it writes
/// `ack <offset> <EVENT-ID>` for each event, then `done <count>` at the end. (A large batch
/// makes a block of many pages, whose write a SIGKILL can cut short: a real torn tail.)
struct WriteMode {
    let log: String
    let prefix: String
    let count: Int
    let batch: Int
    let segmentSize: Int?
    /// Milliseconds to wait after each append: a writer slow enough for readers to meet mid-way.
    let pauseMilliseconds: Int?
    /// After this many events, wait (holding the lock) until `holdUntil` exists: a reader is
    /// then sure to meet the writer mid-way, however the machine schedules either.
    let holdAt: Int?
    let holdUntil: String?

    init(_ arguments: inout Arguments) throws(UsageError) {
        log = try arguments.string("log")
        prefix = try arguments.string("stream-prefix")
        count = try arguments.int("count", 1...100_000_000)
        batch = try arguments.int("batch", 1...10_000, default: 1)
        segmentSize = try arguments.optionalInt("segment-size", 4096...(1 << 40))
        pauseMilliseconds = try arguments.optionalInt("pause-ms", 0...60_000)
        holdAt = try arguments.optionalInt("hold-at", 1...100_000_000)
        holdUntil = holdAt == nil ? nil : try arguments.string("hold-until")
        try arguments.finish()
    }

    /// The id of event `number` of a run with `prefix`: how the parent recognises it.
    static func eventID(prefix: String, _ number: Int) -> UUID { UUID.stable(prefix, String(number)) }

    func run() async throws {
        var options = LogOptions()
        if let segmentSize { options.segmentSize = UInt64(segmentSize) }
        let eventLog = try await EventLog.open(at: FilePath(log), options: options)
        let workoutID = UUID.stable(prefix, "workout")
        let workoutStream = StreamName.workout(workoutID)
        var versions = [workoutStream: try await lastVersion(eventLog, workoutStream),
                        StreamName.bodyweight: try await lastVersion(eventLog, StreamName.bodyweight)]
        var number = 0
        var appendNumber = 0
        while number < count {
            let numbers = number..<min(count, number + batch)
            let toWorkout = appendNumber.isMultiple(of: 2)
            let stream = toWorkout ? workoutStream : StreamName.bodyweight
            let now = Timestamp.now
            let events = numbers.map { index -> NewEvent in
                let id = Self.eventID(prefix: prefix, index)
                if toWorkout {
                    let performance = SetPerformance(reps: 1 + index % 12, weight: .kilograms(Double(20 + index % 100)))
                    return NewEvent(SetLogged(workoutID: workoutID, entryID: UUID.stable(prefix, "entry"), setID: id,
                                              performance: performance, loggedAt: now), id: id)
                }
                return NewEvent(BodyweightRecorded(entryID: id, weight: .kilograms(60 + Double(index % 400) / 10), recordedAt: now), id: id)
            }
            let expected: ExpectedVersion = versions[stream]!.map { .exact($0) } ?? .noStream
            let result = try await eventLog.append(events, expectedVersion: expected)
            guard result.offsets.count == events.count, !result.wasAlreadyStored else {
                throw InvariantViolation(description: "append of events \(numbers) returned \(result)")
            }
            versions[stream] = result.streamVersion
            Output.write(zip(result.offsets, events).map { "ack \($0) \($1.id.uuidString)\n" }.joined(), to: 1)
            number = numbers.upperBound
            appendNumber += 1
            if let pauseMilliseconds { try await Task.sleep(for: .milliseconds(pauseMilliseconds)) }
            if let holdAt, let holdUntil, numbers.contains(holdAt - 1) {
                Output.line("holding \(number)")
                while access(holdUntil, F_OK) != 0 { try await Task.sleep(for: .milliseconds(10)) }
            }
        }
        try await eventLog.close()
        Output.line("done \(count)")
    }
}

/// The version of the last event of `stream`, nil when it has none.
func lastVersion(_ log: EventLog, _ stream: String) async throws -> UInt64? {
    var version: UInt64?
    for try await record in log.records(inStream: stream) { version = record.streamVersion }
    return version
}
