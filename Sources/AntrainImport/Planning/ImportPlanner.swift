import AntrainEvents
import Foundation

/// Turns an ``ImportedFile`` into the events that record it, given the library as it stands.
///
/// ```swift
/// var known = KnownLibrary()
/// for exercise in library.allExercises() { known.addExercise(named: exercise.name, id: exercise.id) }
/// let plan = ImportPlanner(library: known, timeZone: .current).plan(file)
/// for stream in plan.streams { try await log.append(stream.events) }
/// ```
///
/// Exercises and foods the library lacks become custom items (`ExerciseCreated`,
/// `FoodItemCreated`, `isPreset: false`); a row whose event would not pass validation is
/// skipped with its line and the rule it breaks, never appended half-valid.
public struct ImportPlanner: Sendable {
    /// The library the import reuses names from.
    public let library: KnownLibrary
    /// The zone food entries' local days and times are read in.
    public let timeZone: TimeZone

    /// A planner against `library`, reading diary times in `timeZone`.
    public init(library: KnownLibrary, timeZone: TimeZone) {
        self.library = library
        self.timeZone = timeZone
    }

    /// The plan for `file`.
    public func plan(_ file: ImportedFile) -> ImportPlan {
        var plan = ImportPlan()
        plan.skipped = file.skipped
        plan.rows = file.rows
        var workouts = WorkoutPlanner(library: library, sets: Self.setsByExercise(file.workouts))
        let workoutStreams = file.workouts.compactMap { workouts.plan($0, into: &plan) }
        var foods = FoodPlanner(library: library, values: ExportValues(timeZone: timeZone))
        let diaryStreams = foods.plan(file.foods, into: &plan)
        plan.streams = workouts.createdExercises + foods.createdFoods + workoutStreams + diaryStreams
        plan.newExercises = workouts.createdExercises.compactMap { ($0.events.first?.event as? ExerciseCreated)?.definition.name }
        plan.newFoods = foods.createdFoods.compactMap { ($0.events.first?.event as? FoodItemCreated)?.definition.name }
        var days = Set(file.foods.map(\.day))
        for workout in file.workouts {
            let zone = TimeZone(identifier: workout.timeZone) ?? timeZone
            days.insert(Self.localDay(workout.startedAt, in: zone))
        }
        plan.days = plan.workouts + plan.foods == 0 ? 0 : days.count
        plan.skipped.sort { $0.line < $1.line }
        return plan
    }

    /// Every set of each exercise name across the file, so that a custom exercise's kind is
    /// judged from all its sets: a run timed in one workout and measured in another is a
    /// distance exercise from its first import on.
    static func setsByExercise(_ workouts: [ImportedWorkout]) -> [String: [ImportedSet]] {
        var sets: [String: [ImportedSet]] = [:]
        for workout in workouts {
            for exercise in workout.exercises { sets[KnownLibrary.key(exercise.name), default: []] += exercise.sets }
        }
        return sets
    }

    /// The calendar day `instant` falls on in `zone`.
    static func localDay(_ instant: Timestamp, in zone: TimeZone) -> CalendarDay {
        let offset = zone.secondsFromGMT(for: instant.date)
        return CalendarDay(instant.adding(seconds: Double(offset)))
    }

    /// `text` cut to `limit` characters, for free text longer than an event allows: the
    /// import keeps what fits rather than dropping the row.
    /// Notes as events want them: trimmed, control characters other than line breaks and
    /// tabs taken out (exports carry stray ones; the events refuse them), at most `limit`.
    static func clipped(_ text: String?, _ limit: Int) -> String? {
        guard let text else { return nil }
        let allowed = "\n\r\t".unicodeScalars
        let cleaned = String(String.UnicodeScalarView(text.unicodeScalars.filter {
            $0.properties.generalCategory != .control || allowed.contains($0)
        }))
        let trimmed = cleaned.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        return trimmed.count <= limit ? trimmed : String(trimmed.prefix(limit - 1)) + "…"
    }

    /// A name as events want it: trimmed, without control characters, 1 to 100 characters.
    static func name(_ text: String?) -> String? {
        guard let text else { return nil }
        let cleaned = String(String.UnicodeScalarView(text.unicodeScalars.filter { $0.properties.generalCategory != .control }))
        return clipped(cleaned, 100)
    }
}
