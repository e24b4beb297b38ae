import AntrainJSON
import AntrainProjections
import ArgumentParser
import Foundation

/// `antrain-log workout reorder`: puts the active workout's exercises in a new order.
struct WorkoutReorderCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reorder",
        abstract: "Put the exercises of the active workout in a new order.",
        discussion: """
            Name every exercise of the workout once, in the order wanted: by its place now \
            (1 for the first, as antrain-log show lists them) or by its name, when the \
            workout holds it once. Sets stay with their exercise.

            Examples:
              antrain-log workout reorder 3 1 2
              antrain-log workout reorder Squat "Barbell Bench Press" "Barbell Row"
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("Every exercise of the workout, in the new order: places (1, 2, ...) or names.",
                                 valueName: "exercise"))
    var exercises: [String] = []

    @OptionGroup var target: WorkoutTarget

    func validate() throws {
        guard !exercises.isEmpty else { throw ValidationError("Name the workout's exercises in the new order: 3 1 2, or their names.") }
    }

    func run() async throws {
        try await RecordingSession.run(global, "workout reorder") { session in
            let facts = try await session.facts()
            let workoutID = try target.resolve(in: facts)
            let contents = try await facts.contents(of: workoutID) ?? .init()
            var order: [UUID] = []
            for typed in exercises {
                let entryID = try EntryLookup.find(typed, in: contents, names: session.names(facts))
                guard !order.contains(entryID) else {
                    throw CommandFailure(message: "\"\(typed)\" names an exercise the new order already holds",
                                         fix: "name each of the workout's \(contents.entries.count) exercises once",
                                         status: .rejectedInput)
                }
                order.append(entryID)
            }
            let missing = contents.entries.indices.filter { !order.contains(contents.entries[$0].entryID) }
            guard missing.isEmpty else {
                let places = missing.map { String($0 + 1) }.joined(separator: ", ")
                throw CommandFailure(message: "the new order leaves out exercise\(missing.count == 1 ? "" : "s") \(places) of the workout",
                                     fix: "name each of the workout's \(contents.entries.count) exercises once, in the order wanted",
                                     status: .rejectedInput)
            }
            try await session.execute(.reorderExercises(workoutID: workoutID, entryIDs: order))
            let names = try order.map { id in
                try contents.exercise(ofEntry: id).flatMap { try facts.library.exercise(id: $0)?.name } ?? id.uuidString
            }
            return Recorded("reordered workout \(workoutID.uuidString): \(names.joined(separator: ", "))",
                            [("workoutId", .id(workoutID)), ("entryIds", .array(order.map { .id($0) }))])
        }
    }
}
