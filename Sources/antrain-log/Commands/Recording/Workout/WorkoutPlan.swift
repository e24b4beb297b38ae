import AntrainEvents
import AntrainProjections
import AntrainRecording
import Foundation

/// What a workout started from a plan begins with: the exercises of a template, or of the
/// active program's training day today, each with its sets planned (not done yet).
struct WorkoutPlan {
    /// The name the workout takes when --name is not given: the template's or the day's.
    var name: String
    var templateID: UUID?
    var programDay: ProgramDayReference?
    var exercises: [PlannedExercise]
    /// What the plan's author wrote for it, labelled (`template notes`, `day notes`, `week
    /// notes`), shown as the workout starts.
    var notes: [(label: String, text: String)] = []

    /// The sets planned in all.
    var setCount: Int { exercises.reduce(0) { $0 + $1.sets.count } }

    /// A template's exercises in the order of its steps (breaks left out): a step of sets of
    /// reps plans that many sets of those reps with the step's rest; a timed step one set of
    /// its time. `suggestions` (a program day's) replace a step's sets, reps and weight, each
    /// used once, in order, for its exercise.
    static func steps(of template: LibraryTemplate, suggestions: [WeightSuggestion] = []) -> [PlannedExercise] {
        var unused = suggestions
        return template.items.sorted { $0.position < $1.position }.compactMap { item -> PlannedExercise? in
            guard case let .exercise(_, exerciseID, target) = item else { return nil }
            var sets: [SetPerformance]
            switch target {
            case let .repetitions(count, reps, rest, weight):
                // The template's weight, the one to start from (seed 004); a program day's
                // suggestion, worked from the history, replaces it.
                sets = Array(repeating: SetPerformance(reps: reps, weight: weight, completed: false, restSeconds: rest), count: count)
                if let index = unused.firstIndex(where: { $0.exerciseID == exerciseID }) {
                    let suggestion = unused.remove(at: index)
                    sets = Array(repeating: SetPerformance(reps: suggestion.repsPerSet, weight: suggestion.weight ?? weight, completed: false,
                                                           restSeconds: rest), count: suggestion.sets)
                }
            case let .time(duration):
                sets = [SetPerformance(durationSeconds: Double(duration), completed: false)]
            }
            return PlannedExercise(entryID: UUID(), exerciseID: exerciseID,
                                   sets: sets.map { PlannedExercise.PlannedSet(setID: UUID(), performance: $0) })
        }
    }

    /// The template's plan, named after it.
    static func template(_ found: LibraryNames.Found, in library: Library) throws -> WorkoutPlan {
        let template = try LibraryNames.existing(library.template(id: found.id), found, .template)
        let exercises = steps(of: template)
        // Seed 002: a workout is not started from a template without an exercise (one made
        // before templates of breaks alone were refused).
        guard !exercises.isEmpty else {
            throw CommandFailure(message: "template \"\(template.name)\" holds no exercise, only breaks, so a workout started from it "
                + "would hold nothing to do", fix: "add an exercise to it with antrain-log template edit, or start a workout without "
                + "--template", status: .rejectedInput)
        }
        return WorkoutPlan(name: template.name, templateID: template.id, exercises: exercises,
                           notes: template.notes.map { [("template notes", $0)] } ?? [])
    }

    /// The active program's training day on `today`, linked to it, its exercises planned with
    /// the suggested sets, reps and weights (program status shows the same).
    static func programDay(on today: CalendarDay, session: RecordingSession, library: Library) async throws -> WorkoutPlan {
        let store = try await StateAccess.caughtUp(ProgramProgress.models, log: session.log, place: session.place)
        let programs = ProgramProgress(store)
        guard let position = try programs.position(on: today) else {
            throw CommandFailure(message: "no program is active, so there is no program day to start",
                                 fix: "start following one with antrain-log program activate NAME (antrain-log program list shows them)",
                                 status: .rejectedInput)
        }
        let program = "program \"\(position.programName)\""
        guard let next = try programs.nextTrainingDay(from: today), next.day == today else {
            let after = try programs.nextTrainingDay(from: today.adding(days: 1))
            let more = after.map { "; the next is \(Self.weekday($0.day)) \($0.day): \($0.name) (week \($0.week))" }
                ?? "; the program has no training day left"
            throw CommandFailure(message: "\(Self.weekday(today)) \(today) has no training day of \(program) left to do\(more)",
                                 fix: "start it on its day, or start a workout of its template with antrain-log workout start --template NAME",
                                 status: .rejectedInput)
        }
        let reference = ProgramDayReference(programID: position.programID, week: next.week, dayOfWeek: next.dayOfWeek)
        var exercises: [PlannedExercise] = []
        var notes: [(label: String, text: String)] = []
        if let templateID = next.templateID, let template = try library.template(id: templateID) {
            exercises = steps(of: template, suggestions: next.suggestions)
            if let text = template.notes { notes.append(("template notes", text)) }
        }
        if let text = next.notes { notes.append(("day notes", text)) }
        if let text = next.weekNotes { notes.append(("week notes", text)) }
        return WorkoutPlan(name: next.name, templateID: next.templateID, programDay: reference, exercises: exercises, notes: notes)
    }

    /// "Wednesday" for a day.
    static func weekday(_ day: CalendarDay) -> String { ProgramDays.name(day.weekday) }
}
