import AntrainEvents
import Foundation

extension ProgramProgress {
    /// The program followed, and the day of its week 1, day 1.
    struct ActiveProgram: Codable, Sendable, Equatable {
        var programID: UUID
        var startDate: CalendarDay
    }

    /// An exercise of a template done in sets of repetitions: what a suggestion is made for.
    /// Timed exercises and breaks carry no load, so they are not kept.
    struct TemplateExercise: Codable, Sendable, Equatable {
        var exerciseID: UUID
        var sets: Int
        var repsPerSet: Int

        static func of(_ items: [TemplateItem]) -> [TemplateExercise] {
            items.compactMap { item in
                guard case let .exercise(_, exerciseID, .repetitions(sets, reps, _)) = item else { return nil }
                return TemplateExercise(exerciseID: exerciseID, sets: sets, repsPerSet: reps)
            }
        }
    }

    /// Where a workout stands.
    enum WorkoutStatus: String, Codable, Sendable {
        case active, completed, cancelled
    }

    /// What the answers need of one workout.
    struct TrackedWorkout: Codable, Sendable, Equatable {
        var type: WorkoutType
        var programDay: ProgramDayReference?
        var startedAt: Timestamp
        /// Decides the calendar day the workout counts for; resolved only by queries.
        var timeZone: String
        var status: WorkoutStatus = .active
        var rpe: Double?
        /// Exercise occurrences: entry id to exercise id.
        var entries = LinearUUIDMap<UUID>()
        /// Sets in the order they were logged (a correction keeps the set's place).
        var sets = LinearUUIDMap<TrackedSet>()

        init(type: WorkoutType, programDay: ProgramDayReference?, startedAt: Timestamp, timeZone: String) {
            self.type = type
            self.programDay = programDay
            self.startedAt = startedAt
            self.timeZone = timeZone
        }

        mutating func removeEntry(_ entryID: UUID) {
            entries.removeValue(forKey: entryID)
            sets.removeAll { $0.entryID == entryID }
        }
    }

    /// The parts of a set that decide a last performance.
    struct TrackedSet: Codable, Sendable, Equatable {
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

        mutating func correct(to performance: SetPerformance) {
            self = TrackedSet(entryID: entryID, performance)
        }

        /// A completed working set with a load: warm-ups never count.
        var isWorkingSet: Bool { completed && setType != .warmup && reps != nil && weight != nil }
    }
}
