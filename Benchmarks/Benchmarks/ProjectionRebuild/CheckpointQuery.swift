// The queries R3 answers, each from the digests or checkpoints it needs (as antrain-log does).
import AntrainEvents
import AntrainProjections
import Foundation
import RebuildSupport

/// A question answered from checkpoints and digests, as the CLI's queries ask it: the read
/// models with a digest (``DigestingReadModel``) answer from it, the others from their
/// checkpoint.
struct CheckpointQuery: Sendable {
    var name: String
    /// Answers the question on the open log; returns the size of the answer.
    var answer: @Sendable (_ log: EventLog, _ store: CheckpointStore) async throws -> Int

    static let all: [CheckpointQuery] = [
        CheckpointQuery(name: "records of every exercise") { log, store in
            try await ProjectionRunner.digest(of: LegacyPersonalRecords.self, in: log, checkpoints: store).allRecords().count
        },
        CheckpointQuery(name: "the last 20 workouts") { log, store in
            try await ProjectionRunner.digest(of: LegacyWorkoutHistory.self, in: log, checkpoints: store).summaries().prefix(20).count
        },
        CheckpointQuery(name: "a day of nutrition") { log, store in
            let day = try await ProjectionRunner.digest(of: LegacyDailyNutrition.self, in: log, checkpoints: store)
                .day(CalendarDay(year: 2025, month: 6, day: 2)!)
            return day.calories > 0 ? 1 : 0
        },
        CheckpointQuery(name: "bodyweight trend") { log, store in
            let body = Projection<LegacyBodyweight>()
            let report = try await ProjectionRunner(log: log, projections: [body], checkpoints: store).catchUp()
            guard report.summary.decoded == 0 else { throw BenchmarkFixtureError("the bodyweight checkpoint was not used") }
            return await body.read { $0.entries.count }
        },
        CheckpointQuery(name: "exercise stats with records") { log, store in
            let records = try await ProjectionRunner.digest(of: LegacyPersonalRecords.self, in: log, checkpoints: store)
            return records.exerciseTotals().allStatistics(records: records).count
        },
        CheckpointQuery(name: "program status") { log, store in
            let programs = try await ProjectionRunner.digest(of: LegacyProgramProgress.self, in: log, checkpoints: store)
            let day = CalendarDay(year: 2025, month: 12, day: 29)!
            let next = programs.nextTrainingDay(from: day)
            return (programs.position(on: day) != nil ? 1 : 0) + (programs.adherence(through: day)?.scheduledDays ?? 0) + (next?.suggestions.count ?? 0)
        },
        CheckpointQuery(name: "training summary") { log, store in
            let day = CalendarDay(year: 2025, month: 12, day: 29)!
            return try await ProjectionRunner.digest(of: LegacyTrainingSummary.self, in: log, checkpoints: store)
                .weeklyVolume(from: day.adding(days: -28), through: day).count
        },
    ]
}
