import AntrainEvents
import AntrainJSON
import AntrainLog
import AntrainProjections
import ArgumentParser

/// `antrain-log program [status]`: where the active program stands, and the next workout with its weights.
struct ProgramStatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show the active program's status, adherence, and the next suggested workout with its weights.",
        discussion: """
            Program weeks count from the start date in blocks of 7 days; a training day falls \
            on its weekday (1 Monday to 7 Sunday) within its week. A scheduled day is done when \
            a completed workout took place on it. The next workout is the first training day \
            on or after today not done yet. Its sets are the template's scaled by the day's \
            volume (in a deload week below volume 1, at least one set fewer); each exercise's \
            weight comes from its last \
            completed working set, brought back to intensity 1 from the intensity of the day \
            it was done on, stepped by how hard it was (RPE 1-6 +5%, 7-8 +2.5%, 9-10 -2.5%, \
            none +2.5%; a step up is at least 2.5 kg or 5 lb; no step up in or right after a \
            deload week), times the day's intensity, rounded to 2.5 kg or 5 lb.

            JSON: one object {"active" (false when no program is followed), "program" \
            ({"id", "name", "startDate", "endDate", "phase", "week", "dayOfWeek", "weekday", \
            "today", "todaySuggestedRPE"}), "adherence" ({"scheduledDays", "completedDays"}), \
            "next" ({"date", "week", "dayOfWeek", "weekday", "name", "intensity", "volume", \
            "deload", "suggestedRPE", "notes", "weekNotes" (the program's notes for the day \
            and its week, when it has them), "suggestions": [{"exercise", "exerciseId", "sets", \
            "plannedSets", "repsPerSet", "weight", "weightKg", "reason"}]})}.

            Examples:
              antrain-log program
              antrain-log program status --today 2026-11-20 --format json
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var query: QueryOptions

    func run() async throws {
        try await CommandRunner.run(global) { place in
            // Only the workouts the answers can reach: a query on a large log reads little.
            let store = try await StateAccess.store(ProgramProgress.models, place: place, asOf: try query.point)
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
            program.add("weekday", ifPresent: position.dayOfWeek.map { .string(ProgramDays.name($0)) })
            program.add("today", ifPresent: position.trainingDay.map { .string($0.name) })
            program.add("todaySuggestedRPE", ifPresent: position.trainingDay?.suggestedRPE.map { QueryJSON.number($0) })
            json.add("program", program.value)
            block.add("program", position.programName)
            block.add("runs", "\(position.startDate) to \(position.endDate) (\(DisplayText.words(position.phase)))")
            block.add("now", position.week.map { "week \($0), \(ProgramDays.name(position.dayOfWeek ?? 0))" })
            block.add("today", position.trainingDay.map { $0.name + Self.effort($0.suggestedRPE) } ?? "rest day")
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
                let name = suggestion.exerciseName ?? suggestion.exerciseID.uuidString
                var object = JSONObjectBuilder()
                object.add("exercise", .string(name))
                object.add("exerciseId", QueryJSON.id(suggestion.exerciseID))
                object.add("sets", .integer(suggestion.sets))
                object.add("plannedSets", .integer(suggestion.plannedSets))
                object.add("repsPerSet", .integer(suggestion.repsPerSet))
                object.add("weight", ifPresent: suggestion.weight.map { .object([("value", QueryJSON.number($0.value)), ("unit", .string($0.unit.rawValue))]) })
                object.add("weightKg", ifPresent: suggestion.weight.map { QueryJSON.number($0.kilograms) })
                object.add("reason", .string(suggestion.reason.text))
                suggestions.append(object.value)
                table.add([name, String(suggestion.sets), String(suggestion.repsPerSet), suggestion.weight.map(\.description) ?? "-",
                           suggestion.reason.text])
                csv.add([next.day.description, next.name, name, suggestion.exerciseID.uuidString, String(suggestion.sets),
                         String(suggestion.repsPerSet), suggestion.weight.map { DisplayText.number($0.kilograms, decimals: 6) } ?? "",
                         suggestion.reason.text])
            }
            var object = JSONObjectBuilder()
            object.add("date", QueryJSON.day(next.day))
            object.add("week", .integer(next.week))
            object.add("dayOfWeek", .integer(next.dayOfWeek))
            object.add("weekday", .string(ProgramDays.name(next.dayOfWeek)))
            object.add("name", .string(next.name))
            object.add("intensity", QueryJSON.number(next.intensity))
            object.add("volume", QueryJSON.number(next.volume))
            object.add("deload", .bool(next.isDeload))
            object.add("suggestedRPE", ifPresent: next.suggestedRPE.map { QueryJSON.number($0) })
            object.add("notes", ifPresent: next.notes.map { .string($0) })
            object.add("weekNotes", ifPresent: next.weekNotes.map { .string($0) })
            object.add("suggestions", .array(suggestions))
            json.add("next", object.value)
            block.add("next workout", "\(next.name) on \(ProgramDays.name(next.dayOfWeek)) \(next.day) (week \(next.week))"
                + Self.effort(next.suggestedRPE))
            let plain = ProgramStatusCommand.plain
            block.add("its week", (next.isDeload ? "deload, " : "") + "intensity \(plain(next.intensity)), volume \(plain(next.volume))")
            block.add("day notes", next.notes)
            block.add("week notes", next.weekNotes)
        }
        var text = position == nil ? ["no program is being followed (antrain-log program activate NAME follows one; program list shows them)"] : block.lines
        if next != nil, !table.isEmpty { text += [""] + table.lines }
        return QueryAnswer(json: json.value, text: text, csv: csv)
    }

    /// ", aim for RPE 8" when the program gives an effort; else nothing.
    static func effort(_ rpe: Double?) -> String { rpe.map { ", aim for RPE \(plain($0))" } ?? "" }

    /// A number without a trailing ".0": 8, 8.5, 0.9.
    static func plain(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
