import AntrainEvents
import AntrainLog
@testable import AntrainProjections
import AntrainTestSupport
import Foundation
import Testing

// A hand-worked library asked through the keyed facade (the expectations are those the
// memory-image model met before it): each checked on a store rebuilt in memory and on the
// log's own store caught up in two steps.

private let pressing = UUID.n(1), legs = UUID.n(2)
private let bench = UUID.n(11), paused = UUID.n(12), zercher = UUID.n(13)
private let skyr = UUID.n(21), oats = UUID.n(22), crisps = UUID.n(23)
private let benchDay = UUID.n(31), squatDay = UUID.n(32)
private let builder = UUID.n(41), builderCopy = UUID.n(42), oldProgram = UUID.n(43)

func libraryExercise(_ name: String, categories: [UUID] = []) -> ExerciseDefinition {
    ExerciseDefinition(name: name, category: .barbell, equipment: .barbell, muscleGroups: [.chest], categoryIDs: categories)
}

func libraryFood(_ name: String) -> FoodDefinition {
    FoodDefinition(name: name, per100g: Nutrients(caloriesKcal: 100, proteinG: 10, carbsG: 10, fatsG: 1), category: .other)
}

func libraryProgram(_ name: String, days: [[UUID]]) -> ProgramDefinition {
    let weeks = days.enumerated().map { index, templates in
        ProgramWeek(number: index + 1, days: templates.enumerated().map { day, template in
            ProgramDay(dayOfWeek: day * 3 + 1, name: "Day \(day + 1)", templateID: template)
        })
    }
    return ProgramDefinition(name: name, category: .strengthTraining, difficulty: .beginner, durationWeeks: weeks.count,
                             progression: .linear, weeks: weeks)
}

func libraryItems(_ exercises: UUID...) -> [TemplateItem] {
    exercises.enumerated().map { index, id in
        .exercise(position: index + 1, exerciseID: id, target: .repetitions(sets: 5, repsPerSet: 5, restSeconds: 180))
    }
}

/// Appends `event` with the id the library seeder gives a preset.
func seedPreset(_ event: some DomainEvent, into log: EventLog) async throws {
    let id = UUID.stable("preset", event.eventType, event.streamID)
    try await log.append([NewEvent(event, id: id)])
}

/// The hand-worked library (renames, deletes, favourites, a duplicated program and an edited
/// copy), asked as a store rebuilt in memory and as the log's store caught up after each half.
private func libraries() async throws -> (scratch: ScratchLog, answers: [Library]) {
    let scratch = try await ScratchLog("library")
    try await seedPreset(ExerciseCategoryCreated(categoryID: pressing, name: "Pressing"), into: scratch.log)
    try await seedPreset(TemplateCreated(templateID: benchDay, name: "Bench day", items: libraryItems(bench, paused, bench)),
                         into: scratch.log)
    try await scratch.record([
        ExerciseCategoryCreated(categoryID: legs, name: "Legs"),
        ExerciseCategoryRenamed(categoryID: legs, name: "Leg day stuff"),
        ExerciseCreated(exerciseID: bench, definition: libraryExercise("Barbell Bench Press", categories: [pressing]), isPreset: true),
        ExerciseCreated(exerciseID: paused, definition: libraryExercise("Paused Bench", categories: [pressing])),
        ExerciseUpdated(exerciseID: paused, definition: libraryExercise("Paused Bench Press", categories: [pressing])),
        ExerciseCreated(exerciseID: zercher, definition: libraryExercise("Zercher Squat", categories: [legs])),
        FoodItemCreated(foodID: skyr, definition: libraryFood("Skyr"), isPreset: true),
        FoodItemCreated(foodID: oats, definition: libraryFood("Oats")),
        FoodItemCreated(foodID: crisps, definition: libraryFood("Crisps")),
        FoodFavourited(foodID: skyr, isFavourite: true),
        FoodFavourited(foodID: oats, isFavourite: true),
    ])
    // The first half is saved; the second folds on top of it, loading the keys it touches.
    _ = try await scratch.caughtUp(Library.models)
    try await scratch.record([
        ExerciseDeleted(exerciseID: zercher),
        ExerciseCategoryDeleted(categoryID: pressing),
        FoodFavourited(foodID: oats, isFavourite: false),
        FoodFavourited(foodID: crisps, isFavourite: true),
        FoodItemDeleted(foodID: crisps),
        TemplateCreated(templateID: squatDay, name: "Squat day", items: libraryItems(zercher)),
        ProgramCreated(programID: builder, definition: libraryProgram("Builder", days: [[benchDay, squatDay], [benchDay]]),
                       isPreset: true),
        ProgramDuplicated(newProgramID: builderCopy, sourceProgramID: builder, name: "Builder (copy)",
                          copying: libraryProgram("Builder", days: [[benchDay, squatDay], [benchDay]])),
        // The copy is edited to drop the squat day; the source keeps it.
        ProgramUpdated(programID: builderCopy, definition: libraryProgram("Builder (copy)", days: [[benchDay]])),
        ProgramCreated(programID: oldProgram, definition: libraryProgram("Old", days: [[benchDay]])),
        ProgramDeleted(programID: oldProgram),
        TemplateDeleted(templateID: squatDay),
    ])
    let caughtUp = try await scratch.caughtUp(Library.models)
    #expect(caughtUp.starts.allSatisfy { if case .caughtUp = $0.kind { true } else { false } })
    return (scratch, [Library(try await scratch.state(Library.models)), Library(caughtUp.store)])
}

@Suite("Library")
struct LibraryStateTests {
    @Test("names are looked up ignoring case and spaces; renames and deletes are honoured")
    func lookups() async throws {
        for library in try await libraries().answers {
            #expect(try library.exercise(named: "  barbell BENCH press ")?.id == bench)
            #expect(try library.exercise(named: "Paused Bench") == nil)
            #expect(try library.exercise(named: "paused bench press")?.id == paused)
            #expect(try library.exercise(named: "Zercher Squat") == nil)
            #expect(try library.exercise(id: zercher)?.isDeleted == true)
            #expect(try library.allExercises().map(\.id) == [bench, paused])
            #expect(try library.allExercises(includingDeleted: true).map(\.id) == [bench, paused, zercher])
            #expect(try library.category(named: "leg day stuff")?.id == legs)
            #expect(try library.category(named: "Legs") == nil)
            // Deleting a category leaves its exercises in the library, still naming it.
            #expect(try library.category(id: pressing)?.isDeleted == true)
            #expect(try library.exercises(inCategory: pressing).map(\.id) == [bench, paused])
        }
    }

    @Test("preset or custom: from the event's flag, or from the seeder's event id")
    func presetFlags() async throws {
        for library in try await libraries().answers {
            #expect(try library.exercise(id: bench)?.isPreset == true)
            #expect(try library.exercise(id: paused)?.isPreset == false)
            #expect(try library.category(id: pressing)?.isPreset == true)
            #expect(try library.category(id: legs)?.isPreset == false)
            #expect(try library.template(id: benchDay)?.isPreset == true)
            #expect(try library.template(id: squatDay)?.isPreset == false)
            #expect(try library.food(id: skyr)?.isPreset == true)
            #expect(try library.program(id: builder)?.isPreset == true)
            // A copy of a preset is the user's own.
            #expect(try library.program(id: builderCopy)?.isPreset == false)
            #expect(try library.program(id: builderCopy)?.copiedFrom == builder)
        }
    }

    @Test("favourites: marked, unmarked, and a deleted food is left out")
    func favourites() async throws {
        for library in try await libraries().answers {
            #expect(try library.favouriteFoods().map(\.id) == [skyr])
            #expect(try library.allFoods().map(\.id) == [skyr, oats])
            #expect(try library.food(named: "crisps") == nil)
            #expect(try library.food(id: crisps)?.isFavourite == true)
        }
    }

    @Test("programs and the templates they use, after a copy is edited and a template deleted")
    func programTemplateLinks() async throws {
        for library in try await libraries().answers {
            #expect(try library.program(id: builder)?.templateIDs == [benchDay, squatDay])
            #expect(try library.program(id: builderCopy)?.templateIDs == [benchDay])
            // Squat day is deleted, so only bench day is offered for the program.
            #expect(try library.templates(usedBy: builder).map(\.id) == [benchDay])
            // The deleted program "Old" is left out.
            #expect(try library.programs(using: benchDay).map(\.id) == [builder, builderCopy])
            #expect(try library.programs(using: squatDay).map(\.id) == [builder])
            #expect(try library.program(named: "builder (COPY)")?.id == builderCopy)
            // Bench day lists bench twice: its exercises are each named once.
            #expect(try library.template(id: benchDay)?.exerciseIDs == [bench, paused])
        }
    }

    @Test("closest names for a 'did you mean'")
    func closestNames() async throws {
        for library in try await libraries().answers {
            // Both live names contain "bench pres" (distance 0), ordered by name; Zercher is deleted.
            #expect(try library.closestNames(to: "Bench pres", among: .exercise).map(\.name)
                == ["Barbell Bench Press", "Paused Bench Press"])
            // "bench dya" → "bench day": two substitutions, within max(2, 9 / 3 = 3).
            let suggestions = try library.closestNames(to: "Bench dya", among: .template)
            #expect(suggestions == [NameSuggestion(id: benchDay, name: "Bench day", distance: 2)])
            // "skir" → "skyr": one substitution; "oats" is 4 away, beyond max(2, 4 / 3 = 1) = 2.
            #expect(try library.closestNames(to: "skir", among: .food).map(\.name) == ["Skyr"])
            #expect(try library.closestNames(to: "deadlift", among: .exercise).isEmpty)
        }
    }

    @Test("edit distance counts insertions, deletions and substitutions")
    func distance() {
        // kitten → sitting: k→s, e→i, +g = 3.
        #expect(NameMatching.editDistance("kitten", "sitting") == 3)
        #expect(NameMatching.editDistance("", "abc") == 3)
        #expect(NameMatching.editDistance("same", "same") == 0)
    }

    @Test("every item, of every kind, holds every field as the events left it, in creation order")
    func everyItemInFull() async throws {
        for library in try await libraries().answers {
            #expect(try library.allExercises(includingDeleted: true) == [
                LibraryExercise(id: bench, definition: libraryExercise("Barbell Bench Press", categories: [pressing]), isPreset: true),
                // The update replaced the whole definition: the new name, the same category.
                LibraryExercise(id: paused, definition: libraryExercise("Paused Bench Press", categories: [pressing]), isPreset: false),
                LibraryExercise(id: zercher, definition: libraryExercise("Zercher Squat", categories: [legs]), isPreset: false,
                                isDeleted: true),
            ])
            // "Pressing" was seeded first (a preset by its event id), then deleted; "Legs" renamed.
            #expect(try library.allCategories(includingDeleted: true) == [
                LibraryCategory(id: pressing, name: "Pressing", isPreset: true, isDeleted: true),
                LibraryCategory(id: legs, name: "Leg day stuff", isPreset: false),
            ])
            // Crisps keeps the favourite mark it had when it was deleted.
            #expect(try library.allFoods(includingDeleted: true) == [
                LibraryFood(id: skyr, definition: libraryFood("Skyr"), isPreset: true, isFavourite: true),
                LibraryFood(id: oats, definition: libraryFood("Oats"), isPreset: false, isFavourite: false),
                LibraryFood(id: crisps, definition: libraryFood("Crisps"), isPreset: false, isFavourite: true, isDeleted: true),
            ])
            #expect(try library.allTemplates(includingDeleted: true) == [
                LibraryTemplate(id: benchDay, name: "Bench day", items: libraryItems(bench, paused, bench), isPreset: true),
                LibraryTemplate(id: squatDay, name: "Squat day", items: libraryItems(zercher), isPreset: false, isDeleted: true),
            ])
            #expect(try library.allTemplates().map(\.id) == [benchDay])
            // The source keeps both weeks; the copy holds its edit, is the user's own and names its source.
            #expect(try library.allPrograms(includingDeleted: true) == [
                LibraryProgram(id: builder, definition: libraryProgram("Builder", days: [[benchDay, squatDay], [benchDay]]), isPreset: true),
                LibraryProgram(id: builderCopy, definition: libraryProgram("Builder (copy)", days: [[benchDay]]), isPreset: false,
                               copiedFrom: builder),
                LibraryProgram(id: oldProgram, definition: libraryProgram("Old", days: [[benchDay]]), isPreset: false, isDeleted: true),
            ])
        }
    }
}
