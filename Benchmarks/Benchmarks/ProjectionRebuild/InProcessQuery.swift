// The questions R3 asks in process, through the keyed read models' facades.
import AntrainEvents
import AntrainProjections
import Foundation
import RebuildSupport

/// A question an app asks in its own process, of the state its `ProjectionStore` caught up:
/// the library calls behind the command-line tool's queries, with no process start, no
/// argument parsing and no output.
struct InProcessQuery: Sendable {
    var name: String
    /// Answers from `store` (ids read back through `events`); returns the size of the answer,
    /// which must not be 0.
    var answer: @Sendable (_ store: any KeyedStateStore, _ events: EventLookup) throws -> Int

    /// A day inside the fixtures' year (they start on 2025-01-06 and run 52 weeks).
    static let today = CalendarDay(year: 2025, month: 12, day: 29)!

    static let all: [InProcessQuery] = [
        InProcessQuery(name: "history, the last 20 workouts") { store, events in
            try WorkoutHistory(store, events: events).summaries(limit: 20).count
        },
        InProcessQuery(name: "show, the latest workout in full") { store, events in
            try WorkoutHistory(store, events: events).workouts(limit: 1).count
        },
        InProcessQuery(name: "prs of one exercise") { store, _ in
            guard let bench = try Library(store).exercise(named: "Barbell Bench Press") else { return 0 }
            return try PersonalRecords(store).records(for: bench.id) == nil ? 0 : 1
        },
        InProcessQuery(name: "prs of every exercise") { store, _ in
            try PersonalRecords(store).allRecords().count
        },
        InProcessQuery(name: "stats of every exercise") { store, _ in
            try PersonalRecords(store).allStatistics().count
        },
        InProcessQuery(name: "nutrition, one day") { store, _ in
            try DailyNutrition(store, events: nil).dayTotals(CalendarDay(year: 2025, month: 6, day: 2)!).calories > 0 ? 1 : 0
        },
        InProcessQuery(name: "bodyweight, 90 days with moving averages") { store, _ in
            try Bodyweight(store, events: nil).movingAverages(from: today.adding(days: -90), through: today).count
        },
        InProcessQuery(name: "program status") { store, _ in
            let programs = ProgramProgress(store)
            let next = try programs.nextTrainingDay(from: today)
            return (try programs.position(on: today) != nil ? 1 : 0) + (try programs.adherence(through: today)?.scheduledDays ?? 0)
                + (next?.suggestions.count ?? 0)
        },
        InProcessQuery(name: "summary, 4 weeks") { store, _ in
            let summary = TrainingSummary(store)
            return try summary.weeklyVolume(from: today.adding(days: -28), through: today).count
                + summary.setsPerMuscleGroup(from: today.adding(days: -28), through: today).count
        },
    ]
}
