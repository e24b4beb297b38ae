import AntrainEvents
import AntrainLog
import AntrainTestSupport
import Foundation

/// Lifting workouts for runtime tests, built from their number alone: the same number gives
/// the same events, ids and recording times, so a copy of a log has the same offsets.
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
