import AntrainEvents
import Foundation

/// The digest of ``LegacyWorkoutHistory``: one line per workout, what `history` lists and filters
/// on, without the sets.
///
/// ```swift
/// let list = try await ProjectionRunner.digest(of: LegacyWorkoutHistory.self, in: log, checkpoints: store)
/// let lastTwenty = list.summaries(WorkoutFilter(type: .lifting)).prefix(20)
/// ```
public struct WorkoutList: Codable, Sendable, Equatable {
    /// One workout's line, and the exercises a filter may ask for.
    struct Line: Codable, Sendable, Equatable {
        var summary: WorkoutSummary
        var exerciseIDs: [UUID]
    }

    /// Workouts newest start first (ties: the one ``LegacyWorkoutHistory`` saw first), the order
    /// of every list: sorted once when the digest is made, not at each query.
    var lines: [Line] = []

    /// The list lines of the workouts the filter admits, newest start first (ties: the one
    /// seen first).
    public func summaries(_ filter: WorkoutFilter = WorkoutFilter()) -> [WorkoutSummary] {
        lines.compactMap { filter.admits($0.summary, exercises: $0.exerciseIDs) ? $0.summary : nil }
    }
}

extension LegacyWorkoutHistory: DigestingReadModel {
    /// Every workout's list line.
    public func digest() -> WorkoutList {
        let lines = workouts.values.map { workout in
            WorkoutList.Line(summary: WorkoutSummary(id: workout.id, startedAt: workout.startedAt, type: workout.type,
                                                     name: workout.name, status: workout.status,
                                                     sets: workout.completedSets, volumeKg: workout.volumeKg),
                             exerciseIDs: workout.exercises.map(\.exerciseID))
        }
        return WorkoutList(lines: lines.enumerated()
            .sorted { ($0.element.summary.startedAt, $1.offset) > ($1.element.summary.startedAt, $0.offset) }
            .map(\.element))
    }
}

extension WorkoutList: FastCheckpointDecodable {
    init(binary cursor: inout BinaryCursor) throws(BinaryCursor.Failure) {
        let count = try cursor.varint()
        var lines: [Line] = []
        lines.reserveCapacity(Int(min(count, 1 << 20)))
        for _ in 0..<count {
            let summary = WorkoutSummary(id: try cursor.uuid(), startedAt: try cursor.timestamp(),
                                         type: try Self.value(WorkoutType.self, &cursor), name: try cursor.optionalString(),
                                         status: try Self.value(WorkoutStatus.self, &cursor), sets: try cursor.int(),
                                         volumeKg: try cursor.double())
            let exercises = try cursor.varint()
            var exerciseIDs: [UUID] = []
            exerciseIDs.reserveCapacity(Int(min(exercises, 4096)))
            for _ in 0..<exercises { exerciseIDs.append(try cursor.uuid()) }
            lines.append(Line(summary: summary, exerciseIDs: exerciseIDs))
        }
        self.lines = lines
    }

    private static func value<Value: RawRepresentable<String>>(_: Value.Type, _ cursor: inout BinaryCursor) throws(BinaryCursor.Failure) -> Value {
        guard let value = Value(rawValue: try cursor.string()) else { throw BinaryCursor.Failure() }
        return value
    }
}
