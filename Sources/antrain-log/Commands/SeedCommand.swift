import AntrainEvents
import AntrainJSON
import ArgumentParser
import Foundation

/// `antrain-log seed`: records the preset library (exercises, categories, templates, programs, foods) once.
struct SeedCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "seed",
        abstract: "Record the preset exercises, categories, templates, programs and foods, once.",
        discussion: """
            Reads the preset files (categories.json, exercises.json, templates.json, \
            programs.json, foods.json: JSON arrays of events in their JSON form, see \
            docs/EVENTS.md) and appends each preset as the first event of its own stream. A \
            preset whose stream exists already is skipped: seeded before, or deleted by the \
            user since, so a deleted preset never comes back. Running it again appends \
            nothing. Creates the log when it does not exist.

            The presets come from --library DIR, else $ANTRAIN_LIBRARY_DIR, else the \
            library built into antrain-log (fixtures/library of its build), so that it \
            works from any directory and any install location.

            Examples:
              antrain-log seed
              antrain-log seed --library ~/antrain/library --format json
            """
    )

    @OptionGroup var global: GlobalOptions

    @Option(name: .long, help: ArgumentHelp("Directory of the preset files (default: the built-in library).", valueName: "dir"))
    var library: String?

    func run() async throws {

        _ = try global.textOrJSON("seed")  // refuse --format csv before doing anything
        try await CommandRunner.run(global) { place in
            let source = try PresetSource(library)
            let presets: LibraryPresets
            do {
                presets = try source.load()
            } catch let error as PresetError {
                throw CommandFailure(message: "nothing was seeded: \(error)", fix: "correct the preset file, or name another with --library",
                                     status: .rejectedInput)
            }
            let log = try await LogAccess.openForWriting(place, create: true)
            if let cut = log.openingCut { Output.error("note: \(ReportShapes.text(cut))") }
            let report = try await LibrarySeeder(log: log).seed(presets)
            try await log.close()
            var output = Output()
            switch try global.textOrJSON("seed") {
            case .json:
                var object = JSONObjectBuilder()
                object.add("seeded", .integer(report.seeded))
                object.add("alreadyPresent", .integer(report.alreadyPresent))
                object.add("library", .string(source.name))
                output.jsonLine(object.value)
            case .text:
                output.line("seeded \(report.seeded) preset\(report.seeded == 1 ? "" : "s"), \(report.alreadyPresent) already present (from \(source))")
            }
            output.flush()
        }
    }
}
