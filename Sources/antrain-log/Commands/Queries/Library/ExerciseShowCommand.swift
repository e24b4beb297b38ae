import AntrainEvents
import AntrainJSON
import AntrainLog
import AntrainProjections
import ArgumentParser
import Foundation

/// `antrain-log exercise show NAME`: one exercise of the library in full, with its records.
struct ExerciseShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show one exercise: how it is measured, what it trains, how to do it, its records and when it was last done.",
        discussion: """
            EXERCISE is a name (any case) or an id; a name that matches nothing exits 65 with \
            the closest names. The records are those of `prs` (e1RM by --formula).

            JSON: one object {"id", "name", "isPreset", "isDeleted", "category", \
            "categories" (the names of your categories it is in), "kind", "equipment", \
            "muscles", "description", "video", "sessions", "sets", "reps", "totalVolumeKg", \
            "lastPerformedAt", "hasCompletedWorkout", "records" (as one element of prs's \
            array)}; fields without a \
            value are omitted. CSV: its records, as prs prints them.

            Examples:
              antrain-log exercise show "Barbell Bench Press"
              antrain-log exercise show plank --format json
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var query: QueryOptions

    @Argument(help: ArgumentHelp("The exercise: its name (any case) or id.", valueName: "exercise"), completion: NameCompletion.exercises)
    var exercise: String

    @Option(name: .long, help: "How e1RM is estimated: brzycki, epley or rpe.")
    var formula: OneRepMaxFormula = .brzycki

    func run() async throws {
        try await CommandRunner.run(global) { place in
            // The exercise's library row and its row of records and totals: two keys.
            let models = Library.models + PersonalRecords.models + Settings.models
            let store = try await StateAccess.store(models, place: place, asOf: try query.point)
            let library = Library(store)
            let id = try LibraryNames(library: library).resolve(exercise, .exercise).id
            guard let found = try library.exercise(id: id) else {
                throw CommandFailure(message: "the library has no exercise \(id.uuidString)",
                                     fix: "antrain-log exercise list shows the exercises and their ids", status: .rejectedInput)
            }
            // A deleted category is no longer one the exercise is shown in (its definition keeps the id).
            let categories = try found.definition.categoryIDs.compactMap { id in
                try library.category(id: id).flatMap { $0.isDeleted ? nil : $0.name }
            }
            let statistics = try PersonalRecords(store).statistics(for: id, formula: formula, withRecords: true)
            Self.answer(found, categories: categories, statistics: statistics, units: try Settings(store).units()).print(global.format)
        }
    }

    static func answer(_ exercise: LibraryExercise, categories: [String], statistics: ExerciseStatistics?,
                       units: UnitSettings) -> QueryAnswer {
        let definition = exercise.definition
        let muscles = definition.muscleGroups.map(\.rawValue)
        var object = JSONObjectBuilder()
        object.add("id", QueryJSON.id(exercise.id))
        object.add("name", .string(exercise.name))
        object.add("isPreset", .bool(exercise.isPreset))
        object.add("isDeleted", .bool(exercise.isDeleted))
        object.add("category", .string(definition.category.rawValue))
        object.add("categories", .array(categories.map { .string($0) }))
        object.add("kind", .string(definition.kind.rawValue))
        object.add("equipment", .string(definition.equipment.rawValue))
        object.add("muscles", .array(muscles.map { .string($0) }))
        object.add("description", ifPresent: definition.description.map { .string($0) })
        object.add("video", ifPresent: definition.youTubeURL.map { .string($0) })
        object.add("sessions", .integer(statistics?.sessions ?? 0))
        object.add("sets", .integer(statistics?.sets ?? 0))
        object.add("reps", .integer(statistics?.reps ?? 0))
        object.add("totalVolumeKg", QueryJSON.number(statistics?.totalVolumeKg ?? 0))
        object.add("lastPerformedAt", ifPresent: statistics?.lastPerformedAt.map(QueryJSON.time))
        object.add("hasCompletedWorkout", .bool(statistics?.hasCompletedWorkout ?? false))
        let records = statistics?.records
        object.add("records", ifPresent: records.flatMap { PRsCommand.answer([$0], units: units).json.firstElement })

        var block = KeyValueBlock()
        block.add("exercise", exercise.name + (exercise.isDeleted ? " (deleted)" : ""))
        block.add("id", exercise.id.uuidString)
        block.add("source", exercise.isPreset ? "preset" : "your own")
        block.add("category", ([DisplayText.words(definition.category)] + categories).joined(separator: ", "))
        block.add("kind", DisplayText.words(definition.kind))
        block.add("equipment", DisplayText.words(definition.equipment))
        block.add("muscles", definition.muscleGroups.map(DisplayText.words).joined(separator: ", "))
        block.add("description", definition.description)
        block.add("video", definition.youTubeURL)
        block.add("sessions", String(statistics?.sessions ?? 0))
        block.add("sets", String(statistics?.sets ?? 0))
        block.add("last performed", statistics?.lastPerformedAt.map(DisplayText.localMinute) ?? "never")
        var text = block.lines + [""]
        var table = TextTable([.left("RECORD"), .right("VALUE"), .left("SET"), .left("DATE")])
        var csv = CSVText(["exercise", "exerciseId", "record", "value", "reps", "weightKg", "date", "achievedAt"])
        for row in records.map(RecordRow.rows(of:)) ?? [] {
            table.add([row.label, row.value(units), row.set(units), row.record.day.description])
            if let records { csv.add(PRsCommand.csvRow(records, row)) }
        }
        text += table.isEmpty ? ["no records yet"] : table.lines
        return QueryAnswer(json: object.value, text: text, csv: csv)
    }
}

extension JSONValue {
    /// The first element of an array (nil for other values or an empty array).
    var firstElement: JSONValue? {
        if case let .array(elements) = self { return elements.first }
        return nil
    }
}
