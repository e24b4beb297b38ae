import AntrainEvents
import AntrainTestSupport
import Foundation

/// Builders for lifting events, so fixtures read as a training log. Ids are `UUID.n`:
/// exercises below 100, workouts from 100, entries from 200, sets from 1000.
enum Lifting {
    static func exercise(_ id: Int, _ name: String, kind: ExerciseKind = .weightAndReps) -> ExerciseCreated {
        ExerciseCreated(exerciseID: .n(id), definition: definition(name, kind: kind))
    }

    static func definition(_ name: String, kind: ExerciseKind = .weightAndReps) -> ExerciseDefinition {
        ExerciseDefinition(name: name, category: kind == .bodyweight ? .bodyweight : .barbell, kind: kind,
                           equipment: kind == .bodyweight ? .bodyweight : .barbell, muscleGroups: [.chest])
    }

    static func start(_ workout: Int, _ at: String, _ type: WorkoutType = .lifting, name: String? = nil) -> WorkoutStarted {
        WorkoutStarted(workoutID: .n(workout), type: type, name: name, startedAt: .at(at))
    }

    static func add(_ workout: Int, entry: Int, exercise: Int, position: Int = 1) -> ExerciseAddedToWorkout {
        ExerciseAddedToWorkout(workoutID: .n(workout), entryID: .n(entry), exerciseID: .n(exercise), position: position)
    }

    static func performance(_ weight: Mass? = nil, _ reps: Int? = nil, type: SetType = .normal, completed: Bool = true,
                            rpe: Double? = nil, seconds: Double? = nil, metres: Double? = nil) -> SetPerformance {
        SetPerformance(setType: type, reps: reps, weight: weight, durationSeconds: seconds, distanceMetres: metres,
                       completed: completed, rpe: rpe)
    }

    static func set(_ workout: Int, entry: Int, set: Int, _ weight: Mass? = nil, _ reps: Int? = nil, type: SetType = .normal,
                    completed: Bool = true, rpe: Double? = nil, seconds: Double? = nil, metres: Double? = nil,
                    at: String) -> SetLogged {
        SetLogged(workoutID: .n(workout), entryID: .n(entry), setID: .n(set),
                  performance: performance(weight, reps, type: type, completed: completed, rpe: rpe, seconds: seconds, metres: metres),
                  loggedAt: .at(at))
    }

    static func correct(_ workout: Int, set: Int, _ performance: SetPerformance) -> SetCorrected {
        SetCorrected(workoutID: .n(workout), setID: .n(set), performance: performance)
    }

    /// Whether two numbers agree to 1e-9 (sums of converted pounds are not exact in binary).
    static func approx(_ a: Double?, _ b: Double) -> Bool {
        guard let a else { return false }
        return abs(a - b) < 1e-9
    }

    static func complete(_ workout: Int, _ at: String, seconds: Double) -> WorkoutCompleted {
        WorkoutCompleted(workoutID: .n(workout), endedAt: .at(at), durationSeconds: seconds)
    }
}

extension ScratchLog {
    /// Appends one event and gives its offset.
    func offset(of event: some DomainEvent, at recordedAt: String? = nil) async throws -> UInt64 {
        try await record(event, at: recordedAt).offsets[0]
    }
}

