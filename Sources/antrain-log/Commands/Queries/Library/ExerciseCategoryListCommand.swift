import AntrainEvents
import AntrainJSON
import AntrainProjections
import ArgumentParser
import Foundation

/// `antrain-log exercise category list`: the exercise categories, presets and your own.
struct ExerciseCategoryListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the exercise categories: presets and your own, with how many exercises each holds.",
        discussion: """
            Every category that is not deleted, in the order they were made. These group \
            exercises beyond the library's own categories (barbell, dumbbell, ...), which \
            every exercise has one of.

            JSON: an array of {"id", "name", "exercises", "isPreset"}.

            Examples:
              antrain-log exercise category list
              antrain-log exercise category list --format json
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var query: QueryOptions

    func run() async throws {
        try await CommandRunner.run(global) { place in
            let store = try await StateAccess.store(Library.models, place: place, asOf: try query.point)
            let library = Library(store)
            var counts: [UUID: Int] = [:]
            for exercise in try library.allExercises() {
                for categoryID in exercise.definition.categoryIDs { counts[categoryID, default: 0] += 1 }
            }
            Self.answer(try library.allCategories(), counts: counts).print(global.format)
        }
    }

    static func answer(_ categories: [LibraryCategory], counts: [UUID: Int]) -> QueryAnswer {
        var table = TextTable([.left("NAME"), .right("EXERCISES"), .left("SOURCE")])
        var csv = CSVText(["id", "name", "exercises", "isPreset"])
        var json: [JSONValue] = []
        for category in categories {
            let count = counts[category.id] ?? 0
            table.add([category.name, String(count), category.isPreset ? "preset" : "your own"])
            csv.add([category.id.uuidString, category.name, String(count), String(category.isPreset)])
            var object = JSONObjectBuilder()
            object.add("id", QueryJSON.id(category.id))
            object.add("name", .string(category.name))
            object.add("exercises", .integer(count))
            object.add("isPreset", .bool(category.isPreset))
            json.append(object.value)
        }
        let count = "\(categories.count) categor\(categories.count == 1 ? "y" : "ies")"
        return QueryAnswer(json: .array(json), text: table.isEmpty ? ["no categories"] : table.lines + ["", count], csv: csv)
    }
}
