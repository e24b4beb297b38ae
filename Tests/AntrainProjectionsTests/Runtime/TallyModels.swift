import AntrainEvents
import AntrainProjections
import Foundation
import OrderedCollections

/// A small real read model for the runtime's tests: sets and volume per exercise, workouts
/// started, and the offsets it saw (so that order and completeness show in its value).
struct SetTally: ReadModel, Equatable {
    static let name = "set-tally"
    static let version = 1

    struct Totals: Codable, Sendable, Equatable {
        var sets = 0
        var volumeKg = 0.0
    }

    var exerciseByEntry: OrderedDictionary<UUID, UUID> = [:]
    var totals: OrderedDictionary<UUID, Totals> = [:]
    var workouts = 0
    var offsets: [UInt64] = []

    init() {}

    mutating func visit(_ event: WorkoutStarted, _ stored: EventMetadata) {
        workouts += 1
        offsets.append(stored.offset)
    }

    mutating func visit(_ event: ExerciseAddedToWorkout, _ stored: EventMetadata) {
        exerciseByEntry[event.entryID] = event.exerciseID
        offsets.append(stored.offset)
    }

    mutating func visit(_ event: SetLogged, _ stored: EventMetadata) {
        offsets.append(stored.offset)
        guard let exercise = exerciseByEntry[event.entryID] else { return }
        totals[exercise, default: Totals()].sets += 1
        totals[exercise, default: Totals()].volumeKg += (event.performance.weight?.kilograms ?? 0) * Double(event.performance.reps ?? 0)
    }
}

/// The same model at a later version: its checkpoints must not be read by ``SetTally``'s.
struct SetTallyV2: ReadModel, Equatable {
    static let name = SetTally.name
    static let version = 2
    var inner = SetTally()
    init() {}
    mutating func visit(_ event: SetLogged, _ stored: EventMetadata) { inner.visit(event, stored) }
    mutating func visit(_ event: ExerciseAddedToWorkout, _ stored: EventMetadata) { inner.visit(event, stored) }
    mutating func visit(_ event: WorkoutStarted, _ stored: EventMetadata) { inner.visit(event, stored) }
}

/// Workouts of generated lifting sessions, for runtime tests: deterministic from a seed.
enum TallyWorkouts {
    static let squat = UUID.n(0x5001)
    static let bench = UUID.n(0x5002)

    /// The events of one workout: started, two exercises, `sets` sets each; recorded one
    /// minute apart from `start`.
    static func workout(_ number: Int, sets: Int, start: Timestamp) -> [NewEvent] {
        let workout = UUID.n(0x1_0000 + number)
        var events: [any DomainEvent] = [WorkoutStarted(workoutID: workout, type: .lifting, startedAt: start)]
        for (index, exercise) in [squat, bench].enumerated() {
            let entry = UUID.n(0x2_0000 + number * 4 + index)
            events.append(ExerciseAddedToWorkout(workoutID: workout, entryID: entry, exerciseID: exercise, position: index + 1))
            for set in 0..<sets {
                let performance = SetPerformance(reps: 5 + set % 3, weight: .kilograms(Double(60 + number % 40) + 2.5 * Double(set)))
                events.append(SetLogged(workoutID: workout, entryID: entry, setID: UUID.n(0x3_0000 + number * 64 + index * 32 + set),
                                        performance: performance, loggedAt: start.adding(seconds: Double(events.count * 60))))
            }
        }
        return events.enumerated().map { index, event in
            NewEvent(event, id: UUID.n(0x4_0000 + number * 128 + index), recordedAt: start.adding(seconds: Double(index * 60)))
        }
    }

    /// Appends workouts `range`, one a day from 2026-01-01, each as one append.
    static func append(_ range: Range<Int>, to log: EventLog, sets: Int = 3) async throws {
        for number in range {
            let start = Timestamp.at("2026-01-01T07:00:00Z").adding(seconds: Double(number) * 86_400)
            try await log.append(workout(number, sets: sets, start: start))
        }
    }
}
