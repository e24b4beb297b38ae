import AntrainEvents
import Foundation

extension LegacyProgramProgress {
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
    ///
    /// Kept in 48 bytes rather than the 72 its optionals would take one by one (a tag and
    /// padding each): every set of every workout is kept. It encodes exactly as the plain
    /// struct of optionals it replaced (see `LegacyProgramProgress+TrackedSet.swift`).
    struct TrackedSet: Sendable, Equatable {
        /// The weight's value; 0 without a weight.
        private var weightValue: Double
        /// The RPE; 0 without one.
        private var rpeValue: Double
        /// The repetitions; 0 without them.
        private var repsValue: Int
        var entryID: UUID
        var setType: SetType
        /// The weight's unit; kilograms without a weight.
        private var weightUnit: MassUnit
        /// Which of reps, weight and RPE are there, and whether the set was completed.
        private var flags: UInt8

        private static let hasReps: UInt8 = 1, hasWeight: UInt8 = 2, hasRPE: UInt8 = 4, isCompleted: UInt8 = 8

        init(entryID: UUID, setType: SetType, reps: Int?, weight: Mass?, completed: Bool, rpe: Double?) {
            self.entryID = entryID
            self.setType = setType
            repsValue = reps ?? 0
            weightValue = weight?.value ?? 0
            weightUnit = weight?.unit ?? .kilograms
            rpeValue = rpe ?? 0
            flags = (reps != nil ? Self.hasReps : 0) | (weight != nil ? Self.hasWeight : 0)
                | (rpe != nil ? Self.hasRPE : 0) | (completed ? Self.isCompleted : 0)
        }

        init(entryID: UUID, _ performance: SetPerformance) {
            self.init(entryID: entryID, setType: performance.setType, reps: performance.reps, weight: performance.weight,
                      completed: performance.completed, rpe: performance.rpe)
        }

        mutating func correct(to performance: SetPerformance) {
            self = TrackedSet(entryID: entryID, performance)
        }

        var reps: Int? { flags & Self.hasReps != 0 ? repsValue : nil }
        var weight: Mass? { flags & Self.hasWeight != 0 ? Mass(weightValue, weightUnit) : nil }
        var rpe: Double? { flags & Self.hasRPE != 0 ? rpeValue : nil }
        var completed: Bool { flags & Self.isCompleted != 0 }

        /// A completed working set with a load: warm-ups never count.
        var isWorkingSet: Bool {
            let needed = Self.isCompleted | Self.hasReps | Self.hasWeight
            return flags & needed == needed && setType != .warmup
        }
    }
}
