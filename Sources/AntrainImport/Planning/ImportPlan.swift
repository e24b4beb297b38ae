import AntrainEvents
import Foundation

/// The names already in the library, so that an import reuses an exercise or food the user
/// has rather than creating a second one. Names are compared trimmed and lower-cased, as the
/// library's own name lookups compare them.
public struct KnownLibrary: Sendable {
    private var exercises: [String: UUID] = [:]
    private var foods: [String: UUID] = [:]

    /// An empty library: every exercise and food of an import will be created.
    public init() {}

    /// Notes an exercise of the library; the first one of a name wins, as in the library.
    public mutating func addExercise(named name: String, id: UUID) {
        let key = Self.key(name)
        if exercises[key] == nil { exercises[key] = id }
    }

    /// Notes a food of the library; the first one of a name wins.
    public mutating func addFood(named name: String, id: UUID) {
        let key = Self.key(name)
        if foods[key] == nil { foods[key] = id }
    }

    /// The id of the exercise called `name`, if the library has one.
    public func exercise(named name: String) -> UUID? { exercises[Self.key(name)] }

    /// The id of the food called `name`, if the library has one.
    public func food(named name: String) -> UUID? { foods[Self.key(name)] }

    /// How names are compared.
    static func key(_ name: String) -> String { name.trimmingCharacters(in: .whitespacesAndNewlines).lowercased() }
}

/// The events of one stream, in order: one or more appends of the import.
public struct PlannedStream: Sendable {
    /// The stream every event belongs to.
    public var stream: String
    /// Its events, with stable ids and their original times.
    public var events: [NewEvent]

    /// The events `events` of `stream`.
    public init(stream: String, events: [NewEvent]) {
        self.stream = stream
        self.events = events
    }
}

/// What an imported file becomes: the events to append, stream by stream, and what they hold.
///
/// Every id (of workouts, sets, entries, custom exercises and foods, and of the events
/// themselves) is derived from the file's content with `UUID.stable`, so planning the same
/// file again gives the same events, and appending them again stores nothing new.
public struct ImportPlan: Sendable {
    /// The streams to append, library items first so that workouts and diaries name them.
    public var streams: [PlannedStream] = []
    /// Workouts in the plan.
    public var workouts = 0
    /// Sets logged by those workouts.
    public var sets = 0
    /// Food diary entries.
    public var foods = 0
    /// Distinct days with a workout or a food entry (in the import's time zone for workouts).
    public var days = 0
    /// Exercises the library lacked, created as custom exercises.
    public var newExercises: [String] = []
    /// Foods the library lacked, created as custom foods.
    public var newFoods: [String] = []
    /// Rows left out, by the reader or because their event would be invalid, in line order.
    public var skipped: [SkippedRow] = []
    /// The data rows of the file, for the share of them left out.
    public var rows = 0

    /// The share of rows whose loss makes the summary warn: a few rows of an odd export are
    /// noise, more are a layout the import misreads, and the user should look.
    public static let warningShare = 0.02

    /// Skipped rows that held data (not rest timers, sets with nothing performed or 0 g servings).
    public var lostRows: [SkippedRow] { skipped.filter(\.kind.losesData) }

    /// How many rows were skipped for each reason, in the order of ``SkipKind``.
    public var skippedByKind: [(kind: SkipKind, count: Int)] {
        Dictionary(grouping: skipped, by: \.kind).map { ($0.key, $0.value.count) }.sorted { $0.kind < $1.kind }
    }

    /// Whether the rows that held data and were skipped are more than ``warningShare`` of the file's rows.
    public var lossNeedsWarning: Bool {
        let lost = lostRows.count
        return lost > 0 && Double(lost) > Self.warningShare * Double(max(rows, 1))
    }

    /// An empty plan.
    public init() {}

    /// Every event of the plan, in append order.
    public var eventCount: Int { streams.reduce(0) { $0 + $1.events.count } }
}

extension UUID {
    /// The id of an import's event: derived from what it records and its type, so that a
    /// re-import proposes the same event with the same id and the log stores nothing new.
    static func importEvent(_ type: String, _ subject: UUID, _ detail: String = "") -> UUID {
        .stable("import", "event", type, subject.uuidString, detail)
    }
}
