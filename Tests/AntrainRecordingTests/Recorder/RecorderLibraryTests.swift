import AntrainEvents
import AntrainProjections
import AntrainRecording
import AntrainTestSupport
import Foundation
import Testing

@Suite("Recorder: library, programs, nutrition")
struct RecorderLibraryTests {
    let t0 = Timestamp.at("2026-03-02T07:00:00Z")

    @Test("presets of the library cannot be deleted; the user's own can, once")
    func presets() async throws {
        let bench = try await RecorderBench()
        try await bench.scratch.record([
            ExerciseCreated(exerciseID: .n(1), definition: RecorderBench.exercise("Preset Bench"), isPreset: true),
            FoodItemCreated(foodID: .n(2), definition: RecorderBench.skyr, isPreset: true),
            TemplateCreated(templateID: .n(3), name: "Preset day", items: RecorderBench.items(.n(1))),
            ProgramCreated(programID: .n(4), definition: RecorderBench.program("Preset Program", template: .n(3)), isPreset: true),
        ])
        try await bench.refuse(.deleteExercise(exerciseID: .n(1)), .presetCannotBeDeleted, mentions: ["\"Preset Bench\"", "preset"])
        try await bench.refuse(.deleteFood(foodID: .n(2)), .presetCannotBeDeleted, mentions: ["\"Skyr\"", "preset"])
        try await bench.refuse(.deleteProgram(programID: .n(4)), .presetCannotBeDeleted, mentions: ["\"Preset Program\"", "preset"])
        // Presets may be edited.
        try await bench.run(.updateExercise(exerciseID: .n(1), definition: RecorderBench.exercise("Preset Bench (edited)")))

        // A food of one's own may not take a preset's name: it would be unreachable by name.
        try await bench.refuse(.createFood(foodID: .n(6), definition: RecorderBench.skyr), .duplicateName, mentions: ["\"Skyr\"", "preset"])
        var own = RecorderBench.skyr
        own.name = "Skyr, my own"
        try await bench.run(.createFood(foodID: .n(5), definition: own))
        try await bench.run(.deleteFood(foodID: .n(5)))
        try await bench.refuse(.deleteFood(foodID: .n(5)), .deleted, mentions: ["was deleted"])
        try await bench.refuse(.createFood(foodID: .n(5), definition: RecorderBench.skyr), .alreadyExists, mentions: ["already used"])
        try await bench.refuse(.updateFood(foodID: .n(6), definition: RecorderBench.skyr), .notFound, mentions: ["no food"])
    }

    @Test("a template used by programs cannot be deleted, and the error names the programs")
    func templateInUse() async throws {
        let bench = try await RecorderBench()
        try await bench.run(.createExercise(exerciseID: .n(1), definition: RecorderBench.exercise("Bench")))
        try await bench.run(.createTemplate(templateID: .n(3), name: "Push", items: RecorderBench.items(.n(1))))
        try await bench.run(.createProgram(programID: .n(4), definition: RecorderBench.program("Block A", template: .n(3))))
        try await bench.run(.duplicateProgram(newProgramID: .n(5), sourceProgramID: .n(4), name: "Block B"))
        try await bench.refuse(.deleteTemplate(templateID: .n(3)), .templateInUse,
                               mentions: ["\"Push\"", "\"Block A\"", "\"Block B\""])
        try await bench.run(.deleteProgram(programID: .n(4)))
        try await bench.run(.deleteProgram(programID: .n(5)))
        try await bench.run(.deleteTemplate(templateID: .n(3)))
        // Deleted items cannot be used in new events.
        try await bench.refuse(.createProgram(programID: .n(6), definition: RecorderBench.program("Block C", template: .n(3))),
                               .deleted, mentions: ["template \"Push\"", "week 1, day 1"])
        try await bench.run(.deleteExercise(exerciseID: .n(1)))
        try await bench.refuse(.createTemplate(templateID: .n(7), name: "Pull", items: RecorderBench.items(.n(1))),
                               .deleted, mentions: ["\"Bench\"", "item 1"])
        try await bench.refuse(.startWorkout(workoutID: .n(8), type: .lifting, templateID: .n(3), at: t0),
                               .deleted, mentions: ["template \"Push\""])
    }

    @Test("program names are unique ignoring case; only a program that exists can be activated")
    func programNames() async throws {
        let bench = try await RecorderBench()
        try await bench.run(.createExercise(exerciseID: .n(1), definition: RecorderBench.exercise("Bench")))
        try await bench.run(.createTemplate(templateID: .n(3), name: "Push", items: RecorderBench.items(.n(1))))
        try await bench.run(.createProgram(programID: .n(4), definition: RecorderBench.program("Strength Block", template: .n(3))))
        try await bench.refuse(.createProgram(programID: .n(5), definition: RecorderBench.program("strength BLOCK", template: .n(3))),
                               .duplicateProgramName, mentions: ["\"Strength Block\"", "ignoring case"])
        try await bench.refuse(.duplicateProgram(newProgramID: .n(5), sourceProgramID: .n(4), name: " STRENGTH block "),
                               .duplicateProgramName, mentions: ["\"Strength Block\""])
        // Updating a program under its own name is no clash.
        try await bench.run(.updateProgram(programID: .n(4), definition: RecorderBench.program("Strength block", template: .n(3))))

        try await bench.refuse(.deactivateProgram(at: t0), .noActiveProgram, mentions: ["no program is active"])
        try await bench.refuse(.activateProgram(programID: .n(9), startDate: .on("2026-03-02")), .notFound,
                               mentions: ["no program \(UUID.n(9).uuidString)"])
        try await bench.run(.activateProgram(programID: .n(4), startDate: .on("2026-03-02")))
        try await bench.run(.deactivateProgram(at: t0))
        try await bench.run(.deleteProgram(programID: .n(4)))
        try await bench.refuse(.activateProgram(programID: .n(4), startDate: .on("2026-03-02")), .deleted, mentions: ["was deleted"])
        // A deleted program's name is free again.
        try await bench.run(.createProgram(programID: .n(5), definition: RecorderBench.program("Strength Block", template: .n(3))))
    }

    @Test("logging food copies the food's name and nutrients per 100 g from the state")
    func logFood() async throws {
        let bench = try await RecorderBench()
        try await bench.run(.createFood(foodID: .n(2), definition: RecorderBench.skyr))
        try await bench.run(.logFood(entryID: .n(50), day: .on("2026-03-02"), meal: .breakfast, foodID: .n(2), grams: 150, at: t0))
        try await bench.run(.recordBodyweight(entryID: .n(51), weight: .kilograms(81.4), at: t0))
        try await bench.run(.changeSettings(weightUnit: .pounds, distanceUnit: .miles))
        try await bench.run(.updateProfile(ProfileUpdated(name: "Alex", effectiveFrom: .on("2026-03-02"))))
        let logged = try #require(try await bench.events().compactMap { $0 as? FoodLogged }.first)
        #expect(logged.foodName == "Skyr" && logged.amountGrams == 150 && logged.per100g.caloriesKcal == 63)
        #expect(logged.per100g.proteinG == 11 && logged.per100g.fatsG == 0.2)
        try await bench.run(.deleteFood(foodID: .n(2)))
        try await bench.refuse(.logFood(entryID: .n(52), day: .on("2026-03-03"), meal: .lunch, foodID: .n(2), grams: 100, at: t0),
                               .deleted, mentions: ["\"Skyr\"", "2026-03-03", "was deleted"])
        try await bench.refuse(.logFood(entryID: .n(52), day: .on("2026-03-03"), meal: .lunch, foodID: .n(9), grams: 100, at: t0),
                               .notFound, mentions: ["no food"])
    }

    @Test("a favourite is a food that is there (issue 20)")
    func favourites() async throws {
        let bench = try await RecorderBench()
        try await bench.run(.createFood(foodID: .n(2), definition: RecorderBench.skyr))
        try await bench.run(.favouriteFood(foodID: .n(2), isFavourite: true))
        #expect(try await bench.facts().library.food(id: .n(2))?.isFavourite == true)
        try await bench.run(.favouriteFood(foodID: .n(2), isFavourite: false))
        #expect(try await bench.facts().library.food(id: .n(2))?.isFavourite == false)
        try await bench.refuse(.favouriteFood(foodID: .n(9), isFavourite: true), .notFound, mentions: ["no food"])
    }

    @Test("corrections and removals of diary entries name an entry of their day (issue 20)")
    func diaryFixes() async throws {
        let bench = try await RecorderBench()
        try await bench.run(.createFood(foodID: .n(2), definition: RecorderBench.skyr))
        try await bench.run(.logFood(entryID: .n(50), day: .on("2026-03-02"), meal: .breakfast, foodID: .n(2), grams: 150, at: t0))
        try await bench.run(.correctFoodEntry(entryID: .n(50), day: .on("2026-03-02"), meal: .lunch, grams: 200))
        let entry = try #require(try await bench.facts().diaryEntry(.n(50), on: .on("2026-03-02")))
        #expect(entry.meal == .lunch && entry.amountGrams == 200 && entry.foodName == "Skyr")
        // The projection would let these change nothing; the rules say why instead.
        try await bench.refuse(.correctFoodEntry(entryID: .n(50), day: .on("2026-03-03"), meal: .lunch, grams: 100), .entryNotFound,
                               mentions: ["diary of 2026-03-03 has no such entry"])
        try await bench.refuse(.removeFoodEntry(entryID: .n(51), day: .on("2026-03-02")), .entryNotFound, mentions: ["cannot remove"])
        try await bench.run(.removeFoodEntry(entryID: .n(50), day: .on("2026-03-02")))
        try await bench.refuse(.removeFoodEntry(entryID: .n(50), day: .on("2026-03-02")), .entryNotFound, mentions: ["removed"])
    }
}
