import AntrainEvents

/// Gathers set rows into workouts: rows with the same workout key (start and name) form one
/// workout; exercises keep the order they first appear in, sets the order of the file.
struct WorkoutAssembler {
    private var order: [String] = []
    private var workouts: [String: ImportedWorkout] = [:]

    /// Adds a set to the workout `key`, creating it from `make` on first sight.
    mutating func add(_ set: ImportedSet, exercise: String, category: String? = nil, exerciseNotes: String? = nil,
                      toWorkout key: String, make: () -> ImportedWorkout) {
        var workout = workouts[key] ?? { order.append(key); return make() }()
        if let index = workout.exercises.firstIndex(where: { $0.name == exercise }) {
            workout.exercises[index].sets.append(set)
        } else {
            workout.exercises.append(ImportedExercise(name: exercise, category: category, notes: exerciseNotes, sets: [set]))
        }
        workouts[key] = workout
    }

    /// The workouts, ordered by start (file order among equal starts).
    var result: [ImportedWorkout] {
        order.enumerated().map { ($0.offset, workouts[$0.element]!) }
            .sorted { ($0.1.startedAt, $0.0) < ($1.1.startedAt, $1.0) }
            .map(\.1)
    }
}
