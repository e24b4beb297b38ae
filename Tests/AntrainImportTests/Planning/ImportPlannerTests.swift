import AntrainEvents
@testable import AntrainImport
import Foundation
import Testing

/// ImportPlanner: stable ids, library reuse, custom items, and the food amount mapping.
@Suite("Import: planning events")
struct ImportPlannerTests {
    let utc = TimeZone(identifier: "UTC")!
    static let strong = """
        Date;Workout Name;Exercise Name;Set Order;Weight;Weight Unit;Reps;RPE;Distance;Distance Unit;Seconds;Notes;Workout Notes
        2023-05-01 07:30:00;Legs;Squat (Barbell);W;60;kg;5;;0;;0;;
        2023-05-01 07:30:00;Legs;Squat (Barbell);1;100;kg;5;8;0;;0;;
        2023-05-01 07:30:00;Legs;Plank;1;0;kg;0;;0;;60;;

        """

    func plan(_ text: String, _ format: ImportFormat, library: KnownLibrary = KnownLibrary()) throws -> ImportPlan {
        let file = try ExportReader(timeZone: utc).read(text, format: format)
        return ImportPlanner(library: library, timeZone: utc).plan(file)
    }

    @Test("Planning the same file twice gives the same events with the same ids, all valid")
    func stableIDs() throws {
        let first = try plan(Self.strong, .strong)
        let second = try plan(Self.strong, .strong)
        let ids = first.streams.flatMap { $0.events.map(\.id) }
        #expect(ids == second.streams.flatMap { $0.events.map(\.id) })
        #expect(Set(ids).count == ids.count, "every event has its own id")
        #expect(first.streams.map(\.stream).count == 3)  // two exercises, one workout
        for stream in first.streams {
            for event in stream.events {
                #expect(event.event.streamID == stream.stream)
                #expect(throws: Never.self) { try event.event.validate() }
            }
        }
        #expect(first.workouts == 1 && first.sets == 3 && first.days == 1)
    }

    @Test("An exercise the library has is reused by name, ignoring case; unknown ones get guessed definitions")
    func libraryReuse() throws {
        var library = KnownLibrary()
        let squat = UUID()
        library.addExercise(named: "squat (barbell)", id: squat)
        let planned = try plan(Self.strong, .strong, library: library)
        #expect(planned.newExercises == ["Plank"])
        let added = planned.streams.flatMap(\.events).compactMap { $0.event as? ExerciseAddedToWorkout }
        #expect(added.first?.exerciseID == squat)
        let plank = try #require(planned.streams.first?.events.first?.event as? ExerciseCreated)
        #expect(plank.definition.kind == .time && plank.definition.muscleGroups == [.abs] && !plank.isPreset)
        let squatGuess = CustomExercise.definition(name: "Squat (Barbell)", category: nil, sets: [])
        #expect(squatGuess.equipment == .barbell && squatGuess.category == .barbell && squatGuess.muscleGroups == [.quads, .glutes])
    }

    @Test("Food amounts: grams as they are, ounces converted, tsp as a nominal 100 g, 902 kcal/100 g raised to fit")
    func foodAmounts() {
        func entry(_ amount: Double, _ unit: String, kcal: Double, fat: Double = 0) -> ImportedFoodEntry {
            ImportedFoodEntry(line: 2, day: CalendarDay(year: 2020, month: 7, day: 15)!, time: nil, meal: "Lunch", foodName: "X",
                              amount: amount, unit: unit, calories: kcal, proteinGrams: 0, carbsGrams: 0, fatGrams: fat)
        }
        #expect(FoodAmount(entry(600, "g", kcal: 6)).grams == 600)
        #expect(FoodAmount(entry(2, "oz", kcal: 100)).grams == 56.69904625)
        let teaspoon = FoodAmount(entry(2, "tsp", kcal: 42.6))
        #expect(teaspoon.isNominal && teaspoon.grams == 200 && abs(teaspoon.per100g.caloriesKcal - 21.3) < 1e-9)
        let tallow = FoodAmount(entry(7, "g", kcal: 63.14, fat: 7))
        #expect(abs(tallow.grams - 63.14 / 9) < 1e-12 && tallow.per100g.caloriesKcal <= 900)
        #expect(abs(tallow.grams * tallow.per100g.caloriesKcal / 100 - 63.14) < 1e-9, "the energy eaten stays exact")
    }

    @Test("A custom exercise's kind is judged from all its sets in the file: a run timed one day and measured the next is a distance exercise")
    func kindFromEveryWorkout() throws {
        let text = """
            Date;Workout Name;Exercise Name;Set Order;Weight;Weight Unit;Reps;RPE;Distance;Distance Unit;Seconds;Notes;Workout Notes
            2023-05-01 07:30:00;Easy;Running;1;;;;;;;1800;;
            2023-05-02 07:30:00;Long;Running;1;;;;;12;km;4200;;
            2023-05-02 07:30:00;Long;Push Up;1;;;20;;;;;;

            """
        let planned = try plan(text, .strong)
        let created = planned.streams.flatMap(\.events).compactMap { $0.event as? ExerciseCreated }
        #expect(created.map(\.definition.name) == ["Running", "Push Up"])
        #expect(created.map(\.definition.kind) == [.distance, .bodyweight])
        #expect(planned.workouts == 2 && planned.sets == 3 && planned.skipped.isEmpty)
    }
}
