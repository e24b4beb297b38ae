import AntrainEvents
import AntrainProjections
import ArgumentParser
import Foundation

/// What `export` writes.
enum ExportFormat: String, AnyCaseArgument, Sendable {
    case jsonl, csv
}

/// What a CSV export holds.
enum ExportTable: String, AnyCaseArgument, Sendable {
    case sets, nutrition
}

/// `antrain-log export`: the whole log as events, or a table for spreadsheets.
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export every event as JSON Lines, or sets or nutrition as CSV.",
        discussion: """
            --format jsonl writes every event, one per line, in the JSON event envelope \
            of docs/EVENTS.md (id, stream, recordedAt, offset, streamVersion, type, \
            schemaVersion, correlationID, causationID, event, keys sorted), as cat \
            --format json does: importing it into an empty log with import --format jsonl \
            (or append) and exporting again gives the same bytes. Records of \
            types this build does not know are left out and counted on standard error.

            --format csv --what sets writes every done set of every completed workout (a \
            cardio session as one set of its activity's exercise, Running for a run, with its \
            distance and seconds; a metcon has no sets) in Strong's comma layout (Date,Workout Name,Duration,Exercise Name,Set \
            Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE) with the units added \
            as two last columns (Weight Unit, Distance Unit): local start times, weights in \
            --weight-unit (default kg), distances in km (miles with lb). import --format \
            strong reads the file back without being told its unit. \
            --what nutrition writes one row per diary entry: Day, Meal, Food, Grams, Kcal, \
            Protein, Carbs, Fat (the entry's amounts, not per 100 g).

            Writes to standard output, or to --output FILE (written whole, then renamed into place).

            Examples:
              antrain-log export --format jsonl > backup.jsonl
              antrain-log export --format jsonl --output backup.jsonl
              antrain-log export --format csv --what sets --weight-unit lb --output sets.csv
              antrain-log export --format csv --what nutrition | head
            """
    )

    @OptionGroup var location: LogLocation

    @Option(name: .long, help: ArgumentHelp("jsonl (every event) or csv (a table: see --what).", valueName: "format"),
            transform: { try DataFormatArgument.parse($0, nearMisses: DataFormatArgument.exportNearMisses) })
    var format: ExportFormat

    @Option(name: .long, help: "For csv: sets or nutrition.")
    var what: ExportTable?

    @Option(name: .long, help: ArgumentHelp("For csv sets: the unit of weights, kg or lb (default kg).", valueName: "unit"))
    var weightUnit: String?

    @Option(name: [.short, .long], help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"))
    var output: String?

    func validate() throws {
        if format == .csv, what == nil { throw ValidationError("--format csv needs --what sets or --what nutrition.") }
        if format == .jsonl, what != nil { throw ValidationError("--what is for --format csv; jsonl exports every event.") }
        if let weightUnit, ImportCommand.massUnit(weightUnit) == nil { throw ValidationError("--weight-unit must be kg or lb, not \(weightUnit).") }
    }

    func run() async throws {
        try await CommandRunner.run(location) { place in
            let log = try await LogAccess.openForReading(place)
            let sink = try ExportSink(path: output)
            do {
                switch (format, what) {
                case (.jsonl, _):
                    let summary = try await log.replay { stored in sink.line(try EventEnvelope(stored).encoded()) }
                    let left = summary.skipped
                    if left > 0 { Output.error("note: \(left) record\(left == 1 ? "" : "s") of types or versions this build does not know left out") }
                case (.csv, .nutrition?):
                    let store = try await StateAccess.caughtUp(DailyNutrition.models, log: log, place: place)
                    // The rows show no entry ids: none are read back from the log.
                    try CSVExport.nutrition(DailyNutrition(store, events: nil), to: sink)
                case (.csv, _):
                    let unit = weightUnit.flatMap(ImportCommand.massUnit) ?? .kilograms
                    let store = try await StateAccess.caughtUp(WorkoutHistory.models, log: log, place: place)
                    try CSVExport.sets(WorkoutHistory(store, events: EventLookup(log: log)), unit: unit, to: sink)
                }
                try sink.finish()
            } catch {
                sink.abandon()
                try? await log.close()
                throw error
            }
            try await log.close()
        }
    }
}
