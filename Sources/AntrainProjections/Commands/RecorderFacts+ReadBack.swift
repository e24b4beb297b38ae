import AntrainEvents
import Foundation

/// Reading a workout's events back from the log, by the range of offsets its key keeps.
extension RecorderFacts {
    /// The contents folded from the workout's events, as ``RecorderProjection`` folds an
    /// active workout's: a start empties them, and the other events change them in order.
    func readBack(_ id: UUID, _ workout: RecordedWorkout) async throws -> WorkoutContents {
        var replay = ContentsReplay()
        try await forEachEvent(of: id, workout) { event, stored in
            event.accept(&replay, stored)
            return true
        }
        return replay.contents
    }

    /// Calls `body` with each event of the workout's stream from its first offset through its
    /// last, oldest first, until it returns false. Blocks holding none of the stream's events
    /// are skipped by their index entries, unread; types this build does not know are skipped.
    func forEachEvent(of id: UUID, _ workout: RecordedWorkout,
                      _ body: (any DomainEvent, EventMetadata) throws -> Bool) async throws {
        let filter = ReadFilter(startOffset: workout.firstOffset, endOffset: workout.lastOffset + 1, streamID: StreamName.workout(id))
        for try await record in log.records(filter) {
            guard case let .event(event) = try EventCatalog.standard.decode(record) else { continue }
            guard try body(event, StoredEvent(record: record, event: event).metadata) else { return }
        }
    }

    /// ``forEachEvent(of:_:_:)`` for a body that needs only the events.
    func forEachEvent(of id: UUID, _ workout: RecordedWorkout, _ body: (any DomainEvent) throws -> Bool) async throws {
        try await forEachEvent(of: id, workout) { event, _ in try body(event) }
    }
}

/// Folds one workout's events into its contents, with the methods the projection uses.
private struct ContentsReplay: EventVisitor {
    var contents = WorkoutContents()

    mutating func visit(_ event: WorkoutStarted, _ stored: EventMetadata) { contents = WorkoutContents() }
    mutating func visit(_ event: ExerciseAddedToWorkout, _ stored: EventMetadata) {
        contents.add(entry: event.entryID, exercise: event.exerciseID)
    }
    mutating func visit(_ event: ExerciseRemovedFromWorkout, _ stored: EventMetadata) { contents.remove(entry: event.entryID) }
    mutating func visit(_ event: SetLogged, _ stored: EventMetadata) {
        contents.log(set: event.setID, entry: event.entryID, completed: event.performance.completed)
    }
    mutating func visit(_ event: SetCorrected, _ stored: EventMetadata) {
        contents.correct(set: event.setID, completed: event.performance.completed)
    }
    mutating func visit(_ event: SetRemoved, _ stored: EventMetadata) { contents.remove(set: event.setID) }
}

/// The keys of the ids whose hex digits start with a typed prefix: the prefix's whole bytes,
/// and a half byte for an odd digit, as a range of UUID keys (which are the id's bytes).
struct HexKeyRange {
    /// The first key of the range.
    var lower: [UInt8]
    /// The first key past it; nil when the range runs to the end.
    var upper: [UInt8]?
    /// The digits, upper case, without dashes.
    var digits: String

    /// The range of `prefix` (any case, dashes ignored); nil when it is not 1 to 32 hex digits.
    init?(_ prefix: String) {
        let digits = prefix.uppercased().filter { $0 != "-" }
        guard !digits.isEmpty, digits.count <= 32, digits.allSatisfy(\.isHexDigit) else { return nil }
        self.digits = digits
        var nibbles = digits.map { UInt8($0.hexDigitValue!) }
        let odd = nibbles.count % 2 == 1 ? nibbles.removeLast() : nil
        let whole = stride(from: 0, to: nibbles.count, by: 2).map { nibbles[$0] << 4 | nibbles[$0 + 1] }
        if let odd {
            lower = whole + [odd << 4]
            upper = odd == 15 ? Self.successor(whole) : whole + [(odd + 1) << 4]
        } else {
            lower = whole
            upper = Self.successor(whole)
        }
    }

    /// Whether `id` is in the range (its hex digits start with the prefix).
    func matches(_ id: UUID) -> Bool { id.uuidString.filter { $0 != "-" }.hasPrefix(digits) }

    /// The smallest byte string after every string starting with `prefix`; nil when there is none.
    private static func successor(_ prefix: [UInt8]) -> [UInt8]? {
        var bytes = prefix
        while let last = bytes.last {
            if last < 0xFF {
                bytes[bytes.count - 1] = last + 1
                return bytes
            }
            bytes.removeLast()
        }
        return nil
    }
}
