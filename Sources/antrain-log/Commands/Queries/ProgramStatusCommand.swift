import AntrainEvents
import AntrainProjections
import ArgumentParser

/// `antrain-log program [status]`: where the active program stands, and the next workout with its weights.
struct ProgramStatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show the active program's status, adherence, and the next suggested workout with its weights.",
        discussion: """
            Program weeks count from the start date in blocks of 7 days. A scheduled day is \
            done when a completed workout took place on it. The next workout is the first \
            training day on or after today not done yet; each exercise's weight comes from its \
            last completed working set, stepped by how hard it was (RPE) and the week's \
            intensity, rounded to 2.5 kg or 5 lb.

            JSON: one object {"active" (false when no program is followed), "program" \
            ({"id", "name", "startDate", "endDate", "phase", "week", "dayOfWeek"}), \
            "adherence" ({"scheduledDays", "completedDays"}), "next" ({"date", "week", \
            "dayOfWeek", "name", "intensity", "suggestions": [{"exercise", "exerciseId", \
            "sets", "repsPerSet", "weight", "weightKg", "reason"}]})}.

            Examples:
              antrain-log program
              antrain-log program status --today 2026-11-20 --format json
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var query: QueryOptions

    func run() async throws {
        try await CommandRunner.run(global) { directory in
            // Only the workouts the answers can reach: a query on a large log reads little.
            let store = try await StateAccess.store(ProgramProgress.models, logDirectory: directory, asOf: try query.point)
            let programs = ProgramProgress(store)
            let today = try query.todayDay
            let position = try programs.position(on: today)
            let adherence = try programs.adherence(through: today)
            let next = try programs.nextTrainingDay(from: today)
            Self.answer(position: position, adherence: adherence, next: next).print(global.format)
        }
    }

    static func answer(position: ProgramPosition?, adherence: ProgramAdherence?, next: NextTrainingDay?) -> QueryAnswer {
        var json = JSONObjectBuilder()
        json.add("active", .bool(position != nil))
        var block = KeyValueBlock()
        if let position {
            var program = JSONObjectBuilder()
            program.add("id", QueryJSON.id(position.programID))
            program.add("name", .string(position.programName))
            program.add("startDate", QueryJSON.day(position.startDate))
            program.add("endDate", QueryJSON.day(position.endDate))
            program.add("phase", .string(position.phase.rawValue))
            program.add("week", ifPresent: position.week.map { .integer($0) })
            program.add("dayOfWeek", ifPresent: position.dayOfWeek.map { .integer($0) })
            program.add("today", ifPresent: position.trainingDay.map { .string($0.name) })
            json.add("program", program.value)
            block.add("program", position.programName)
            block.add("runs", "\(position.startDate) to \(position.endDate) (\(position.phase.rawValue))")
            block.add("now", position.week.map { "week \($0), day \(position.dayOfWeek ?? 0)" })
            block.add("today", position.trainingDay.map(\.name) ?? "rest day")
        }
        if let adherence {
            json.add("adherence", .object([("scheduledDays", .integer(adherence.scheduledDays)), ("completedDays", .integer(adherence.completedDays))]))
            let percent = adherence.fraction.map { " (" + DisplayText.number($0 * 100, decimals: 0) + "%)" } ?? ""
            block.add("adherence", "\(adherence.completedDays) of \(adherence.scheduledDays) scheduled days done\(percent)")
        }
        var table = TextTable([.left("EXERCISE"), .right("SETS"), .right("REPS"), .right("WEIGHT"), .left("WHY")])
        var csv = CSVText(["date", "day", "exercise", "exerciseId", "sets", "repsPerSet", "weightKg", "reason"])
        if let next {
            var suggestions: [JSONValue] = []
            for suggestion in next.suggestions {
                let name = suggestion.exerciseName ?? suggestion.exerciseID.uuidString.lowercased()
                var object = JSONObjectBuilder()
                object.add("exercise", .string(name))
                object.add("exerciseId", QueryJSON.id(suggestion.exerciseID))
                object.add("sets", .integer(suggestion.sets))
                object.add("repsPerSet", .integer(suggestion.repsPerSet))
                object.add("weight", ifPresent: suggestion.weight.map { .object([("value", QueryJSON.number($0.value)), ("unit", .string($0.unit.rawValue))]) })
                object.add("weightKg", ifPresent: suggestion.weight.map { QueryJSON.number($0.kilograms) })
                object.add("reason", .string(suggestion.reason.text))
                suggestions.append(object.value)
                table.add([name, String(suggestion.sets), String(suggestion.repsPerSet), suggestion.weight.map(\.description) ?? "-",
                           suggestion.reason.text])
                csv.add([next.day.description, next.name, name, suggestion.exerciseID.uuidString.lowercased(), String(suggestion.sets),
                         String(suggestion.repsPerSet), suggestion.weight.map { DisplayText.number($0.kilograms, decimals: 6) } ?? "",
                         suggestion.reason.text])
            }
            json.add("next", .object([("date", QueryJSON.day(next.day)), ("week", .integer(next.week)), ("dayOfWeek", .integer(next.dayOfWeek)),
                                      ("name", .string(next.name)), ("intensity", QueryJSON.number(next.intensity)),
                                      ("suggestions", .array(suggestions))]))
            block.add("next workout", "\(next.name) on \(next.day) (week \(next.week), day \(next.dayOfWeek))")
        }
        var text = position == nil ? ["no program is being followed (activate one in the app)"] : block.lines
        if next != nil, !table.isEmpty { text += [""] + table.lines }
        return QueryAnswer(json: json.value, text: text, csv: csv)
    }
}
