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

            The library directory comes from --library, else $ANTRAIN_LIBRARY_DIR, else \
            the first fixtures/library found in the current directory or in a directory \
            above the antrain-log binary (a checkout's .build folder).

            Examples:
              antrain-log seed
              antrain-log seed --library ~/antrain/library --format json
            """
    )

    @OptionGroup var global: GlobalOptions

    @Option(name: .long, help: ArgumentHelp("Directory of the preset files.", valueName: "dir"))
    var library: String?

    func run() async throws {

        _ = try global.textOrJSON("seed")  // refuse --format csv before doing anything
        try await CommandRunner.run(global) { place in
            let source = try Self.libraryDirectory(library)
            let presets: LibraryPresets
            do {
                presets = try LibraryPresets.load(from: source)
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
                object.add("library", .string(source.path))
                output.jsonLine(object.value)
            case .text:
                output.line("seeded \(report.seeded) preset\(report.seeded == 1 ? "" : "s"), \(report.alreadyPresent) already present (from \(source.path))")
            }
            output.flush()
        }
    }

    /// The preset directory: the option, the environment, or the first `fixtures/library`
    /// found in the current directory or above the binary (a checkout's `.build/...`).
    static func libraryDirectory(_ option: String?) throws -> URL {
        let environment = ProcessInfo.processInfo.environment["ANTRAIN_LIBRARY_DIR"].flatMap { $0.isEmpty ? nil : $0 }
        if let given = option ?? environment {
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: given, isDirectory: &isDirectory)
            guard exists, isDirectory.boolValue else {
                throw CommandFailure(message: "the library directory \(given) \(exists ? "is a file, not a directory" : "does not exist")",
                                     fix: "name the directory holding exercises.json, foods.json ... with --library", status: .noInput)
            }
            return URL(fileURLWithPath: given)
        }
        var candidates = [URL(fileURLWithPath: FileManager.default.currentDirectoryPath)]
        // The running binary's own path: argv[0] is only "antrain-log" when it was found on
        // PATH, which left the search at the current directory.
        let binary = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var above = URL(fileURLWithPath: binary).resolvingSymlinksInPath().deletingLastPathComponent()
        while above.path != "/" {
            candidates.append(above)
            above.deleteLastPathComponent()
        }
        for candidate in candidates {
            let library = candidate.appendingPathComponent("fixtures/library")
            if FileManager.default.fileExists(atPath: library.appendingPathComponent("exercises.json").path) { return library }
        }
        throw CommandFailure(message: "no preset library found (looked for fixtures/library here and above the antrain-log binary)",
                             fix: "name it with --library or ANTRAIN_LIBRARY_DIR", status: .noInput)
    }
}
