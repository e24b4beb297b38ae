import AntrainEvents
import Foundation

/// One calendar day's training: the workouts that count on it (completed, or quick-logged),
/// their volume and working sets. The value of `training/days`, under the day in each
/// workout's own time zone.
struct TrainingDayLine: KeyedValue, Equatable {
    typealias Key = CalendarDay

    var day: CalendarDay
    var workouts = 0
    /// Σ weight × reps of the working sets, in kg.
    var volumeKg = 0.0
    /// Completed sets that are not warm-ups.
    var workingSets = 0
    /// For the programs' adherence: completed lifting workouts that name no program day, and
    /// the program days completed workouts name, each with how many.
    var freeLifting = 0
    var programDays: [(day: ProgramDayReference, workouts: Int)] = []

    init(day: CalendarDay) { self.day = day }

    static func == (lhs: TrainingDayLine, rhs: TrainingDayLine) -> Bool { lhs.encoded == rhs.encoded }

    func encode(into writer: inout StateValueWriter) {
        writer.day(day)
        writer.int(workouts)
        writer.double(volumeKg)
        writer.int(workingSets)
        writer.int(freeLifting)
        writer.list(programDays) { writer, entry in
            writer.uuid(entry.day.programID)
            writer.int(entry.day.week)
            writer.int(entry.day.dayOfWeek)
            writer.int(entry.workouts)
        }
    }

    init(from cursor: inout BinaryCursor) throws(BinaryCursor.Failure) {
        day = try cursor.calendarDay()
        workouts = try cursor.int()
        volumeKg = try cursor.double()
        workingSets = try cursor.int()
        freeLifting = try cursor.int()
        programDays = try cursor.list { (cursor) throws(BinaryCursor.Failure) in
            (ProgramDayReference(programID: try cursor.uuid(), week: try cursor.int(), dayOfWeek: try cursor.int()), try cursor.int())
        }
    }

    /// The day, its workouts, volume in kg and working sets.
    var columns: [StateColumnValue] {
        [.day(day), .integer(Int64(workouts)), .real(volumeKg), .integer(Int64(workingSets))]
    }
}

/// One exercise's working sets on one calendar day (of the workouts that count): what the
/// sets per muscle group are added up from, and an analyst's weekly volume per exercise. The
/// value of `training/exercise-days`, under the day and the exercise.
struct ExerciseDayLine: KeyedValue, Equatable {
    typealias Key = DayExerciseKey

    var sets = 0
    var reps = 0
    var volumeKg = 0.0
    /// The key's day and exercise, for the columns (not in the value's bytes: the key has them).
    var key: DayExerciseKey?

    /// An empty line, as a workout's tally adds it up.
    init() {}

    /// An empty line of `key`'s day and exercise.
    init(key: DayExerciseKey) { self.key = key }

    func encode(into writer: inout StateValueWriter) {
        writer.int(sets)
        writer.int(reps)
        writer.double(volumeKg)
    }

    init(from cursor: inout BinaryCursor) throws(BinaryCursor.Failure) {
        sets = try cursor.int()
        reps = try cursor.int()
        volumeKg = try cursor.double()
    }

    init(from cursor: inout BinaryCursor, key: DayExerciseKey) throws(BinaryCursor.Failure) {
        try self.init(from: &cursor)
        self.key = key
    }

    /// The day, the exercise (its id's 16 bytes, the key of `training_exercises`), working
    /// sets, their reps, and their volume in kg.
    var columns: [StateColumnValue] {
        [.day(key?.day), key.map { .blob($0.exerciseID.keyBytes) } ?? .null, .integer(Int64(sets)), .integer(Int64(reps)),
         .real(volumeKg)]
    }

    static func == (lhs: ExerciseDayLine, rhs: ExerciseDayLine) -> Bool {
        lhs.sets == rhs.sets && lhs.reps == rhs.reps && lhs.volumeKg == rhs.volumeKg
    }
}

/// A calendar day and an exercise: the day's four ordered bytes, then the exercise's sixteen,
/// so that a range of days reads every exercise of those days.
struct DayExerciseKey: NumberedStateKey {
    typealias Numbering = DictionaryNumbering<DayExerciseKey>

    var day: CalendarDay
    var exerciseID: UUID

    var keyBytes: [UInt8] { day.keyBytes + exerciseID.keyBytes }

    init(day: CalendarDay, exerciseID: UUID) {
        self.day = day
        self.exerciseID = exerciseID
    }

    init?(keyBytes: [UInt8]) {
        guard keyBytes.count == 20, let day = CalendarDay(keyBytes: Array(keyBytes[0..<4])),
              let exercise = UUID(keyBytes: Array(keyBytes[4..<20])) else { return nil }
        self.day = day
        exerciseID = exercise
    }
}
