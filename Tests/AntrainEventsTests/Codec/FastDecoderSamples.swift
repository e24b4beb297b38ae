import AntrainEvents
import Foundation

/// Variants of the fast-decoded events beyond the catalogue's samples, so that every optional
/// is seen present and absent, every enum case and every number form (whole, thousandths,
/// raw bits, negative zero) and multi-byte varints and non-ASCII text are read.
enum FastDecoderSamples {
    private static func id(_ name: String) -> UUID { UUID.stable("fast-decoder", name) }
    private static let workout = id("workout")
    private static let time = Timestamp(microsecondsSince1970: 1_757_915_100_123_456)

    static let performances: [SetPerformance] = [
        SetPerformance(setType: .warmup, reps: 5, weight: .kilograms(60), restSeconds: 90),
        SetPerformance(setType: .normal, reps: 999, weight: .pounds(225.5), completed: false, rpe: 9.5, restSeconds: 600,
                       notes: "Paused, grip wider — felt good 💪"),
        SetPerformance(setType: .dropset, reps: 1, weight: Mass(-0.0, .kilograms), rpe: 1.0 / 3),
        SetPerformance(setType: .failure, durationSeconds: 86_400, distanceMetres: 0.001, notes: ""),
        SetPerformance(setType: .normal, reps: -1_000_000_000_000, weight: Mass(1e300, .pounds), durationSeconds: 12.345,
                       distanceMetres: 4_503_599_627_370_497, restSeconds: Int.min),
    ]

    static let variants: [any DomainEvent] = performances.enumerated().flatMap { index, performance -> [any DomainEvent] in
        [SetLogged(workoutID: workout, entryID: id("entry-\(index)"), setID: id("set-\(index)"), performance: performance,
                   loggedAt: Timestamp(microsecondsSince1970: time.microsecondsSince1970 + Int64(index) * 7_777_777)),
         SetCorrected(workoutID: workout, setID: id("set-\(index)"), performance: performance,
                      doneAt: index.isMultiple(of: 2) ? Timestamp(microsecondsSince1970: 1_757_922_480_000_000 + Int64(index)) : nil)]
    } + [
        WorkoutStarted(workoutID: workout, type: .lifting, startedAt: time),
        WorkoutStarted(workoutID: workout, type: .cardio, name: "Morning run", templateID: id("template"), startedAt: time,
                       timeZone: "America/Argentina/Buenos_Aires"),
        WorkoutStarted(workoutID: workout, type: .metcon, name: "Ünïcödé", programDay: ProgramDayReference(programID: id("program"),
                       week: 52, dayOfWeek: 7), startedAt: Timestamp(microsecondsSince1970: Timestamp.validMicroseconds.upperBound)),
        ExerciseAddedToWorkout(workoutID: workout, entryID: id("entry"), exerciseID: id("exercise"), position: 99),
        ExerciseAddedToWorkout(workoutID: workout, entryID: id("entry"), exerciseID: id("exercise"), position: Int.max),
        WorkoutRPERecorded(workoutID: workout, rpe: 10),
        WorkoutRPERecorded(workoutID: workout, rpe: 7.25),
        WorkoutCompleted(workoutID: workout, endedAt: Timestamp(microsecondsSince1970: Timestamp.validMicroseconds.lowerBound),
                         durationSeconds: 0.1 + 0.2),
        BodyweightRecorded(entryID: id("bodyweight"), weight: .kilograms(81.3), recordedAt: time),
        BodyweightRecorded(entryID: id("bodyweight-lb"), weight: .pounds(180), recordedAt: time, notes: "after breakfast"),
        SetRemoved(workoutID: workout, setID: id("set-removed")),
        WorkoutNotesChanged(workoutID: workout, notes: ""),
        WorkoutNotesChanged(workoutID: workout, notes: "Deload week — knees ✓"),
        FoodEntryRemoved(entryID: id("food-removed"), day: CalendarDay(year: 1, month: 1, day: 1)!),
        CardioLogged(workoutID: workout, activity: .run, startedAt: time, durationSeconds: 1_800),
        CardioLogged(workoutID: workout, activity: .bike, startedAt: time, name: "Commute", distanceMetres: 12_345.6,
                     durationSeconds: 0.5, paceSecondsPerKilometre: 1e-300, notes: "Headwind 🌬️", timeZone: "America/Phoenix"),
        MetconLogged(workoutID: workout, format: .amrap, startedAt: time, durationSeconds: 1_200),
        MetconLogged(workoutID: workout, format: .forTime, startedAt: time, name: "Fran", rounds: Int.min, durationSeconds: 0.1 + 0.2,
                     result: "3:45", notes: "", timeZone: "Asia/Kathmandu"),
    ] + CardioActivity.allCases.map { activity -> any DomainEvent in
        CardioLogged(workoutID: workout, activity: activity, startedAt: time, durationSeconds: 60)
    } + MetconFormat.allCases.map { format -> any DomainEvent in
        MetconLogged(workoutID: workout, format: format, startedAt: time, rounds: 5, durationSeconds: 600)
    } + Meal.allCases.map { meal -> any DomainEvent in
        FoodEntryCorrected(entryID: id("corrected-\(meal)"), day: CalendarDay(year: 2025, month: 9, day: 15)!, meal: meal,
                           amountGrams: meal == .lunch ? -0.0 : 42.5)
    } + Meal.allCases.map { meal -> any DomainEvent in
        FoodLogged(entryID: id("food-\(meal)"), day: CalendarDay(year: 2025, month: 9, day: 15)!, meal: meal, foodID: id("food"),
                   foodName: meal == .snack ? "Crème brûlée" : "Rolled oats", amountGrams: meal == .dinner ? 12.5 : 250,
                   per100g: Nutrients(caloriesKcal: 389, proteinG: 16.9, carbsG: 66.3, fatsG: 6.9),
                   loggedAt: time)
    }
}
