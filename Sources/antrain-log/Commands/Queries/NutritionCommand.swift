import AntrainEvents
import AntrainJSON
import AntrainProjections
import ArgumentParser

/// `antrain-log nutrition`: calories and macros per day, against the goals in force that day.
struct NutritionCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nutrition",
        abstract: "Show calories and macros per day against the goals: one day, or a range with its average.",
        discussion: """
            Without options, today's totals against the goals (see --today). --date shows one \
            day, even an empty one, with each meal's entries and their ids (the ids diary \
            correct and diary remove take); --date today is today's. \
            --from and --to (inclusive, both needed) show the days of the range that have \
            entries; the average is over those days only (a day with nothing logged is taken \
            as not tracked, not as fasting). Goals are those in force on each day. --chart \
            draws calories against the goal.

            A day before any goals were set is measured against the defaults (2000 kcal, \
            150 g protein, 200 g carbs, 65 g fat), marked as such.

            JSON: an array of {"date", "calories", "proteinG", "carbsG", "fatsG", "goals" \
            ({"caloriesKcal", "proteinG", "carbsG", "fatsG", "isDefault" (true for the \
            defaults, else left out)})}; with \
            --date, also "meals": [{"meal", "calories", "proteinG", "carbsG", "fatsG", \
            "entries": [{"id", "food", "foodId", "grams", "calories", "proteinG", "carbsG", \
            "fatsG"}]}]. CSV: the days' totals.

            Examples:
              antrain-log nutrition
              antrain-log nutrition --date 2026-11-16 --format json
              antrain-log nutrition --from 2026-11-01 --to 2026-11-30 --chart
              antrain-log nutrition --from 2026-11-01 --to 2026-11-30 --format csv > diary.csv
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var query: QueryOptions

    // `--date`, as every command that asks for a day spells it; `--day` too, as `eat` takes it.
    @Option(name: [.customLong("date"), .customLong("day")], help: ArgumentHelp("One day (YYYY-MM-DD).", valueName: "date"))
    var date: String?

    @Option(name: .long, help: ArgumentHelp("The first day of a range (with --to).", valueName: "date"))
    var from: String?

    @Option(name: .long, help: ArgumentHelp("The last day of a range, included (with --from).", valueName: "date"))
    var to: String?

    @Flag(name: .long, help: "Draw calories against the goal instead of the table.")
    var chart = false

    func validate() throws {
        try ChartOption.check(chart, global.format)
        _ = try QueryDates.day(date, option: "--date")
        let (from, to) = try QueryDates.range(from: from, to: to)
        if date != nil, from != nil || to != nil { throw ValidationError("Give --date for one day, or --from and --to for a range, not both.") }
        if (from == nil) != (to == nil) { throw ValidationError("A range needs both --from and --to.") }
    }

    func run() async throws {
        try await CommandRunner.run(global) { place in
            let store = try await StateAccess.store(DailyNutrition.models, place: place, asOf: try query.point)
            let days: [DayNutrition]
            var average: NutritionAverage?
            if let from = try QueryDates.day(from, option: "--from"), let to = try QueryDates.day(to, option: "--to") {
                // Each day's totals without the entries: a range of a large log reads a few
                // dozen bytes a day, not the days' thousands of entries.
                let range = try DailyNutrition(store, events: nil).range(from: from, through: to)
                (days, average) = (range.days, range.average)
            } else {
                // A day asked for by --date is shown with its entries and their ids (read back
                // from the log): the answer holds them, and the diary commands take those ids.
                // Plain `nutrition` is today's totals against the goals, the same few keys on
                // any log, however many entries the day holds.
                let day = try QueryDates.day(date, option: "--date") ?? query.todayDay
                if chart || date == nil {
                    days = [try DailyNutrition(store, events: nil).dayTotals(day)]
                } else {
                    days = [try DailyNutrition(store, events: try await StateAccess.events(place: place)).day(day)]
                }
            }
            // Days before any goals were set are measured against the defaults, marked.
            let defaulted = Set(days.filter { $0.goals == nil }.map(\.date))
            let measured = days.map { day in
                var day = day
                day.goals = day.goals ?? .defaults
                return day
            }
            if chart {
                var output = Output()
                NutritionChart.lines(measured).forEach { output.line($0) }
                return output.flush()
            }
            Self.answer(measured, average: average, defaulted: defaulted).print(global.format)
        }
    }

    static func answer(_ days: [DayNutrition], average: NutritionAverage?, defaulted: Set<CalendarDay> = []) -> QueryAnswer {
        var table = TextTable([.left("DATE"), .right("KCAL"), .right("PROTEIN"), .right("CARBS"), .right("FATS"), .right("GOAL KCAL"), .right("OF GOAL")])
        var csv = CSVText(["date", "calories", "proteinG", "carbsG", "fatsG", "goalCaloriesKcal", "goalProteinG", "goalCarbsG", "goalFatsG",
                           "goalsAreDefault"])
        var json: [JSONValue] = []
        let number = { (value: Double) in DisplayText.number(value, decimals: 6) }
        for day in days {
            let share = day.goals.map { DisplayText.number(day.calories / $0.caloriesKcal * 100, decimals: 0) + "%" } ?? ""
            let isDefault = defaulted.contains(day.date)
            table.add([day.date.description, DisplayText.number(day.calories, decimals: 0), grams(day.proteinG), grams(day.carbsG),
                       grams(day.fatsG), day.goals.map { DisplayText.number($0.caloriesKcal, decimals: 0) + (isDefault ? "*" : "") } ?? "", share])
            csv.add([day.date.description, number(day.calories), number(day.proteinG), number(day.carbsG), number(day.fatsG),
                     day.goals.map { number($0.caloriesKcal) } ?? "", day.goals.map { number($0.proteinG) } ?? "",
                     day.goals.map { number($0.carbsG) } ?? "", day.goals.map { number($0.fatsG) } ?? "", String(isDefault)])
            var object = JSONObjectBuilder()
            object.add("date", QueryJSON.day(day.date))
            object.add("calories", QueryJSON.number(day.calories))
            object.add("proteinG", QueryJSON.number(day.proteinG))
            object.add("carbsG", QueryJSON.number(day.carbsG))
            object.add("fatsG", QueryJSON.number(day.fatsG))
            object.add("goals", ifPresent: day.goals.map { goals in
                .object([("caloriesKcal", QueryJSON.number(goals.caloriesKcal)), ("proteinG", QueryJSON.number(goals.proteinG)),
                         ("carbsG", QueryJSON.number(goals.carbsG)), ("fatsG", QueryJSON.number(goals.fatsG))]
                        + (isDefault ? [("isDefault", .bool(true))] : []))
            })
            if average == nil, days.count == 1 { object.add("meals", .array(day.meals.map(DiaryEntries.json))) }
            json.append(object.value)
        }
        var text = table.isEmpty ? ["nothing logged in that range"] : table.lines
        if !table.isEmpty, days.contains(where: { defaulted.contains($0.date) }) {
            text.append("* no goals set by then: the defaults (\(ProfileView.amounts(.defaults))); "
                + "antrain-log profile --kcal N --protein N --carbs N --fat N sets yours")
        }
        if average == nil, let day = days.first, days.count == 1 { text += DiaryEntries.text(day) }
        if let average {
            text += ["", "average over \(average.overDays) day\(average.overDays == 1 ? "" : "s") with entries: "
                + "\(DisplayText.number(average.calories, decimals: 0)) kcal, \(grams(average.proteinG)) protein, "
                + "\(grams(average.carbsG)) carbs, \(grams(average.fatsG)) fats"]
        }
        return QueryAnswer(json: .array(json), text: text, csv: csv)
    }

    static func grams(_ value: Double) -> String { DisplayText.number(value) + " g" }
}

/// The chart of `nutrition --chart`: each day's calories, the goal marked.
enum NutritionChart {
    static func lines(_ days: [DayNutrition]) -> [String] {
        var chart = BarChart(title: "Calories (kcal) against the goal")
        chart.markLegend = "the day's calorie goal"
        chart.rows = days.map { day in
            let goal = day.goals.map { " / " + DisplayText.number($0.caloriesKcal, decimals: 0) } ?? ""
            return BarChart.Row(label: day.date.description, value: day.calories, mark: day.goals?.caloriesKcal,
                                text: DisplayText.number(day.calories, decimals: 0) + goal)
        }
        return chart.lines()
    }
}
