import AntrainEvents
import AntrainProjections
import ArgumentParser
import Foundation

/// `antrain-log replay --from --to`: replays the log through a season and reports what it produced.
struct ReplayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay the log through a season: its workouts, the records set in it, its nutrition averages.",
        discussion: """
            Replays every event of the log into fresh read models in memory, without reading \
            or writing the stored state, then reports the window --from to --to (training days, \
            inclusive, as history and prs count them: a workout entered afterwards counts on the \
            day it was done): the workouts started in it (a cancelled one is listed and not \
            counted, as its sets set no records), every record set in \
            it (weights, reps and volumes, and times, distances and paces; also those beaten again \
            later in the window), and the average daily calories \
            and macros over its days with entries. Prints how many events were replayed and \
            how fast.

            JSON: one object {"from", "to", "events", "seconds", "eventsPerSecond", \
            "workouts": {"count", "sets", "volumeKg", "cancelled", "list": [as history]}, "records": \
            [{"exercise", "exerciseId", "record", "value", "reps", "weightKg", "date", \
            "achievedAt"}], "nutrition": {"daysWithEntries", "average" ({"calories", \
            "proteinG", "carbsG", "fatsG"}, omitted when no day has entries)}}.

            Examples:
              antrain-log replay --from 2026-09-01 --to 2026-11-30
              antrain-log replay --from 2026-01-01 --to 2026-03-31 --format json
            """
    )

    @OptionGroup var global: GlobalOptions

    @Option(name: .long, help: ArgumentHelp("The window's first day (YYYY-MM-DD).", valueName: "date"))
    var from: String

    @Option(name: .long, help: ArgumentHelp("The window's last day, included (YYYY-MM-DD).", valueName: "date"))
    var to: String

    func validate() throws {
        _ = try global.textOrJSON("replay")
        let first = try QueryDates.day(from, option: "--from")!, last = try QueryDates.day(to, option: "--to")!
        if last < first { throw ValidationError("--to (\(last)) is before --from (\(first)).") }
    }

    func run() async throws {
        try await CommandRunner.run(global) { place in
            let first = try QueryDates.day(from, option: "--from")!, last = try QueryDates.day(to, option: "--to")!
            let log = try await LogAccess.openForReading(place)
            // The replay reads every block of the log and folds every event into a store in
            // memory: the log's own state is neither read nor written. Not only those recorded by
            // the window's end: a week entered afterwards belongs to the days it was trained on.
            let events = try await log.end().nextOffset
            let started = Date()
            let store = try await ProjectionStore.travel(WorkoutHistory.models + DailyNutrition.models + Settings.models, in: log,
                                                         to: .offset(.max))
            let seconds = Date().timeIntervalSince(started)
            let records = PersonalRecords(store)
            let set = try records.allRecords().flatMap { exercise in
                try RecordRow.kinds.flatMap { kind, field, _, _ in
                    try records.progression(of: exercise.exerciseID, kind).filter { (first...last).contains($0.day) }
                        .map { (exercise.exercise, exercise.exerciseID, field, $0) }
                }
            }.sorted { ($0.3.achievedAt, $0.0) < ($1.3.achievedAt, $1.0) }
            let season = Season(
                from: first, through: last, events: events, seconds: seconds,
                workouts: try WorkoutHistory(store, events: EventLookup(log: log)).summaries(WorkoutFilter(from: first, to: last)),
                records: set, nutrition: try DailyNutrition(store, events: nil).range(from: first, through: last), units: try Settings(store).units())
            try await log.close()
            var output = Output()
            switch try global.textOrJSON("replay") {
            case .json: output.jsonLine(season.json)
            case .text: season.text.forEach { output.line($0) }
            }
            output.flush()
        }
    }
}
