import AntrainEvents
import AntrainJSON
import ArgumentParser
import Foundation

/// `antrain-log workout start`: begins a workout, empty or from a plan, and prints its id.
struct WorkoutStartCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "start",
        abstract: "Start a workout, empty or from a template or today's program day, and print its id.",
        discussion: """
            Refused while another workout is active: complete or cancel it first.

            --template starts with the template's exercises and their sets planned (not \
            done yet: reps and rest as the template gives them), named after the template. \
            --program starts the active program's training day of today, linked to it, \
            with the sets, reps and weights program status suggests as planned sets. Mark \
            each planned set done with antrain-log workout done (the next one) or workout \
            done SET, giving what differs (--weight, --reps, --rpe).

            Examples:
              antrain-log workout start --name "Push day"
              antrain-log workout start --template "Push Day" --at 07:30
              antrain-log workout start --program
              antrain-log workout start --type cardio --name "Morning run"
            """
    )

    @OptionGroup var global: GlobalOptions

    @Option(name: .long, help: "A name for the workout (1 to 100 characters); from a plan, the plan's name by default.")
    var name: String?

    @Option(name: .long, help: "lifting (sets of exercises), cardio or metcon.")
    var type: WorkoutType = .lifting

    @Option(name: .long, help: ArgumentHelp("Start with this template's exercises and planned sets: its name or id.", valueName: "template"),
            completion: NameCompletion.templates)
    var template: String?

    @Flag(name: .long, help: "Start today's training day of the active program, with its suggested sets planned.")
    var program = false

    @Option(name: .long, help: ArgumentHelp("When it started: 07:30 (today), 2026-11-21T07:30, or now.", valueName: "time"))
    var at: String?

    func validate() throws {
        guard !(program && template != nil) else {
            throw ValidationError("Start from --template or from --program, not both: a program day brings its own template.")
        }
        guard type == .lifting || (!program && template == nil) else {
            throw ValidationError("--template and --program start a lifting workout; leave out --type \(type.rawValue).")
        }
    }

    func run() async throws {
        try await RecordingSession.run(global, "workout start") { session in
            let startedAt = try LocalTime.instant(at)
            let library = try await session.names().library
            var plan: WorkoutPlan?
            if let typed = self.template {
                plan = try WorkoutPlan.template(try await session.names().template(typed), in: library)
            } else if program {
                let today = LocalCalendar.day(of: startedAt, in: LocalTime.zoneIdentifier)
                plan = try await WorkoutPlan.programDay(on: today, session: session, library: library)
            }
            let workoutID = UUID()
            let name = self.name ?? plan?.name
            try await session.execute(.startWorkout(workoutID: workoutID, type: type, name: name, templateID: plan?.templateID,
                                                    programDay: plan?.programDay, at: startedAt, timeZone: LocalTime.zoneIdentifier,
                                                    plan: plan?.exercises ?? []))
            let named = name.map { " \"\($0)\"" } ?? ""
            let planned = plan.map { " with \($0.exercises.count) exercise(s) and \($0.setCount) planned set(s)" } ?? ""
            var recorded = Recorded("started \(type.rawValue) workout \(workoutID.uuidString)\(named)\(planned) "
                + "at \(TimeText.local(startedAt.date))", [
                    ("workoutId", .id(workoutID)), ("type", .string(type.rawValue)), ("startedAt", .string(TimeText.utc(startedAt.date))),
                ])
            if let plan {
                // The plan's notes ("pause at the bottom"), read as the workout begins.
                for (label, text) in plan.notes { recorded.text += "\n\(label): \(text)" }
                if !plan.notes.isEmpty {
                    recorded.json.add("notes", .object(plan.notes.map { ($0.label.replacingOccurrences(of: " notes", with: ""), .string($0.text)) }))
                }
                recorded.json.add("plannedSets", .array(plan.exercises.flatMap { exercise in
                    exercise.sets.map { JSONValue.object([("setId", .id($0.setID)), ("exerciseId", .id(exercise.exerciseID))]) }
                }))
            }
            if let day = plan?.programDay {
                recorded.json.add("programDay", .object([("programId", .id(day.programID)), ("week", .integer(day.week)),
                                                         ("dayOfWeek", .integer(day.dayOfWeek))]))
            }
            return recorded
        }
    }
}
