import AntrainEvents
import Foundation
import OrderedCollections

/// What the ``LegacyRecorder`` checks commands against: which workouts, exercises, templates,
/// programs and foods exist (and which were deleted), the active workout and program, and
/// the version of every stream, so that an append is guarded by the version its check saw.
///
/// Deleted items stay as tombstones: a command naming one is refused as "deleted", not
/// "unknown", and its id is never used for something new.
public struct LegacyCommandState: ReadModel, Equatable {
    public static let name = "command-state"
    public static let version = 1

    /// The last version of each stream (versions count from 0).
    public internal(set) var streamVersions: OrderedDictionary<String, UInt64> = [:]
    /// Every workout, by id.
    public internal(set) var workouts: OrderedDictionary<UUID, Workout> = [:]
    /// The workout started and not yet completed, cancelled or deleted.
    public internal(set) var activeWorkoutID: UUID?
    /// Exercises of the library, by id.
    public internal(set) var exercises: OrderedDictionary<UUID, LibraryItem> = [:]
    /// Templates, by id.
    public internal(set) var templates: OrderedDictionary<UUID, Template> = [:]
    /// Programs, by id.
    public internal(set) var programs: OrderedDictionary<UUID, Program> = [:]
    /// The program followed, if any.
    public internal(set) var activeProgramID: UUID?
    /// Foods of the library, by id.
    public internal(set) var foods: OrderedDictionary<UUID, Food> = [:]

    public init() {}

    /// The expected version for an append to `stream`: its last version, or no stream.
    public func expectedVersion(of stream: String) -> ExpectedVersion {
        streamVersions[stream].map { .exact($0) } ?? .noStream
    }

    /// A workout of the state.
    public struct Workout: Codable, Sendable, Equatable {
        /// Where a workout stands.
        public enum Status: String, Codable, Sendable {
            /// Started, not yet ended.
            case active
            /// Completed.
            case completed
            /// Cancelled.
            case cancelled
            /// Deleted by the user.
            case deleted
            /// A cardio or metcon quick log, done in one event.
            case logged
        }

        /// Lifting, cardio or metcon.
        public var type: WorkoutType
        /// Where it stands.
        public var status: Status
        /// Exercise occurrences: entry id to exercise id, in the order they were added.
        public var entries: OrderedDictionary<UUID, UUID> = [:]
        /// Sets, by set id.
        public var sets: OrderedDictionary<UUID, LoggedSet> = [:]

        /// A workout of `type` in `status`.
        public init(type: WorkoutType, status: Status) {
            self.type = type
            self.status = status
        }
    }

    /// What the rules need of a logged set.
    public struct LoggedSet: Codable, Sendable, Equatable {
        /// The exercise occurrence it belongs to.
        public var entryID: UUID
        /// Whether it was done.
        public var completed: Bool
    }

    /// An exercise of the library.
    public struct LibraryItem: Codable, Sendable, Equatable {
        /// Its name.
        public var name: String
        /// Whether it ships with the app.
        public var isPreset: Bool
        /// Whether the user deleted it.
        public var isDeleted = false
    }

    /// A template.
    public struct Template: Codable, Sendable, Equatable {
        /// Its name.
        public var name: String
        /// Whether the user deleted it.
        public var isDeleted = false
    }

    /// A program.
    public struct Program: Codable, Sendable, Equatable {
        /// Its definition.
        public var definition: ProgramDefinition
        /// Whether it ships with the app.
        public var isPreset: Bool
        /// Whether the user deleted it.
        public var isDeleted = false

        /// The templates its days name, without repeats, in order of first use.
        public var templateIDs: [UUID] {
            var seen = OrderedSet<UUID>()
            for week in definition.weeks { for day in week.days { if let id = day.templateID { seen.append(id) } } }
            return Array(seen)
        }
    }

    /// A food of the library.
    public struct Food: Codable, Sendable, Equatable {
        /// Its definition: name and nutrients per 100 g, which diary entries copy.
        public var definition: FoodDefinition
        /// Whether it ships with the app.
        public var isPreset: Bool
        /// Whether the user deleted it.
        public var isDeleted = false
    }
}
