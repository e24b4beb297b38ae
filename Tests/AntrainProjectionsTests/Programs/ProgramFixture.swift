import AntrainEvents
import AntrainProjections
import AntrainTestSupport
import Foundation

/// A hand-written program history, shared by the program progress tests.
///
/// Program "Three Weeks" (id 1) starts on Monday 2026-03-02 and lasts 3 weeks, so it ends on
/// 2026-03-02 + 21 − 1 days = 2026-03-22. It plans only weeks 1 and 2, so week 3 cycles back
/// to week 1's plan:
///
/// | week | intensity | days |
/// |---|---|---|
/// | 1 | 0.9 | day 1 "Heavy" (template 10), day 4 "Light" (template 10, intensity 0.8) |
/// | 2 | 1.1 | day 1 "Heavy" (template 10) |
///
/// Template 10: bench (20) 5 × 5, a break, squat (21) 3 × 5, a timed plank (22), row (23) 4 × 8.
enum ProgramFixture {
    static let program = UUID.n(1)
    static let template = UUID.n(10)
    static let bench = UUID.n(20)
    static let squat = UUID.n(21)
    static let plank = UUID.n(22)
    static let row = UUID.n(23)
    static let start = CalendarDay.on("2026-03-02")

    static var definition: ProgramDefinition {
        ProgramDefinition(name: "Three Weeks", category: .strengthTraining, difficulty: .intermediate, durationWeeks: 3,
                          progression: .custom, weeks: [
                              ProgramWeek(number: 1, intensityModifier: 0.9, days: [
                                  ProgramDay(dayOfWeek: 1, name: "Heavy", templateID: template),
                                  ProgramDay(dayOfWeek: 4, name: "Light", templateID: template, intensityOverride: 0.8),
                              ]),
                              ProgramWeek(number: 2, intensityModifier: 1.1, days: [
                                  ProgramDay(dayOfWeek: 1, name: "Heavy", templateID: template),
                              ]),
                          ])
    }

    static func exercise(_ name: String) -> ExerciseDefinition {
        ExerciseDefinition(name: name, category: .barbell, equipment: .barbell, muscleGroups: [.chest])
    }

    /// The library and the activation.
    static func library() -> [any DomainEvent] {
        [
            ExerciseCreated(exerciseID: bench, definition: exercise("Bench Press")),
            ExerciseCreated(exerciseID: squat, definition: exercise("Back Squat")),
            ExerciseCreated(exerciseID: plank, definition: exercise("Plank")),
            ExerciseCreated(exerciseID: row, definition: exercise("Barbell Row")),
            TemplateCreated(templateID: template, name: "Full body", items: [
                .exercise(position: 1, exerciseID: bench, target: .repetitions(sets: 5, repsPerSet: 5, restSeconds: 180)),
                .break(position: 2, durationSeconds: 120),
                .exercise(position: 3, exerciseID: squat, target: .repetitions(sets: 3, repsPerSet: 5, restSeconds: 180)),
                .exercise(position: 4, exerciseID: plank, target: .time(durationSeconds: 60)),
                .exercise(position: 5, exerciseID: row, target: .repetitions(sets: 4, repsPerSet: 8, restSeconds: 90)),
            ]),
            ProgramCreated(programID: program, definition: definition),
            ProgramActivated(programID: program, startDate: start),
        ]
    }

    static func set(_ kg: Double, _ reps: Int, _ type: SetType = .normal, completed: Bool = true, rpe: Double? = nil) -> SetPerformance {
        SetPerformance(setType: type, reps: reps, weight: .kilograms(kg), completed: completed, rpe: rpe)
    }

    /// A workout's events: started at `start` (in `zone`), one entry per exercise given,
    /// the sets, then `ending` (completed, cancelled, or none).
    static func workout(_ id: UUID, at start: String, zone: String = "UTC", day: ProgramDayReference?,
                        sets: [(exercise: UUID, setID: UUID, performance: SetPerformance)],
                        then extra: [any DomainEvent] = [], completed: Bool = true) -> [any DomainEvent] {
        var events: [any DomainEvent] = [WorkoutStarted(workoutID: id, type: .lifting, programDay: day,
                                                        startedAt: .at(start), timeZone: zone)]
        var entries: [UUID: UUID] = [:]
        for item in sets {
            let entry = entries[item.exercise] ?? UUID.n(1000 + entries.count + Int(id.uuid.15) * 10)
            if entries[item.exercise] == nil {
                entries[item.exercise] = entry
                events.append(ExerciseAddedToWorkout(workoutID: id, entryID: entry, exerciseID: item.exercise,
                                                     position: entries.count))
            }
            events.append(SetLogged(workoutID: id, entryID: entry, setID: item.setID, performance: item.performance,
                                    loggedAt: .at(start)))
        }
        events += extra
        let end = Timestamp.at(start).adding(seconds: 3600)
        events.append(completed ? WorkoutCompleted(workoutID: id, endedAt: end, durationSeconds: 3600)
                                : WorkoutCancelled(workoutID: id, cancelledAt: end))
        return events
    }

    /// Four workouts:
    /// - W1 (id 101), Mon 2026-03-02 07:00 UTC, references week 1 day 1, completed: bench
    ///   warm-up 60 × 5, then 100 × 5.
    /// - W2 (id 102), Thu 2026-03-05, no program day (free lifting), completed, no RPE:
    ///   squat 140 × 5, then 150 × 5 removed.
    /// - W3 (id 103), Mon 2026-03-09, references week 2 day 1, cancelled: squat 200 × 5.
    /// - W4 (id 104), 2026-03-15 23:30 UTC = 2026-03-16 00:30 in Berlin (UTC+1), references
    ///   week 3 day 1, completed, workout RPE 8: bench 100 × 5; 110 × 5 corrected to
    ///   102.5 × 5; a warm-up 40 × 5; 120 × 1 not completed.
    static func history() -> [any DomainEvent] {
        workout(.n(101), at: "2026-03-02T07:00:00Z", day: ProgramDayReference(programID: program, week: 1, dayOfWeek: 1),
                sets: [(bench, .n(201), set(60, 5, .warmup)), (bench, .n(202), set(100, 5))])
            + workout(.n(102), at: "2026-03-05T18:00:00Z", day: nil,
                      sets: [(squat, .n(211), set(140, 5)), (squat, .n(212), set(150, 5))],
                      then: [SetRemoved(workoutID: .n(102), setID: .n(212))])
            + workout(.n(103), at: "2026-03-09T07:00:00Z", day: ProgramDayReference(programID: program, week: 2, dayOfWeek: 1),
                      sets: [(squat, .n(221), set(200, 5))], completed: false)
            + workout(.n(104), at: "2026-03-15T23:30:00Z", zone: "Europe/Berlin",
                      day: ProgramDayReference(programID: program, week: 3, dayOfWeek: 1),
                      sets: [(bench, .n(231), set(100, 5)), (bench, .n(232), set(110, 5)),
                             (bench, .n(233), set(40, 5, .warmup)), (bench, .n(234), set(120, 1, completed: false))],
                      then: [SetCorrected(workoutID: .n(104), setID: .n(232), performance: set(102.5, 5)),
                             WorkoutRPERecorded(workoutID: .n(104), rpe: 8)])
    }
}
