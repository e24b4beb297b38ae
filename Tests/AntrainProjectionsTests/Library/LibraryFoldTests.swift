import AntrainEvents
@testable import AntrainGenerator
@testable import AntrainProjections
import AntrainTestSupport
import Foundation
import Testing

/// The library's fold: a store caught up in random steps equals one rebuild byte for byte,
/// values read back what was written, and the library's ways with ids created twice, ids
/// never created and names that differ only in how an accent is typed.
@Suite("Library: the keyed fold")
struct LibraryFoldTests {
    @Test("Caught up in random steps while the log grows equals one rebuild, key for key and byte for byte", arguments: [3, 11])
    func steppedEqualsRebuilt(seed: UInt64) async throws {
        let batches = Self.interleaved(try GeneratedLogReplayTests.batches(seed: seed), with: Self.churn())
        let (stepped, rebuilt, steps) = try await StateTesting.steppedAndRebuilt(Library.models, batches: batches, seed: seed)
        #expect(steps > 5)
        #expect(stepped == rebuilt)
        for kind in ["exercises", "categories", "foods", "templates", "programs"] {
            #expect((rebuilt["library/\(kind)"]?.count ?? 0) > 1, "the log holds \(kind)")
        }
    }

    @Test("Each kind's value reads back as written, every optional field set")
    func valuesRoundTrip() throws {
        let exercise = LibraryExercise(id: .n(1), definition: ExerciseDefinition(
            name: "Good Morning", category: .barbell, kind: .weightAndReps, equipment: .barbell, muscleGroups: [.hamstrings, .glutes],
            categoryIDs: [.n(7), .n(8)], description: "Hinge.", youTubeURL: "https://youtu.be/abc"), isPreset: true, isDeleted: true)
        let food = LibraryFood(id: .n(2), definition: FoodDefinition(
            name: "Skyr", brand: "Siggi's", per100g: Nutrients(caloriesKcal: 63.5, proteinG: 11.123456789, carbsG: 4, fatsG: 0.2),
            servingSizeG: 150, category: .dairy), isPreset: false, isFavourite: true)
        let template = LibraryTemplate(id: .n(3), name: "Mixed", notes: "Warm up first", items: [
            .exercise(position: 1, exerciseID: .n(1), target: .repetitions(sets: 3, repsPerSet: 8, restSeconds: 90)),
            .break(position: 2, durationSeconds: 120),
            .exercise(position: 3, exerciseID: .n(4), target: .time(durationSeconds: 60)),
        ], isPreset: true)
        var program = LibraryProgram(id: .n(5), definition: libraryProgram("Block", days: [[.n(3)], [.n(3), .n(6)]]), isPreset: false,
                                     copiedFrom: .n(9))
        program.definition.description = "Two weeks"
        program.definition.weeks[1] = ProgramWeek(number: 2, name: "Peak", phase: "peak", intensityModifier: 1.05, volumeModifier: 0.7,
                                                  isDeload: true, days: [ProgramDay(dayOfWeek: 2, name: "Heavy", templateID: nil,
                                                                                    intensityOverride: 1.1, volumeOverride: 0.5,
                                                                                    suggestedRPE: 8.5)])
        try roundTrip(exercise)
        try roundTrip(food)
        try roundTrip(template)
        try roundTrip(program)
        try roundTrip(LibraryCategory(id: .n(6), name: "Posterior chain", isPreset: false, isDeleted: true))
    }

    @Test("An id created again takes the new item (no longer deleted) but keeps its first place; an unknown id changes nothing")
    func recreatedAndUnknownIDs() async throws {
        let scratch = try await ScratchLog("library-quirks")
        try await scratch.record([
            FoodItemCreated(foodID: .n(1), definition: libraryFood("Oats")),
            FoodItemCreated(foodID: .n(2), definition: libraryFood("Rice")),
            FoodFavourited(foodID: .n(1), isFavourite: true),
            FoodItemDeleted(foodID: .n(1)),
        ])
        _ = try await scratch.caughtUp(Library.models)
        try await scratch.record([
            FoodItemCreated(foodID: .n(1), definition: libraryFood("Porridge oats")),
            FoodItemUpdated(foodID: .n(3), definition: libraryFood("Never created")),
            FoodFavourited(foodID: .n(4), isFavourite: true),
            ExerciseDeleted(exerciseID: .n(5)),
        ])
        for store: any KeyedStateStore in [try await scratch.caughtUp(Library.models).store, try await scratch.state(Library.models)] {
            let library = Library(store)
            #expect(try library.allFoods().map(\.name) == ["Porridge oats", "Rice"])
            // Created again: the new definition, no longer deleted, the favourite mark gone, and
            // still first, where the id was first created.
            #expect(try library.allFoods(includingDeleted: true) == [
                LibraryFood(id: .n(1), definition: libraryFood("Porridge oats"), isPreset: false),
                LibraryFood(id: .n(2), definition: libraryFood("Rice"), isPreset: false),
            ])
            #expect(try library.food(id: .n(1))?.isFavourite == false)
            #expect(try library.food(id: .n(3)) == nil)
            #expect(try library.favouriteFoods().isEmpty)
            #expect(try store.read { try $0.count(in: LibraryProjection.foods) } == 2)
            #expect(try store.read { try $0.count(in: LibraryProjection.exercises) } == 0)
        }
    }

    @Test("A name matches whether an accent is typed as one character or two, as Swift compares strings")
    func canonicalNames() async throws {
        let scratch = try await ScratchLog("library-names")
        try await scratch.record([
            ExerciseCreated(exerciseID: .n(1), definition: libraryExercise("Caf\u{E9} Curl")),
            ExerciseCreated(exerciseID: .n(2), definition: libraryExercise("Cafe\u{301} Curl")),
            ExerciseCreated(exerciseID: .n(3), definition: libraryExercise("STRAẞE Row")),
        ])
        let store = try await scratch.state(Library.models)
        let library = Library(store)
        // Lower-cased and trimmed, names compare by canonical equivalence: both spellings of
        // "Café Curl" are one name, and the first created (1) answers for it. "ẞ" lower-cases
        // to "ß", which is not "ss": "STRASSE ROW" names nothing.
        let expected: [(typed: String, id: UUID?)] = [
            ("caf\u{E9} curl", .n(1)), ("CAFE\u{301} CURL", .n(1)), (" Café Curl\n", .n(1)), ("straße row", .n(3)), ("STRASSE ROW", nil),
        ]
        for (typed, id) in expected {
            #expect(try library.exercise(named: typed)?.id == id, "\(typed)")
        }
        #expect(try library.exercise(named: "cafe\u{301} curl")?.id == .n(1))
        // The key column holds the composed, lower-cased name, one index lookup away.
        let rows = try store.read { try $0.entries(in: LibraryProjection.exercises, where: "name_key", equals: .text("caf\u{E9} curl")) }
        #expect(rows.map(\.key) == [UUID.n(1).keyBytes, UUID.n(2).keyBytes])
    }

    @Test("A catch-up after one library event rewrites only that item's key")
    func catchUpTouchesOneKey() async throws {
        let scratch = try await ScratchLog()
        try await GeneratedLogReplayTests.append(try GeneratedLogReplayTests.batches(seed: 4).prefix(300), to: scratch.log)
        let first = try await scratch.caughtUp(Library.models)
        let before = try StateTesting.dump(first.store, Library.models)
        let food = try #require(try Library(first.store).allFoods().last)
        try await scratch.record(FoodFavourited(foodID: food.id, isFavourite: !food.isFavourite))
        let second = try await scratch.caughtUp(Library.models)
        #expect(second.summary.decoded == 1)
        let after = try StateTesting.dump(second.store, Library.models)
        #expect(after.filter { $0.key != "library/foods" } == before.filter { $0.key != "library/foods" })
        let changed = zip(before["library/foods"]!, after["library/foods"]!).filter { $0 != $1 }.map(\.0.key)
        #expect(changed == [food.id.keyBytes])
        #expect(try Library(second.store).food(id: food.id)?.isFavourite == !food.isFavourite)
    }

    // MARK: Helpers

    private func roundTrip<Item: LibraryStateItem>(_ item: Item) throws {
        let entry = LibraryEntry(created: 12_345, item: item)
        let decoded = try LibraryEntry<Item>.decoded(StateEntry(key: item.id.keyBytes, value: entry.encoded))
        #expect(decoded.item == item)
        #expect(decoded.created == 12_345)
        #expect(decoded.encoded == entry.encoded)
        #expect(entry.columns.count == Item.keyspace.columns.count)
        let header = try LibraryEntryHeader.decoded(entry.encoded, in: Item.keyspace)
        #expect(header.name == item.name && header.flags.contains(.deleted) == item.isDeleted)
    }

    /// Library events of every kind, touching items made here and the generator's: edits,
    /// deletes, a category renamed, a program copied and edited, an id created twice.
    static func churn() -> [any DomainEvent] {
        let stretch = UUID.n(900), hinge = UUID.n(901), shake = UUID.n(902), day = UUID.n(903), block = UUID.n(904)
        return [
            ExerciseCategoryCreated(categoryID: stretch, name: "Stretching"),
            ExerciseCreated(exerciseID: hinge, definition: libraryExercise("Hip Hinge", categories: [stretch])),
            FoodItemCreated(foodID: shake, definition: libraryFood("Shake")),
            TemplateCreated(templateID: day, name: "Hinge day", items: libraryItems(hinge, hinge)),
            ProgramCreated(programID: block, definition: libraryProgram("Hinge block", days: [[day], [day]])),
            ExerciseUpdated(exerciseID: hinge, definition: libraryExercise("Hip Hinge (banded)", categories: [stretch])),
            ExerciseCategoryRenamed(categoryID: stretch, name: "Mobility"),
            FoodFavourited(foodID: shake, isFavourite: true),
            FoodItemUpdated(foodID: shake, definition: libraryFood("Protein shake")),
            TemplateUpdated(templateID: day, name: "Hinge day B", items: libraryItems(hinge)),
            ProgramDuplicated(newProgramID: .n(905), sourceProgramID: block, name: "Hinge block (copy)",
                              copying: libraryProgram("Hinge block", days: [[day], [day]])),
            ProgramUpdated(programID: .n(905), definition: libraryProgram("Hinge block (copy)", days: [[day]])),
            FoodItemDeleted(foodID: shake),
            ExerciseDeleted(exerciseID: hinge),
            ExerciseCreated(exerciseID: hinge, definition: libraryExercise("Hip Hinge")),
            TemplateDeleted(templateID: day),
            ProgramDeleted(programID: block),
            ExerciseCategoryDeleted(categoryID: stretch),
            ExerciseCategoryCreated(categoryID: .n(906), name: "Carries"),
        ]
    }

    /// `batches` with each of `events` as a batch of its own, spread evenly among them.
    static func interleaved(_ batches: [GeneratedBatch], with events: [any DomainEvent]) -> [GeneratedBatch] {
        var result: [GeneratedBatch] = []
        let every = max(1, batches.count / (events.count + 1))
        var pending = events[...]
        for (index, batch) in batches.enumerated() {
            result.append(batch)
            if index % every == every - 1, let event = pending.popFirst() {
                result.append(GeneratedBatch(stream: event.streamID, expectedVersion: .any, events: [NewEvent(event)], time: batch.time))
            }
        }
        return result + pending.map { GeneratedBatch(stream: $0.streamID, expectedVersion: .any, events: [NewEvent($0)], time: batches[0].time) }
    }
}
