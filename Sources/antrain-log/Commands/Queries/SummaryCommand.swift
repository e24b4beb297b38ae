import AntrainEvents
import AntrainJSON
import AntrainLog
import AntrainProjections
import ArgumentParser

/// `antrain-log summary`: weekly volume, working sets per muscle group, and streaks.
struct SummaryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "summary",
        abstract: "Show training at a glance: weekly volume, sets per muscle group, and streaks.",
        discussion: """
            Covers the --weeks ISO weeks (Monday to Sunday) ending with today's. A workout \
            counts once completed (quick-logged cardio and metcons when logged), on the day it \
            started in its own time zone. Volume is weight × reps of working sets (no \
            warm-ups); each working set counts once for every muscle group of its exercise. \
            --chart draws the weekly volume.

            JSON: one object {"from", "to", "weeks": [{"week" ("2026-W45"), "monday", \
            "volumeKg", "workingSets", "workouts"}], "muscleGroups": [{"muscleGroup", \
            "sets"}], "streaks": {"currentWeeks", "longestWeeks", "currentDays", \
            "longestDays", "lastWorkoutDay"}}.

            Examples:
              antrain-log summary
              antrain-log summary --weeks 12 --chart
              antrain-log summary --as-of 2026-11-30 --format json
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var query: QueryOptions

    @Option(name: .long, help: ArgumentHelp("How many weeks, ending with today's.", valueName: "n"))
    var weeks: Int = 4

    @Flag(name: .long, help: "Draw the weekly volume instead of the tables.")
    var chart = false

    func validate() throws {
        try ChartOption.check(chart, global.format)
        if weeks < 1 || weeks > 520 { throw ValidationError("--weeks must be from 1 to 520.") }
    }

    func run() async throws {
        try await CommandRunner.run(global) { place in
            // A line per day trained: a query on a large log reads kilobytes.
            let store = try await StateAccess.store(TrainingSummary.models + Settings.models, place: place, asOf: try query.point)
            let summary = TrainingSummary(store)
            let today = try query.todayDay
            let from = ISOWeek(containing: today).monday.adding(days: -7 * (weeks - 1))
            let volume = try summary.weeklyVolume(from: from, through: today)
            let groups = try summary.setsPerMuscleGroup(from: from, through: today)
            let streaks = try summary.streaks(today: today)
            let unit = try Settings(store).units().weight
            if chart {
                var output = Output()
                Self.chart(volume, unit: unit).forEach { output.line($0) }
                return output.flush()
            }
            Self.answer(from: from, today: today, volume: volume, groups: groups, streaks: streaks, unit: unit).print(global.format)
        }
    }

    static func label(_ week: ISOWeek) -> String {
        "\(week.year)-W" + (week.number < 10 ? "0" : "") + String(week.number)
    }

    static func answer(from: CalendarDay, today: CalendarDay, volume: [WeekVolume], groups: [MuscleGroupSets], streaks: TrainingStreaks,
                       unit: MassUnit) -> QueryAnswer {
        var weekTable = TextTable([.left("WEEK"), .left("MONDAY"), .right("WORKOUTS"), .right("WORKING SETS"), .right("VOLUME")])
        var csv = CSVText(["week", "monday", "volumeKg", "workingSets", "workouts"])
        for week in volume {
            weekTable.add([label(week.week), week.week.monday.description, String(week.workouts), String(week.workingSets),
                           DisplayText.volume(kilograms: week.volumeKg, in: unit)])
            csv.add([label(week.week), week.week.monday.description, DisplayText.number(week.volumeKg, decimals: 6), String(week.workingSets),
                     String(week.workouts)])
        }
        var groupTable = TextTable([.left("MUSCLE GROUP"), .right("WORKING SETS")])
        groups.forEach { groupTable.add([DisplayText.words($0.muscleGroup), String($0.sets)]) }
        var streakBlock = KeyValueBlock()
        // Two streaks, one line each: "26 week(s), 27 day(s)" on one line read as one length.
        streakBlock.add("weekly streak", "\(streaks.currentWeeks) week(s) in a row now, longest \(streaks.longestWeeks)")
        streakBlock.add("daily streak", "\(streaks.currentDays) day(s) in a row now, longest \(streaks.longestDays)")
        streakBlock.add("last workout", streaks.lastWorkoutDay?.description ?? "none")
        var text = weekTable.lines + [""]
        text += groups.isEmpty ? ["no working sets from \(from) to \(today)"] : groupTable.lines
        text += [""] + streakBlock.lines

        var json = JSONObjectBuilder()
        json.add("from", QueryJSON.day(from))
        json.add("to", QueryJSON.day(today))
        json.add("weeks", .array(volume.map { week in
            .object([("week", .string(label(week.week))), ("monday", QueryJSON.day(week.week.monday)), ("volumeKg", QueryJSON.number(week.volumeKg)),
                     ("workingSets", .integer(week.workingSets)), ("workouts", .integer(week.workouts))])
        }))
        json.add("muscleGroups", .array(groups.map { .object([("muscleGroup", .string($0.muscleGroup.rawValue)), ("sets", .integer($0.sets))]) }))
        var streakJSON = JSONObjectBuilder()
        streakJSON.add("currentWeeks", .integer(streaks.currentWeeks))
        streakJSON.add("longestWeeks", .integer(streaks.longestWeeks))
        streakJSON.add("currentDays", .integer(streaks.currentDays))
        streakJSON.add("longestDays", .integer(streaks.longestDays))
        streakJSON.add("lastWorkoutDay", ifPresent: streaks.lastWorkoutDay.map(QueryJSON.day))
        json.add("streaks", streakJSON.value)
        return QueryAnswer(json: json.value, text: text, csv: csv)
    }

    static func chart(_ volume: [WeekVolume], unit: MassUnit) -> [String] {
        var chart = BarChart(title: "Weekly volume (\(unit.rawValue))")
        chart.rows = volume.map { week in
            let value = unit == .kilograms ? week.volumeKg : week.volumeKg / Mass.kilogramsPerPound
            return BarChart.Row(label: label(week.week), value: value, mark: nil, text: DisplayText.grouped(value))
        }
        return chart.lines()
    }
}
