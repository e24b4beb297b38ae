import AntrainEvents
import Foundation
import OrderedCollections

extension ProgramAnswers {
    /// The program followed, and the day of its week 1, day 1.
    struct ActiveProgram: Sendable, Equatable {
        var programID: UUID
        var startDate: CalendarDay
    }

    /// An exercise of a template done in sets of repetitions: what a suggestion is made for.
    /// Timed exercises and breaks carry no load, so they are not kept.
    struct TemplateExercise: Codable, Sendable, Equatable {
        var exerciseID: UUID
        var sets: Int
        var repsPerSet: Int
        /// The template's weight for it, the first suggestion before it has a history (seed 004).
        var weight: Mass? = nil

        static func of(_ items: [TemplateItem]) -> [TemplateExercise] {
            items.compactMap { item in
                guard case let .exercise(_, exerciseID, .repetitions(sets, reps, _, weight)) = item else { return nil }
                return TemplateExercise(exerciseID: exerciseID, sets: sets, repsPerSet: reps, weight: weight)
            }
        }
    }

    /// Where a workout stands.
    enum WorkoutStatus: Sendable {
        case active, completed, cancelled
    }

    /// What the answers need of one workout.
    struct TrackedWorkout: Sendable, Equatable {
        var type: WorkoutType
        var programDay: ProgramDayReference?
        var startedAt: Timestamp
        /// Decides the calendar day the workout counts for; resolved only by queries.
        var timeZone: String
        var status: WorkoutStatus = .active
        var rpe: Double?
        /// Exercise occurrences: entry id to exercise id.
        var entries: OrderedDictionary<UUID, UUID> = [:]
        /// Sets in the order they were logged.
        var sets: OrderedDictionary<UUID, TrackedSet> = [:]

        init(type: WorkoutType, programDay: ProgramDayReference?, startedAt: Timestamp, timeZone: String) {
            self.type = type
            self.programDay = programDay
            self.startedAt = startedAt
            self.timeZone = timeZone
        }
    }

    /// The parts of a set that decide a last performance.
    struct TrackedSet: Sendable, Equatable {
        var entryID: UUID
        var setType: SetType
        var reps: Int?
        var weight: Mass?
        var completed: Bool
        var rpe: Double?

        init(entryID: UUID, _ performance: SetPerformance) {
            self.entryID = entryID
            setType = performance.setType
            reps = performance.reps
            weight = performance.weight
            completed = performance.completed
            rpe = performance.rpe
        }

        /// A completed working set with a load: warm-ups never count.
        var isWorkingSet: Bool { completed && reps != nil && weight != nil && setType != .warmup }
    }
}
