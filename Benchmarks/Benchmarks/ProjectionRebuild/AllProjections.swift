// The projections the rebuild benchmarks feed: every standard read model of Antrain, and the
// queries R3 answers, each with only the projections it needs (as antrain-log does).
import AntrainEvents
import AntrainProjections
import Foundation

/// One projection of every standard read model, fresh (at the start of the log).
func makeAllProjections() -> [any ProjectionHost] {
    StandardProjections().all
}

/// A question answered from checkpoints, as the CLI's queries ask it.
struct CheckpointQuery: Sendable {
    var name: String
    /// Makes the projections the question needs and returns them with the question.
    var make: @Sendable () -> (projections: [any ProjectionHost], answer: @Sendable () async -> Int)

    static let all: [CheckpointQuery] = [
        CheckpointQuery(name: "records of every exercise") {
            let records = Projection<PersonalRecords>()
            return ([records], { await records.read { $0.allRecords().count } })
        },
        CheckpointQuery(name: "the last 20 workouts") {
            let history = Projection<WorkoutHistory>()
            return ([history], { await history.read { $0.summaries().prefix(20).count } })
        },
        CheckpointQuery(name: "a day of nutrition") {
            let nutrition = Projection<DailyNutrition>()
            return ([nutrition], { await nutrition.read { $0.day(CalendarDay(year: 2025, month: 6, day: 2)!).calories > 0 ? 1 : 0 } })
        },
        CheckpointQuery(name: "bodyweight trend") {
            let body = Projection<Bodyweight>()
            return ([body], { await body.read { $0.entries.count } })
        },
        CheckpointQuery(name: "training summary") {
            let summary = Projection<TrainingSummary>()
            let day = CalendarDay(year: 2025, month: 12, day: 29)!
            return ([summary], { await summary.read { $0.weeklyVolume(from: day.adding(days: -28), through: day).count } })
        },
    ]
}
