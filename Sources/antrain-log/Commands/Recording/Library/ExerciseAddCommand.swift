import AntrainEvents
import AntrainJSON
import ArgumentParser
import Foundation

/// `antrain-log exercise add`: creates an exercise and prints its id.
struct ExerciseAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add an exercise to the library and print its id.",
        discussion: """
            --category and --muscles are required; the equipment and the kind follow from the \
            category unless given (kind: bodyweight for bodyweight, time for cardio, else \
            weightAndReps). --category takes one of \
            the library's categories and, given again, the categories you made (antrain-log \
            exercise category add NAME) that the exercise belongs to.

            Examples:
              antrain-log exercise add "Landmine Press" --category barbell --muscles shoulders,triceps
              antrain-log exercise add "Dead Hang" --category bodyweight --kind time --muscles forearms,lats
              antrain-log exercise add "Landmine Squat" --category barbell --category Legs --muscles quads,glutes
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The exercise's name (1 to 100 characters).")
    var name: String

    @OptionGroup var fields: ExerciseFields

    func validate() throws {
        guard !fields.category.isEmpty else {
            throw ValidationError("Missing --category: say where the library lists it (barbell, dumbbell, ...).")
        }
        guard fields.muscles != nil else { throw ValidationError("Missing --muscles: name at least one muscle group (chest, back, quads, ...).") }
    }

    func run() async throws {
        try await RecordingSession.run(global, "exercise add") { session in
            let library = try await session.names().library
            guard let category = try fields.categories(in: library).builtIn else {
                let allowed = ExerciseCategory.allCases.map(\.rawValue).joined(separator: ", ")
                throw CommandFailure(message: "--category names only categories you made; an exercise also needs one of the library's",
                                     fix: "add --category with one of \(allowed)", status: .rejectedInput)
            }
            let base = ExerciseDefinition(name: name, category: category, kind: ExerciseFields.kind(for: category),
                                          equipment: ExerciseFields.equipment(for: category), muscleGroups: [])
            let definition = try fields.applied(to: base, in: library)
            let exerciseID = UUID()
            try await session.execute(.createExercise(exerciseID: exerciseID, definition: definition))
            return Recorded("added exercise \(exerciseID.uuidString) \"\(definition.name)\"", [
                ("exerciseId", .id(exerciseID)), ("name", .string(definition.name)),
            ])
        }
    }
}
