import AntrainImport
import AntrainJSON

/// The closing report of `import`: what the file held, what was appended, what was skipped.
struct ImportSummary {
    let file: String
    let format: ImportSourceFormat
    let dryRun: Bool
    /// Events read from a JSON Lines file.
    var events = 0
    var workouts = 0
    var sets = 0
    var foods = 0
    var days = 0
    var newExercises: [String] = []
    var newFoods: [String] = []
    var counts = ImportAppender.Counts()
    /// The plan's rows, skipped rows and their tally; empty for JSON Lines.
    var plan = ImportPlan()

    init(file: String, format: ImportSourceFormat, dryRun: Bool) {
        self.file = file
        self.format = format
        self.dryRun = dryRun
    }

    mutating func add(_ plan: ImportPlan) {
        (workouts, sets, foods, days) = (plan.workouts, plan.sets, plan.foods, plan.days)
        (newExercises, newFoods) = (plan.newExercises, plan.newFoods)
        self.plan = plan
    }

    /// Rows listed in the text summary at most; the JSON form lists them all.
    static let listedRows = 50

    /// The warning on a file whose skipped rows held more than a few percent of its data.
    var warning: String? {
        guard plan.lossNeedsWarning else { return nil }
        let lost = plan.lostRows.count
        let share = Double(lost) / Double(max(plan.rows, 1)) * 100
        return "\(lost) of \(plan.rows) rows (\(share.formatted1)%) held data that was not imported, more than "
            + "\(Int(ImportPlan.warningShare * 100))% of the file: check the reasons above; --strict refuses such a file"
    }

    /// "rest timer: 2, unreadable weight: 1".
    private var tally: String {
        plan.skippedByKind.map { "\($0.kind.label): \($0.count)" }.joined(separator: ", ")
    }

    var textLines: [String] {
        var lines: [String] = []
        if format == .jsonl {
            lines.append("read \(plural(events, "event")) from \(file)")
        } else {
            lines.append("read \(format.rawValue) export \(file): \(plural(workouts, "workout")), \(plural(sets, "set")), "
                + "\(plural(foods, "food entry", "food entries")), \(plural(days, "day"))")
            lines.append("library: \(plural(newExercises.count, "new custom exercise")), \(plural(newFoods.count, "new custom food"))")
        }
        let verb = dryRun ? "dry run: would append" : "appended"
        lines.append("\(verb) \(plural(counts.appended, "event")), \(counts.alreadyStored) already stored" + (dryRun ? "; nothing was written" : ""))
        if format != .jsonl {
            let skipped = plan.skipped
            lines.append("skipped \(skipped.count) of \(plural(plan.rows, "row"))" + (skipped.isEmpty ? "" : " (\(tally)):"))
            lines += skipped.prefix(Self.listedRows).map { "  \($0)" }
            if skipped.count > Self.listedRows { lines.append("  ... and \(skipped.count - Self.listedRows) more (--summary json lists them all)") }
            if let warning { lines.append("warning: " + warning) }
        }
        return lines
    }

    var json: JSONValue {
        var object = JSONObjectBuilder()
        object.add("file", .string(file))
        object.add("format", .string(format.rawValue))
        object.add("dryRun", .bool(dryRun))
        if format == .jsonl {
            object.add("events", .integer(events))
        } else {
            object.add("workouts", .integer(workouts))
            object.add("sets", .integer(sets))
            object.add("foods", .integer(foods))
            object.add("days", .integer(days))
            object.add("newExercises", .array(newExercises.map { .string($0) }))
            object.add("newFoods", .array(newFoods.map { .string($0) }))
            object.add("rows", .integer(plan.rows))
            object.add("skipped", .array(plan.skipped.map { row in
                var item = JSONObjectBuilder()
                item.add("line", .integer(row.line))
                item.add("kind", .string(row.kind.rawValue))
                item.add("reason", .string(row.reason))
                return item.value
            }))
            var byKind = JSONObjectBuilder()
            for (kind, count) in plan.skippedByKind { byKind.add(kind.rawValue, .integer(count)) }
            object.add("skippedByKind", byKind.value)
            object.add("lostRows", .integer(plan.lostRows.count))
            if let warning { object.add("warning", .string(warning)) }
        }
        object.add("appended", .integer(counts.appended))
        object.add("alreadyStored", .integer(counts.alreadyStored))
        object.add("appends", .integer(counts.appends))
        return object.value
    }

    private func plural(_ count: Int, _ one: String, _ many: String? = nil) -> String {
        "\(count) " + (count == 1 ? one : many ?? one + "s")
    }
}

private extension Double {
    /// `2.5`, `12.1`: one decimal.
    var formatted1: String { String((self * 10).rounded() / 10) }
}
