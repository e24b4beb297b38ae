import AntrainEvents
import AntrainJSON
import AntrainProjections
import ArgumentParser

/// `antrain-log bodyweight [WEIGHT]`: records a weigh-in when given a weight; otherwise shows
/// entries, the 7-day moving average, and the change over a range.
struct BodyweightCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bodyweight",
        abstract: "Record your bodyweight, or show each day's weight with the 7-day moving average and the change.",
        discussion: """
            With a weight, records a weigh-in: the weight keeps the unit it was typed in, and \
            a plain number is in the weight unit setting (antrain-log settings). Without one, \
            shows one row per day: the day's weight, which is its last entry (a day may hold \
            several; the last counts). --every-entry lists each weigh-in instead.

            The range defaults to the 90 days ending on --to (today by default), or from the \
            first entry when that is later; --from reaches further back (--from 1970-01-01 \
            lists every entry, which on a long history is a long answer). A weigh-in falls on its \
            local day, in the zone it was recorded in (older ones without a zone, on their UTC \
            day); a day's weight is its last entry. The moving average \
            of a day is the mean of the daily weights of the 7 days ending on it, over the days \
            that have one. Tables use the unit of the settings; JSON and CSV kilograms. \
            --chart draws the daily weights with their moving average.

            JSON: one object {"unit", "from", "to", "everyEntry" (whether entries lists every \
            weigh-in or each day's last), "weighIns" (how many the range holds), "entries": \
            [{"date", "recordedAt", "weight" ({"value", "unit"} as entered), "weightKg", \
            "movingAverageKg"}], "movingAverage" \
            ({"date", "weightKg", "daysCounted"}, on the range's last day), "change" \
            ({"from", "to", "firstKg", "lastKg", "changeKg"})}; movingAverage and change are \
            omitted when the range has no entry.

            Examples:
              antrain-log bodyweight 81.4kg
              antrain-log bodyweight 179.5lb --at 06:45 --notes "before breakfast"
              antrain-log bodyweight
              antrain-log bodyweight --from 2026-09-01 --to 2026-11-30 --chart
              antrain-log bodyweight --from 2026-11-01 --every-entry
              antrain-log bodyweight --format json | jq .change.changeKg
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var query: QueryOptions

    /// How many days the entries shown span when --from is not given.
    static let defaultDays = 90

    @Argument(help: ArgumentHelp("A weight to record: 81.4kg, 179.5lb, or a plain number in the weight unit setting.", valueName: "weight"))
    var weight: String?

    @Option(name: .long, help: ArgumentHelp("With a weight: when it was measured: 06:45 (today), 2026-11-21T06:45, or now.", valueName: "time"))
    var at: String?

    @Option(name: .long, help: "With a weight: a note (at most 200 characters).")
    var notes: String?

    @Option(name: .long, help: ArgumentHelp("The first day (default: 89 days before --to, or the first entry's day if later).", valueName: "date"))
    var from: String?

    @Option(name: .long, help: ArgumentHelp("The last day, included (default: today).", valueName: "date"))
    var to: String?

    @Flag(name: .long, help: "Draw the daily weights and their moving average instead of the table.")
    var chart = false

    @Flag(name: .long, help: "List every weigh-in, not only each day's last.")
    var everyEntry = false

    func validate() throws {
        if weight == nil, at != nil || notes != nil {
            throw ValidationError("--at and --notes describe a weigh-in to record: give its weight, e.g. antrain-log bodyweight 81.4kg --at 06:45.")
        }
        if weight != nil, from != nil || to != nil || chart || everyEntry || query.asOf != nil {
            throw ValidationError("--from, --to, --chart, --every-entry and --as-of are for showing entries; to record a weigh-in give only the weight, --at and --notes.")
        }
        if chart && everyEntry {
            throw ValidationError("--chart draws each day's weight; --every-entry is for the table, JSON and CSV.")
        }
        try ChartOption.check(chart, global.format)
        _ = try QueryDates.range(from: from, to: to)
    }

    func run() async throws {
        if let weight { return try await BodyweightRecording.record(global, weight: weight, at: at, notes: notes) }
        try await CommandRunner.run(global) { place in
            let store = try await StateAccess.store(Bodyweight.models + Settings.models, place: place,
                                                    asOf: try query.point)
            // No answer of the command shows an entry id: none is read back from the log.
            let model = Bodyweight(store, events: nil)
            let last = try QueryDates.day(to, option: "--to") ?? query.todayDay
            // A window by default, so that the answer (and its cost) does not grow with the history.
            let first = try QueryDates.day(from, option: "--from")
                ?? max(model.first()?.day ?? last, last.adding(days: -(Self.defaultDays - 1)))
            let report = BodyweightReport(model: model, from: first, through: last, unit: try Settings(store).units().weight,
                                          everyEntry: everyEntry)
            if chart {
                var output = Output()
                try report.chart().forEach { output.line($0) }
                return output.flush()
            }
            try report.answer().print(global.format)
        }
    }
}

/// What `bodyweight` shows of a range, in each form.
struct BodyweightReport {
    var model: Bodyweight
    var from: CalendarDay
    var through: CalendarDay
    var unit: MassUnit
    /// Every weigh-in rather than each day's last.
    var everyEntry = false

    func answer() throws -> QueryAnswer {
        // Each day's last entry by default: the answer grows with the days asked for, not with
        // how often each was weighed (the seed: a day's last entry is the one that counts).
        let (entries, weighIns): ([BodyweightEntry], Int)
        if everyEntry {
            entries = try model.entries(from: from, through: through)
            weighIns = entries.count
        } else {
            (entries, weighIns) = try model.lastEntriesOfDays(from: from, through: through)
        }
        let change = try model.change(from: from, through: through)
        var table = TextTable([.left("MEASURED"), .right("WEIGHT"), .right("7-DAY AVERAGE")])
        var csv = CSVText(["date", "recordedAt", "weightKg", "movingAverageKg"])
        var rows: [JSONValue] = []
        // Every day's average in one pass, not a window summed again for each entry; the
        // range's last day's, shown below the table, comes with them.
        var averages: [CalendarDay: Double] = [:]
        let daily = try model.movingAverages(from: entries.first?.day ?? through, through: through)
        for day in daily { averages[day.date] = day.kilograms }
        let average = daily.last.flatMap { $0.date == through ? $0 : nil }
        for entry in entries {
            let dayAverage = averages[entry.day]
            table.add([DisplayText.localMinute(entry.recordedAt), DisplayText.weight(kilograms: entry.weight.kilograms, in: unit),
                       dayAverage.map { DisplayText.weight(kilograms: $0, in: unit, decimals: 2) } ?? ""])
            csv.add([entry.day.description, TimeText.utc(microseconds: entry.recordedAt.microsecondsSince1970),
                     DisplayText.number(entry.weight.kilograms, decimals: 6), dayAverage.map { DisplayText.number($0, decimals: 6) } ?? ""])
            var object = JSONObjectBuilder()
            object.add("date", QueryJSON.day(entry.day))
            object.add("recordedAt", QueryJSON.time(entry.recordedAt))
            object.add("weight", .object([("value", QueryJSON.number(entry.weight.value)), ("unit", .string(entry.weight.unit.rawValue))]))
            object.add("weightKg", QueryJSON.number(entry.weight.kilograms))
            object.add("movingAverageKg", ifPresent: dayAverage.map(QueryJSON.number))
            rows.append(object.value)
        }
        var json = JSONObjectBuilder()
        json.add("unit", .string(unit.rawValue))
        json.add("from", QueryJSON.day(from))
        json.add("to", QueryJSON.day(through))
        json.add("everyEntry", .bool(everyEntry))
        json.add("weighIns", .integer(weighIns))
        json.add("entries", .array(rows))
        json.add("movingAverage", ifPresent: average.map { .object([("date", QueryJSON.day($0.date)), ("weightKg", QueryJSON.number($0.kilograms)),
                                                                    ("daysCounted", .integer($0.daysCounted))]) })
        json.add("change", ifPresent: change.map { .object([("from", QueryJSON.day($0.first.date)), ("to", QueryJSON.day($0.last.date)),
                                                            ("firstKg", QueryJSON.number($0.first.kilograms)),
                                                            ("lastKg", QueryJSON.number($0.last.kilograms)),
                                                            ("changeKg", QueryJSON.number($0.kilograms))]) })
        var text = entries.isEmpty ? ["no bodyweight entries from \(from) to \(through)"] : table.lines
        if weighIns > entries.count {
            text += ["", "\(weighIns) weigh-ins on \(entries.count) days; each day shows its last (--every-entry lists them all)"]
        }
        if let average { text += ["", "7-day average on \(average.date): \(DisplayText.weight(kilograms: average.kilograms, in: unit, decimals: 2))"] }
        if let change {
            let sign = change.kilograms > 0 ? "+" : ""
            text.append("change \(change.first.date) to \(change.last.date): \(sign)\(DisplayText.weight(kilograms: change.kilograms, in: unit))")
        }
        return QueryAnswer(json: json.value, text: text, csv: csv)
    }

    func chart() throws -> [String] {
        var chart = BarChart(title: "Bodyweight (\(unit.rawValue)), \(from) to \(through)")
        chart.markLegend = "7-day moving average"
        let daily = try model.dailyWeights(from: from, through: through)
        let shown = { (kilograms: Double) in unit == .kilograms ? kilograms : kilograms / Mass.kilogramsPerPound }
        // Every day's average in one pass, not a window read again for each day.
        var averages: [CalendarDay: Double] = [:]
        for day in try model.movingAverages(from: from, through: through) { averages[day.date] = day.kilograms }
        chart.rows = daily.map { day in
            let average = averages[day.date].map(shown)
            return BarChart.Row(label: day.date.description, value: shown(day.kilograms), mark: average,
                                text: DisplayText.number(shown(day.kilograms)) + (average.map { " (avg " + DisplayText.number($0) + ")" } ?? ""))
        }
        // Start the bars a little below the lightest day, so that a kilogram shows.
        let lightest = chart.rows.map { min($0.value, $0.mark ?? $0.value) }.min() ?? 0
        let heaviest = chart.rows.map { max($0.value, $0.mark ?? $0.value) }.max() ?? 0
        chart.baseline = max(0, lightest - max(1, (heaviest - lightest) * 0.25))
        return chart.lines()
    }
}
