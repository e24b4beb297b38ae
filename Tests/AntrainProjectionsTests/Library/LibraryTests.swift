import AntrainEvents
@testable import AntrainProjections
import Foundation
import Testing

private let pressing = UUID.n(1), legs = UUID.n(2)
private let bench = UUID.n(11), paused = UUID.n(12), zercher = UUID.n(13)
private let skyr = UUID.n(21), oats = UUID.n(22), crisps = UUID.n(23)
private let benchDay = UUID.n(31), squatDay = UUID.n(32)
private let builder = UUID.n(41), builderCopy = UUID.n(42), oldProgram = UUID.n(43)

private func exercise(_ name: String, categories: [UUID] = []) -> ExerciseDefinition {
    ExerciseDefinition(name: name, category: .barbell, equipment: .barbell, muscleGroups: [.chest],
                       categoryIDs: categories)
}

private func food(_ name: String) -> FoodDefinition {
    FoodDefinition(name: name, per100g: Nutrients(caloriesKcal: 100, proteinG: 10, carbsG: 10, fatsG: 1),
                   category: .other)
}

private func program(_ name: String, days: [[UUID]]) -> ProgramDefinition {
    let weeks = days.enumerated().map { index, templates in
        ProgramWeek(number: index + 1, days: templates.enumerated().map { day, template in
            ProgramDay(dayOfWeek: day * 3 + 1, name: "Day \(day + 1)", templateID: template)
        })
    }
    return ProgramDefinition(name: name, category: .strength, difficulty: .beginner, durationWeeks: weeks.count,
                             progression: .linear, weeks: weeks)
}

private func items(_ exercises: UUID...) -> [TemplateItem] {
    exercises.enumerated().map { index, id in
        .exercise(position: index + 1, exerciseID: id, target: .repetitions(sets: 5, repsPerSet: 5, restSeconds: 180))
    }
}

/// Appends `event` with the id the library seeder gives a preset.
private func seed(_ event: some DomainEvent, into scratch: ScratchLog) async throws {
    let id = UUID.stable("preset", event.eventType, event.streamID)
    try await scratch.log.append([NewEvent(event, id: id)])
}

/// A library after renames, deletes, favourites, a duplicated program and an edited copy.
private func library() async throws -> ScratchLog {
    let scratch = try await ScratchLog("library")
    try await seed(ExerciseCategoryCreated(categoryID: pressing, name: "Pressing"), into: scratch)
    try await seed(TemplateCreated(templateID: benchDay, name: "Bench day", items: items(bench, paused, bench)),
                   into: scratch)
    try await scratch.record([
        ExerciseCategoryCreated(categoryID: legs, name: "Legs"),
        ExerciseCategoryRenamed(categoryID: legs, name: "Leg day stuff"),
        ExerciseCreated(exerciseID: bench, definition: exercise("Barbell Bench Press", categories: [pressing]),
                        isPreset: true),
        ExerciseCreated(exerciseID: paused, definition: exercise("Paused Bench", categories: [pressing])),
        ExerciseUpdated(exerciseID: paused, definition: exercise("Paused Bench Press", categories: [pressing])),
        ExerciseCreated(exerciseID: zercher, definition: exercise("Zercher Squat", categories: [legs])),
        ExerciseDeleted(exerciseID: zercher),
        ExerciseCategoryDeleted(categoryID: pressing),
        FoodItemCreated(foodID: skyr, definition: food("Skyr"), isPreset: true),
        FoodItemCreated(foodID: oats, definition: food("Oats")),
        FoodItemCreated(foodID: crisps, definition: food("Crisps")),
        FoodFavourited(foodID: skyr, isFavourite: true),
        FoodFavourited(foodID: oats, isFavourite: true),
        FoodFavourited(foodID: oats, isFavourite: false),
        FoodFavourited(foodID: crisps, isFavourite: true),
        FoodItemDeleted(foodID: crisps),
        TemplateCreated(templateID: squatDay, name: "Squat day", items: items(zercher)),
        ProgramCreated(programID: builder, definition: program("Builder", days: [[benchDay, squatDay], [benchDay]]),
                       isPreset: true),
        ProgramDuplicated(newProgramID: builderCopy, sourceProgramID: builder, name: "Builder (copy)",
                          copying: program("Builder", days: [[benchDay, squatDay], [benchDay]])),
        // The copy is edited to drop the squat day; the source keeps it.
        ProgramUpdated(programID: builderCopy, definition: program("Builder (copy)", days: [[benchDay]])),
        ProgramCreated(programID: oldProgram, definition: program("Old", days: [[benchDay]])),
        ProgramDeleted(programID: oldProgram),
        TemplateDeleted(templateID: squatDay),
    ])
    return scratch
}

@Suite("LegacyLibrary")
struct LibraryTests {
    @Test("names are looked up ignoring case and spaces; renames and deletes are honoured")
    func lookups() async throws {
        let library = try await library().model(LegacyLibrary.self)
        #expect(library.exercise(named: "  barbell BENCH press ")?.id == bench)
        #expect(library.exercise(named: "Paused Bench") == nil)
        #expect(library.exercise(named: "paused bench press")?.id == paused)
        #expect(library.exercise(named: "Zercher Squat") == nil)
        #expect(library.exercise(id: zercher)?.isDeleted == true)
        #expect(library.allExercises().map(\.id) == [bench, paused])
        #expect(library.allExercises(includingDeleted: true).map(\.id) == [bench, paused, zercher])
        #expect(library.category(named: "leg day stuff")?.id == legs)
        #expect(library.category(named: "Legs") == nil)
        // Deleting a category leaves its exercises in the library, still naming it.
        #expect(library.category(id: pressing)?.isDeleted == true)
        #expect(library.exercises(inCategory: pressing).map(\.id) == [bench, paused])
    }

    @Test("preset or custom: from the event's flag, or from the seeder's event id")
    func presetFlags() async throws {
        let library = try await library().model(LegacyLibrary.self)
        #expect(library.exercise(id: bench)?.isPreset == true)
        #expect(library.exercise(id: paused)?.isPreset == false)
        #expect(library.category(id: pressing)?.isPreset == true)
        #expect(library.category(id: legs)?.isPreset == false)
        #expect(library.template(id: benchDay)?.isPreset == true)
        #expect(library.template(id: squatDay)?.isPreset == false)
        #expect(library.food(id: skyr)?.isPreset == true)
        #expect(library.program(id: builder)?.isPreset == true)
        // A copy of a preset is the user's own.
        #expect(library.program(id: builderCopy)?.isPreset == false)
        #expect(library.program(id: builderCopy)?.copiedFrom == builder)
    }

    @Test("favourites: marked, unmarked, and a deleted food is left out")
    func favourites() async throws {
        let library = try await library().model(LegacyLibrary.self)
        #expect(library.favouriteFoods.map(\.id) == [skyr])
        #expect(library.allFoods().map(\.id) == [skyr, oats])
        #expect(library.food(named: "crisps") == nil)
    }

    @Test("programs and the templates they use, after a copy is edited and a template deleted")
    func programTemplateLinks() async throws {
        let library = try await library().model(LegacyLibrary.self)
        #expect(library.program(id: builder)?.templateIDs == [benchDay, squatDay])
        #expect(library.program(id: builderCopy)?.templateIDs == [benchDay])
        // Squat day is deleted, so only bench day is offered for the program.
        #expect(library.templates(usedBy: builder).map(\.id) == [benchDay])
        // The deleted program "Old" is left out.
        #expect(library.programs(using: benchDay).map(\.id) == [builder, builderCopy])
        #expect(library.programs(using: squatDay).map(\.id) == [builder])
        #expect(library.program(named: "builder (COPY)")?.id == builderCopy)
        // Bench day lists bench twice: its exercises are each named once.
        #expect(library.template(id: benchDay)?.exerciseIDs == [bench, paused])
    }

    @Test("closest names for a 'did you mean'")
    func closestNames() async throws {
        let library = try await library().model(LegacyLibrary.self)
        // Both live names contain "bench pres" (distance 0), ordered by name; Zercher is deleted.
        #expect(library.closestNames(to: "Bench pres", among: .exercise).map(\.name)
            == ["Barbell Bench Press", "Paused Bench Press"])
        // "bench dya" → "bench day": two substitutions, within max(2, 9 / 3 = 3).
        let suggestions = library.closestNames(to: "Bench dya", among: .template)
        #expect(suggestions == [NameSuggestion(id: benchDay, name: "Bench day", distance: 2)])
        // "skir" → "skyr": one substitution; "oats" is 4 away, beyond max(2, 4 / 3 = 1) = 2.
        #expect(library.closestNames(to: "skir", among: .food).map(\.name) == ["Skyr"])
        #expect(library.closestNames(to: "deadlift", among: .exercise).isEmpty)
    }

    @Test("edit distance counts insertions, deletions and substitutions")
    func distance() {
        // kitten → sitting: k→s, e→i, +g = 3.
        #expect(LegacyLibrary.editDistance("kitten", "sitting") == 3)
        #expect(LegacyLibrary.editDistance("", "abc") == 3)
        #expect(LegacyLibrary.editDistance("same", "same") == 0)
    }

    @Test("the checkpoint round-trips")
    func checkpointRoundTrip() async throws {
        let model = try await library().model(LegacyLibrary.self)
        #expect(model.templates.count == 2)
        let cp = try Checkpoint(name: LegacyLibrary.name, version: LegacyLibrary.version, position: .start, state: model)
        #expect(try cp.state(as: LegacyLibrary.self) == model)
    }

    @Test("caught up a few events at a time through checkpoints, it is the same bytes as built in one go")
    func stepwiseReplay() async throws {
        let scratch = try await library()
        let oneGo = try await scratch.model(LegacyLibrary.self)
        let stepwise = try await stepwiseCheckpointBytes(LegacyLibrary.self, copying: scratch)
        let oneGoBytes = try Checkpoint(name: LegacyLibrary.name, version: LegacyLibrary.version, position: .start, state: oneGo)
        #expect(stepwise == oneGoBytes.stateBytes)
    }
}
