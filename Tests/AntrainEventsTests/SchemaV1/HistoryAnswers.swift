import AntrainEvents
import Foundation

/// What a replay of a history answers: the questions the app asks of a log (workouts with
/// their sets and volume, days of nutrition, bodyweight, the profile), computed from the
/// events in their current shape. The version 1 fixture stores the answers its events gave
/// when they were written; a later build must give the same ones.
struct HistoryAnswers: Codable, Equatable {
    struct Workout: Codable, Equatable {
        var id: UUID
        var type: String
        var name: String?
        var status: String
        var exercises: [UUID]
        var sets: Int
        var volumeKg: Double
        var notes: String?
        var rpe: Double?
    }

    struct Day: Codable, Equatable {
        var day: String
        var entries: Int
        var caloriesKcal: Double
        var proteinG: Double
    }

    var events = 0
    var workouts: [Workout] = []
    var days: [Day] = []
    var bodyweightKg: [Double] = []
    var profileName: String?
    var calorieGoal: Double?
    var weightUnit: String?
    var foods: [String] = []
    var chainHead = ""

    private struct LoggedSet { var entry: UUID; var performance: SetPerformance }
    private struct FoodEntry { var day: CalendarDay; var grams: Double; var per100g: Nutrients }

    /// Folds `events` (in log order) into the answers.
    init(events stored: [StoredEvent], chainHead: String) {
        self.chainHead = chainHead
        events = stored.count
        var order: [UUID] = []
        var workouts: [UUID: Workout] = [:]
        var sets: [UUID: [UUID: LoggedSet]] = [:]
        var setOrder: [UUID: [UUID]] = [:]
        var entries: [UUID: FoodEntry] = [:]
        var entryOrder: [UUID] = []
        for item in stored {
            switch item.event {
            case let event as WorkoutStarted:
                order.append(event.workoutID)
                workouts[event.workoutID] = Workout(id: event.workoutID, type: event.type.rawValue, name: event.name, status: "active",
                                                    exercises: [], sets: 0, volumeKg: 0)
            case let event as ExerciseAddedToWorkout: workouts[event.workoutID]?.exercises.append(event.entryID)
            case let event as ExerciseRemovedFromWorkout:
                workouts[event.workoutID]?.exercises.removeAll { $0 == event.entryID }
                sets[event.workoutID] = sets[event.workoutID]?.filter { $0.value.entry != event.entryID }
            case let event as ExercisesReordered: workouts[event.workoutID]?.exercises = event.entryIDs
            case let event as SetLogged:
                sets[event.workoutID, default: [:]][event.setID] = LoggedSet(entry: event.entryID, performance: event.performance)
                setOrder[event.workoutID, default: []].append(event.setID)
            case let event as SetCorrected: sets[event.workoutID]?[event.setID]?.performance = event.performance
            case let event as SetRemoved: sets[event.workoutID]?[event.setID] = nil
            case let event as WorkoutNotesChanged: workouts[event.workoutID]?.notes = event.notes
            case let event as WorkoutRPERecorded: workouts[event.workoutID]?.rpe = event.rpe
            case let event as WorkoutCompleted: workouts[event.workoutID]?.status = "completed"
                _ = event
            case let event as WorkoutCancelled: workouts[event.workoutID]?.status = "cancelled"
            case let event as WorkoutDeleted: workouts[event.workoutID]?.status = "deleted"
            case let event as CardioLogged:
                order.append(event.workoutID)
                workouts[event.workoutID] = Workout(id: event.workoutID, type: "cardio", name: event.name, status: "completed",
                                                    exercises: [], sets: 0, volumeKg: 0, notes: event.notes)
            case let event as MetconLogged:
                order.append(event.workoutID)
                workouts[event.workoutID] = Workout(id: event.workoutID, type: "metcon", name: event.name, status: "completed",
                                                    exercises: [], sets: 0, volumeKg: 0, notes: event.result)
            case let event as FoodItemCreated: foods.append(event.definition.name)
            case let event as FoodLogged:
                entries[event.entryID] = FoodEntry(day: event.day, grams: Self.grams(event), per100g: event.per100g)
                entryOrder.append(event.entryID)
            case let event as FoodEntryCorrected: entries[event.entryID]?.grams = Self.grams(event)
            case let event as FoodEntryRemoved: entries[event.entryID] = nil
            case let event as BodyweightRecorded: bodyweightKg.append(Self.kilograms(event))
            case let event as ProfileUpdated:
                profileName = event.name ?? profileName
                calorieGoal = event.goals?.caloriesKcal ?? calorieGoal
            case let event as SettingsChanged: weightUnit = event.weightUnit.rawValue
            default: break
            }
        }
        for id in order {
            guard var workout = workouts[id] else { continue }
            let done = (setOrder[id] ?? []).compactMap { sets[id]?[$0] }.filter { $0.performance.completed }
            workout.sets = done.count
            workout.volumeKg = done.filter { $0.performance.setType != .warmup }.reduce(0) { total, set in
                total + Self.kilograms(set.performance) * Double(set.performance.reps ?? 0)
            }
            self.workouts.append(workout)
        }
        var byDay: [CalendarDay: Day] = [:]
        for id in entryOrder {
            guard let entry = entries[id] else { continue }
            var day = byDay[entry.day] ?? Day(day: entry.day.description, entries: 0, caloriesKcal: 0, proteinG: 0)
            day.entries += 1
            day.caloriesKcal += entry.grams * entry.per100g.caloriesKcal / 100
            day.proteinG += entry.grams * entry.per100g.proteinG / 100
            byDay[entry.day] = day
        }
        days = byDay.keys.sorted().compactMap { byDay[$0] }
    }

    // The fields whose shape changed across schema versions, read in the current shape.
    static func kilograms(_ performance: SetPerformance) -> Double { performance.weight?.kilograms ?? 0 }
    static func kilograms(_ event: BodyweightRecorded) -> Double { event.weight.kilograms }
    static func grams(_ event: FoodLogged) -> Double { event.amountGrams }
    static func grams(_ event: FoodEntryCorrected) -> Double { event.amountGrams }
}
