import AntrainEvents
import Foundation

/// The weigh-ins of one year, a day each: the day's last entry (by measuring time), which is
/// the bodyweight a bodyweight exercise's sets of that day and of later days without one carry.
/// The value of `training/bodyweights`, under the year's first day.
struct BodyweightYear: KeyedValue, Equatable {
    typealias Key = CalendarDay

    struct Entry: Sendable, Equatable {
        /// The UTC day, as days since 1970.
        var day: Int32
        /// When it was measured, in µs since 1970.
        var measuredAt: Int64
        var kilograms: Double
    }

    /// One per day, by day.
    var entries: [Entry] = []

    init() {}

    /// Where `day`'s entry is or goes, and whether it is there: searched from the end, since
    /// weigh-ins nearly always come in time order.
    func place(of day: Int) -> (index: Int, found: Bool) {
        var index = entries.count
        while index > 0, Int(entries[index - 1].day) >= day { index -= 1 }
        return (index, index < entries.count && Int(entries[index].day) == day)
    }

    /// The key of the year holding `day`.
    static func key(of day: Int) -> CalendarDay {
        let components = CalendarDay(daysSince1970: day).components
        return CalendarDay(year: components.year, month: 1, day: 1)!
    }

    func encode(into writer: inout StateValueWriter) {
        writer.list(entries) { writer, entry in
            writer.signed(Int64(entry.day))
            writer.signed(entry.measuredAt)
            writer.double(entry.kilograms)
        }
    }

    init(from cursor: inout BinaryCursor) throws(BinaryCursor.Failure) {
        entries = try cursor.list { (cursor) throws(BinaryCursor.Failure) in
            Entry(day: Int32(truncatingIfNeeded: try cursor.signed()), measuredAt: try cursor.signed(), kilograms: try cursor.double())
        }
    }

    var residentBytes: Int { 32 + entries.count * MemoryLayout<Entry>.stride }
}

/// The few facts of the whole log the training fold keeps under one key: which exercises are
/// bodyweight exercises (a weigh-in may change their sets), and the first year with a weigh-in.
struct TrainingFacts: KeyedValue, Equatable {
    typealias Key = NameKey
    static let key: NameKey = "facts"

    /// Exercises of library kind `bodyweight`, in the order they became so.
    var bodyweightExercises: [UUID] = []
    /// The first year with a weigh-in (its first day), where a search back for a bodyweight stops.
    var firstBodyweightYear: CalendarDay?
    /// Every exercise met, by its number (``ExerciseBook/number``): stored workouts name their
    /// exercises by number.
    var exerciseIDs: [UUID] = []
    /// Workouts started and neither completed, cancelled nor deleted, in the order started.
    var activeWorkouts: [UUID] = []

    init() {}

    /// Takes a workout off ``activeWorkouts``. A workout starts once, so its id is there at most
    /// once; it is looked for from the end, since the workout that ends is nearly always one of
    /// the last started, and sessions left open for good gather at the front.
    mutating func endActive(_ workoutID: UUID) {
        if let index = activeWorkouts.lastIndex(of: workoutID) { activeWorkouts.remove(at: index) }
    }

    func encode(into writer: inout StateValueWriter) {
        writer.list(bodyweightExercises) { $0.uuid($1) }
        writer.optional(firstBodyweightYear) { $0.day($1) }
        writer.list(exerciseIDs) { $0.uuid($1) }
        writer.list(activeWorkouts) { $0.uuid($1) }
    }

    init(from cursor: inout BinaryCursor) throws(BinaryCursor.Failure) {
        bodyweightExercises = try cursor.list { (cursor) throws(BinaryCursor.Failure) in try cursor.uuid() }
        firstBodyweightYear = try cursor.optional { (cursor) throws(BinaryCursor.Failure) in try cursor.calendarDay() }
        exerciseIDs = try cursor.list { (cursor) throws(BinaryCursor.Failure) in try cursor.uuid() }
        activeWorkouts = try cursor.list { (cursor) throws(BinaryCursor.Failure) in try cursor.uuid() }
    }
}
