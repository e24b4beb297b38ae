import AntrainEvents
import AntrainJSON
import AntrainLog
import AntrainProjections
import ArgumentParser
import Foundation

/// `antrain-log exercise list`: the exercises of the library, narrowed by what they are.
struct ExerciseListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the library's exercises, filtered by category, muscle, equipment, kind or name.",
        discussion: """
            Every filter given narrows the list; without any, every exercise (presets and your \
            own, not deleted) in the order they were added. --category takes the library's \
            categories (barbell, dumbbell, bodyweight, machine, cable, cardio, metcon) or the \
            name of a category you made. --search keeps the exercises whose name holds every \
            word typed, in any order and case ("press bench" finds "Barbell Bench Press").

            JSON: an array of {"id", "name", "category", "kind", "equipment", "muscles", \
            "isPreset"}.

            Examples:
              antrain-log exercise list
              antrain-log exercise list --muscle chest --equipment dumbbell
              antrain-log exercise list --category bodyweight --kind time
              antrain-log exercise list --search "press bench" --format json
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var query: QueryOptions

    @Option(name: .long, help: ArgumentHelp("barbell, dumbbell, bodyweight, machine, cable, cardio, metcon, or a category you made.",
                                            valueName: "category"))
    var category: String?

    @Option(name: .long, help: "A muscle group it trains: chest, back, quads, ...")
    var muscle: MuscleGroup?

    @Option(name: .long, help: "What it is done with: barbell, dumbbell, kettlebell, machine, cable, bodyweight, band, ...")
    var equipment: Equipment?

    @Option(name: .long, help: "How its sets are measured: weightAndReps, time, distance or bodyweight.")
    var kind: ExerciseKind?

    @Option(name: .long, help: ArgumentHelp("Words of its name, in any order and case.", valueName: "words"))
    var search: String?

    func run() async throws {
        try await CommandRunner.run(global) { place in
            let store = try await StateAccess.store(Library.models, place: place, asOf: try query.point)
            let library = Library(store)
            var filter = ExerciseFilter(muscle: muscle, equipment: equipment, kind: kind, search: search)
            if let category { try Self.narrow(&filter, toCategory: category, in: library) }
            Self.answer(try library.exercises(matching: filter)).print(global.format)
        }
    }

    /// `typed` as the library's own category, else as a category the user made.
    static func narrow(_ filter: inout ExerciseFilter, toCategory typed: String, in library: Library) throws {
        let wanted = typed.trimmingCharacters(in: .whitespaces).lowercased()
        if let own = ExerciseCategory.allCases.first(where: { $0.rawValue.lowercased() == wanted }) {
            filter.category = own
        } else if let made = try library.category(named: typed) {
            filter.categoryID = made.id
        } else {
            let made = try library.allCategories().map { "\"\($0.name)\"" }
            let allowed = ExerciseCategory.allCases.map(\.rawValue).joined(separator: ", ")
            throw CommandFailure(message: "\"\(typed)\" is not a category of the library",
                                 fix: "use \(allowed)" + (made.isEmpty ? "" : ", or one of the categories (exercise category list): " + made.joined(separator: ", ")),
                                 status: .rejectedInput)
        }
    }

    static func answer(_ exercises: [LibraryExercise]) -> QueryAnswer {
        var table = TextTable([.left("NAME"), .left("CATEGORY"), .left("KIND"), .left("EQUIPMENT"), .left("MUSCLES")])
        var csv = CSVText(["id", "name", "category", "kind", "equipment", "muscles", "isPreset"])
        var json: [JSONValue] = []
        for exercise in exercises {
            let definition = exercise.definition
            let muscles = definition.muscleGroups.map(\.rawValue)
            table.add([exercise.name, DisplayText.words(definition.category), DisplayText.words(definition.kind), DisplayText.words(definition.equipment),
                       definition.muscleGroups.map(DisplayText.words).joined(separator: ", ")])
            csv.add([exercise.id.uuidString, exercise.name, definition.category.rawValue, definition.kind.rawValue,
                     definition.equipment.rawValue, muscles.joined(separator: ","), String(exercise.isPreset)])
            var object = JSONObjectBuilder()
            object.add("id", QueryJSON.id(exercise.id))
            object.add("name", .string(exercise.name))
            object.add("category", .string(definition.category.rawValue))
            object.add("kind", .string(definition.kind.rawValue))
            object.add("equipment", .string(definition.equipment.rawValue))
            object.add("muscles", .array(muscles.map { .string($0) }))
            object.add("isPreset", .bool(exercise.isPreset))
            json.append(object.value)
        }
        let count = "\(exercises.count) exercise\(exercises.count == 1 ? "" : "s")"
        let text = table.isEmpty ? ["no exercise matches"] : table.lines + ["", count]
        return QueryAnswer(json: .array(json), text: text, csv: csv)
    }
}
