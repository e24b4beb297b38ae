// The projections every rebuild benchmark feeds. For now, stand-in read models defined
// here; the integrator replaces the body of `makeAllProjections()` with the real read
// models once they are merged.
import AntrainEvents
import AntrainProjections
import Foundation

/// One projection of every read model, fresh (at the start of the log).
func makeAllProjections() -> [any ProjectionHost] {
    [Projection<ExerciseSetTotals>(), Projection<TrainingAndNutritionOverview>()]
}

/// Sets and volume per exercise, with corrections and removals applied: the shape of work a
/// real lifting read model does (two dictionary lookups per set).
struct ExerciseSetTotals: ReadModel {
    static let name = "bench-exercise-set-totals"
    static let version = 1

    struct Totals: Codable, Sendable, Equatable {
        var sets = 0
        var volumeKg = 0.0
        var corrections = 0
        var removals = 0
    }

    /// The exercise of each entry and set of the workouts still open (dropped when a
    /// workout ends, so memory follows the open workouts, not the log).
    private var exerciseOfEntry: [UUID: UUID] = [:]
    private var exerciseOfSet: [UUID: UUID] = [:]
    /// The entry and set ids of each open workout.
    private var entriesOfWorkout: [UUID: [UUID]] = [:]
    private(set) var totals: [UUID: Totals] = [:]

    init() {}

    mutating func visit(_ event: ExerciseAddedToWorkout, _ stored: StoredEvent) {
        exerciseOfEntry[event.entryID] = event.exerciseID
        entriesOfWorkout[event.workoutID, default: []].append(event.entryID)
    }

    mutating func visit(_ event: SetLogged, _ stored: StoredEvent) {
        guard let exercise = exerciseOfEntry[event.entryID] else { return }
        exerciseOfSet[event.setID] = exercise
        entriesOfWorkout[event.workoutID, default: []].append(event.setID)
        let reps = Double(event.performance.reps ?? 0)
        totals[exercise, default: Totals()].sets += 1
        totals[exercise, default: Totals()].volumeKg += reps * (event.performance.weight?.kilograms ?? 0)
    }

    mutating func visit(_ event: SetCorrected, _ stored: StoredEvent) {
        guard let exercise = exerciseOfSet[event.setID] else { return }
        totals[exercise, default: Totals()].corrections += 1
    }

    mutating func visit(_ event: SetRemoved, _ stored: StoredEvent) {
        guard let exercise = exerciseOfSet[event.setID] else { return }
        totals[exercise, default: Totals()].removals += 1
        totals[exercise, default: Totals()].sets -= 1
    }

    mutating func visit(_ event: WorkoutCompleted, _ stored: StoredEvent) { close(event.workoutID) }
    mutating func visit(_ event: WorkoutCancelled, _ stored: StoredEvent) { close(event.workoutID) }

    private mutating func close(_ workout: UUID) {
        for id in entriesOfWorkout.removeValue(forKey: workout) ?? [] {
            exerciseOfEntry[id] = nil
            exerciseOfSet[id] = nil
        }
    }

    // Checkpoints hold no Dictionary order: entries are written sorted by id.
    private enum CodingKeys: CodingKey { case open, totals }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        for (workout, entries) in try container.decode([OpenWorkout].self, forKey: .open).map({ ($0.workout, $0.entries) }) {
            entriesOfWorkout[workout] = entries.map(\.entry)
            for entry in entries where entry.isSet { exerciseOfSet[entry.entry] = entry.exercise }
            for entry in entries where !entry.isSet { exerciseOfEntry[entry.entry] = entry.exercise }
        }
        totals = Dictionary(uniqueKeysWithValues: try container.decode([ExerciseTotals].self, forKey: .totals).map { ($0.exercise, $0.totals) })
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        let open = entriesOfWorkout.sorted { $0.key.uuidString < $1.key.uuidString }.map { workout, entries in
            OpenWorkout(workout: workout, entries: entries.map { id in
                exerciseOfEntry[id].map { OpenEntry(entry: id, exercise: $0, isSet: false) }
                    ?? OpenEntry(entry: id, exercise: exerciseOfSet[id]!, isSet: true)
            })
        }
        try container.encode(open, forKey: .open)
        try container.encode(totals.sorted { $0.key.uuidString < $1.key.uuidString }.map { ExerciseTotals(exercise: $0.key, totals: $0.value) },
                             forKey: .totals)
    }

    private struct OpenEntry: Codable { var entry: UUID; var exercise: UUID; var isSet: Bool }
    private struct OpenWorkout: Codable { var workout: UUID; var entries: [OpenEntry] }
    private struct ExerciseTotals: Codable { var exercise: UUID; var totals: Totals }
}

/// Counts and sums across the rest of the catalogue: workouts by outcome, calories eaten per
/// day, the latest bodyweight, cardio distance, metcons, profile and program changes.
struct TrainingAndNutritionOverview: ReadModel {
    static let name = "bench-overview"
    static let version = 1

    var workoutsStarted = 0
    var workoutsCompleted = 0
    var workoutsCancelled = 0
    var foodEntries = 0
    /// Kilocalories logged per day (days since 1970), kept sorted by day.
    var caloriesByDay: [Int: Double] = [:]
    var latestBodyweightKg: Double?
    var bodyweightEntries = 0
    var cardioMetres = 0.0
    var metcons = 0
    var programActivations = 0
    var profileUpdates = 0

    init() {}

    mutating func visit(_ event: WorkoutStarted, _ stored: StoredEvent) { workoutsStarted += 1 }
    mutating func visit(_ event: WorkoutCompleted, _ stored: StoredEvent) { workoutsCompleted += 1 }
    mutating func visit(_ event: WorkoutCancelled, _ stored: StoredEvent) { workoutsCancelled += 1 }
    mutating func visit(_ event: FoodLogged, _ stored: StoredEvent) {
        foodEntries += 1
        caloriesByDay[event.day.daysSince1970, default: 0] += event.amountGrams * event.per100g.caloriesKcal / 100
    }
    mutating func visit(_ event: BodyweightRecorded, _ stored: StoredEvent) {
        bodyweightEntries += 1
        latestBodyweightKg = event.weight.kilograms
    }
    mutating func visit(_ event: CardioLogged, _ stored: StoredEvent) { cardioMetres += event.distanceMetres ?? 0 }
    mutating func visit(_ event: MetconLogged, _ stored: StoredEvent) { metcons += 1 }
    mutating func visit(_ event: ProgramActivated, _ stored: StoredEvent) { programActivations += 1 }
    mutating func visit(_ event: ProfileUpdated, _ stored: StoredEvent) { profileUpdates += 1 }

    private enum CodingKeys: CodingKey {
        case workoutsStarted, workoutsCompleted, workoutsCancelled, foodEntries, days, calories, latestBodyweightKg
        case bodyweightEntries, cardioMetres, metcons, programActivations, profileUpdates
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        workoutsStarted = try c.decode(Int.self, forKey: .workoutsStarted)
        workoutsCompleted = try c.decode(Int.self, forKey: .workoutsCompleted)
        workoutsCancelled = try c.decode(Int.self, forKey: .workoutsCancelled)
        foodEntries = try c.decode(Int.self, forKey: .foodEntries)
        caloriesByDay = Dictionary(uniqueKeysWithValues: zip(try c.decode([Int].self, forKey: .days), try c.decode([Double].self, forKey: .calories)))
        latestBodyweightKg = try c.decodeIfPresent(Double.self, forKey: .latestBodyweightKg)
        bodyweightEntries = try c.decode(Int.self, forKey: .bodyweightEntries)
        cardioMetres = try c.decode(Double.self, forKey: .cardioMetres)
        metcons = try c.decode(Int.self, forKey: .metcons)
        programActivations = try c.decode(Int.self, forKey: .programActivations)
        profileUpdates = try c.decode(Int.self, forKey: .profileUpdates)
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(workoutsStarted, forKey: .workoutsStarted)
        try c.encode(workoutsCompleted, forKey: .workoutsCompleted)
        try c.encode(workoutsCancelled, forKey: .workoutsCancelled)
        try c.encode(foodEntries, forKey: .foodEntries)
        let days = caloriesByDay.keys.sorted()
        try c.encode(days, forKey: .days)
        try c.encode(days.map { caloriesByDay[$0]! }, forKey: .calories)
        try c.encodeIfPresent(latestBodyweightKg, forKey: .latestBodyweightKg)
        try c.encode(bodyweightEntries, forKey: .bodyweightEntries)
        try c.encode(cardioMetres, forKey: .cardioMetres)
        try c.encode(metcons, forKey: .metcons)
        try c.encode(programActivations, forKey: .programActivations)
        try c.encode(profileUpdates, forKey: .profileUpdates)
    }
}
