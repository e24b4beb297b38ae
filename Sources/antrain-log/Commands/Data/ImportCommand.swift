import AntrainEvents
import AntrainImport
import AntrainLog
import AntrainPostgres
import ArgumentParser
import Foundation

/// The files `import` reads.
enum ImportSourceFormat: String, AnyCaseArgument, Sendable {
    case jsonl, strong, hevy, fitnotes, cronometer

    /// The CSV export reader's format; nil for JSON Lines.
    var export: ImportFormat? { ImportFormat(rawValue: rawValue) }
}

/// `antrain-log import`: another app's export, or an events JSON Lines file, into the log.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import a Strong, Hevy, FitNotes or Cronometer export, or an events JSON Lines file.",
        discussion: """
            --source names the file's format: jsonl (events in the form export --format jsonl \
            writes, see docs/EVENTS.md), strong (its four CSV layouts), hevy, fitnotes, \
            cronometer (the servings export). (--format strong, as imports were written \
            before, still reads as --source strong.) The whole file is read and checked before anything is \
            appended: a file that is not of the format appends nothing (exit 65).

            Every id comes from the file's content, so importing the same file again appends \
            nothing. Exercises and foods the library lacks become custom library items \
            (their muscle groups and equipment guessed from the name; edit them later). Rows \
            that are not sets or entries (Strong's rest timers, 0 g servings) are skipped and \
            listed with their lines and reasons.

            Weights: Strong's comma layouts carry no unit: give --weight-unit kg or lb; it is \
            also the unit of a weight whose row leaves its unit empty. A row without a weight \
            needs no unit. Times in the exports are local: --time-zone says whose (default: \
            this machine's).

            Every row becomes what it records: reps and a weight, reps alone (push-ups), a \
            time (planks), a distance and a time (runs). An empty cell and 0 both mean "not \
            measured". A row is skipped only when it cannot be a set or an entry; the summary \
            counts the skipped rows by reason and lists each with its line. Rows that hold \
            nothing (rest timers, sets with no reps, time or distance, 0 g servings) lose \
            nothing; when the other skipped rows are more than 2% of the file the summary \
            warns, and --strict refuses the file (exit 65, nothing appended) if there is any. \
            The columns each format reads are in docs/IMPORT.md.

            Cronometer amounts: grams, kg, mg, oz and lb convert exactly, ml counts as grams. \
            Other units (1.00 tsp, 2 serving) have no mass: each unit counts as a nominal \
            100 g of a custom food named with its unit ("Honey [tsp]", serving 100 g), so the \
            per-100 g snapshot is one unit's nutrients. Energy and macronutrients always \
            equal the row's; where the export's rounding gives more than 900 kcal per 100 g \
            the grams are raised to the least mass that holds them. Groups other than \
            breakfast, lunch and dinner are logged as snacks.

            The summary lists workouts, sets, food entries, days, new custom items and the \
            skipped rows, counted by reason; --format json prints it as one JSON object instead of text. A \
            progress bar of the events appended shows on a terminal only.

            Examples:
              antrain-log import strong.csv --source strong --weight-unit lb
              antrain-log import hevy_workouts.csv --source hevy --dry-run
              antrain-log import servings.csv --source cronometer --time-zone Europe/Berlin
              antrain-log import backup.jsonl --source jsonl --log-dir /tmp/restored
              antrain-log import strong.csv --source strong --weight-unit kg --format json
              antrain-log import sets.csv --source strong --strict
            """
    )

    @OptionGroup var location: LogLocation

    @Argument(help: ArgumentHelp("The file to import.", valueName: "file"))
    var file: String

    @Option(name: .customLong("source"), help: ArgumentHelp("What the file is: jsonl, strong, hevy, fitnotes or cronometer.", valueName: "source"),
            transform: { try DataFormatArgument.parse($0, nearMisses: DataFormatArgument.importNearMisses) })
    var sourceOption: ImportSourceFormat?

    // --format is how the summary prints, as everywhere; a file format given to it (how
    // imports were written before --source) is read as --source, since the two sets of names
    // do not meet.
    @Option(name: .customLong("format"), help: ArgumentHelp("How to print the summary: text (for people) or json (one object).",
                                                            valueName: "format"))
    var formatOption: String?

    @Option(name: .customLong("summary"), help: .hidden)
    var summaryOption: OutputFormat?

    @Option(name: .long, help: ArgumentHelp("The unit of weights in exports that carry none: kg or lb.", valueName: "unit"))
    var weightUnit: String?

    @Option(name: .long, help: ArgumentHelp("The IANA zone the export's local times are in (default: this machine's).", valueName: "zone"))
    var timeZone: String?

    @Flag(name: .long, help: "Read, check and plan everything, say what would be appended, and append nothing.")
    var dryRun = false

    @Flag(name: .long, help: "Refuse the file, appending nothing, if any row that holds data would be skipped.")
    var strict = false

    func validate() throws {
        _ = try formats()
        if let weightUnit, Self.massUnit(weightUnit) == nil {
            throw ValidationError("--weight-unit must be kg or lb, not \(weightUnit).")
        }
        if let timeZone, TimeZone(identifier: timeZone) == nil {
            throw ValidationError("--time-zone must be an IANA zone such as Europe/Berlin or UTC, not \(timeZone).")
        }
    }

    /// The file's format and the summary's, from --source and --format (and the older
    /// --summary); refused when the file's is missing or given twice differently.
    private func formats() throws -> (source: ImportSourceFormat, summary: OutputFormat) {
        var fromFormat: ImportSourceFormat?, summary = summaryOption ?? .text
        if let typed = formatOption {
            if let output = OutputFormat(argument: typed == "table" ? "text" : typed) {
                summary = output
            } else if let file = ImportSourceFormat(argument: typed) {
                fromFormat = file
            } else {
                throw ValidationError("--format \(typed): the summary prints as text or json; the file's format is --source "
                    + (typed.lowercased() == "csv" ? "and names the app whose CSV export it is (strong, hevy, fitnotes or cronometer)."
                        : "(jsonl, strong, hevy, fitnotes or cronometer)."))
            }
        }
        if let sourceOption, let fromFormat, sourceOption != fromFormat {
            throw ValidationError("--source \(sourceOption.rawValue) and --format \(fromFormat.rawValue) disagree: name the file's format once, with --source.")
        }
        guard let source = sourceOption ?? fromFormat else {
            throw ValidationError("Missing --source: say what the file is: jsonl, strong, hevy, fitnotes or cronometer.")
        }
        return (source, summary)
    }

    /// The file's format (validated before `run`).
    private var format: ImportSourceFormat { (try? formats().source) ?? .jsonl }
    /// How the summary prints.
    private var summary: OutputFormat { (try? formats().summary) ?? .text }

    static func massUnit(_ text: String) -> MassUnit? {
        switch text.lowercased() {
        case "kg", "kgs", "kilograms": return .kilograms
        case "lb", "lbs", "pounds": return .pounds
        default: return nil
        }
    }

    func run() async throws {
        try await CommandRunner.run(location) { place in
            guard let data = FileManager.default.contents(atPath: file) else {
                throw CommandFailure(message: "cannot read the file \(file)", fix: "check the file's path and permissions", status: .noInput)
            }
            let zone = timeZone.flatMap(TimeZone.init(identifier:)) ?? .current
            var report = ImportSummary(file: file, format: format, dryRun: dryRun)
            // Everything that can be checked without the log is checked before it is opened.
            let source = try read(data, zone: zone, summary: &report)
            if strict, case let .export(imported) = source { try refuseLosses(imported, zone: zone) }
            // A dry run opens the log read-only and so has no writer: only a writer appends.
            let writer = dryRun ? nil : try await openForAppending(place)
            let log: (any LogReader)? = dryRun ? try await openExisting(place) : writer
            do {
                let contents = try await LogContents.read(log, place: place, withLibrary: format != .jsonl)
                let streams: [PlannedStream]
                switch source {
                case let .events(planned): streams = planned
                case let .export(imported):
                    let plan = ImportPlanner(library: contents.library, timeZone: zone).plan(imported)
                    report.add(plan)
                    streams = plan.streams
                }
                var stored: Set<UUID> = []
                if let log { stored = try await ImportAppender.storedIDs(of: streams, in: log) }
                if let writer {
                    report.counts = try await Self.appendShowingProgress(streams, stored: stored, to: writer)
                } else {
                    report.counts = ImportAppender.count(streams, stored: stored)
                }
                try await log?.close()
            } catch {
                try? await log?.close()
                throw error
            }
            var output = Output()
            switch summary {
            case .text: report.textLines.forEach { output.line($0) }
            case .json: output.jsonLine(report.json)
            }
            output.flush()
        }
    }

    /// What the file holds: events, or an export's workouts and entries.
    enum Source {
        case events([PlannedStream])
        case export(ImportedFile)
    }

    private func read(_ data: Data, zone: TimeZone, summary: inout ImportSummary) throws -> Source {
        guard let export = format.export else {
            let contents = JSONLReader.read(data)
            let (streams, count, problems) = (contents.streams, contents.events, contents.problems)
            guard problems.isEmpty else {
                problems.prefix(20).forEach { Output.error("error: \($0)") }
                if problems.count > 20 { Output.error("error: ... and \(problems.count - 20) more problems") }
                throw CommandFailure(message: "nothing was imported: \(file) has \(problems.count) problem\(problems.count == 1 ? "" : "s")",
                                     fix: "correct the lines named above and import again", status: .rejectedInput)
            }
            summary.events = count
            return .events(streams)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw CommandFailure(message: "nothing was imported: \(file) is not UTF-8 text", fix: "export the file again as CSV (UTF-8)",
                                 status: .rejectedInput)
        }
        let reader = ExportReader(timeZone: zone, weightUnit: weightUnit.flatMap(Self.massUnit))
        do {
            return .export(try reader.read(text, format: export))
        } catch {
            let fix = if let other = error.headerFormat {
                "import it with --source \(other.rawValue)"
            } else if error.reason.contains("--weight-unit") {
                "add --weight-unit kg or --weight-unit lb"
            } else {
                "check that the file is a \(format.rawValue) export, or name its format with --source"
            }
            throw CommandFailure(message: "nothing was imported: \(file), \(error)", fix: fix, status: .rejectedInput)
        }
    }

    /// For `--strict`: throws when a row that holds data would be skipped, before the log is
    /// opened. The events' checks do not depend on the library, so planning against an
    /// empty one finds every row the real plan would skip.
    private func refuseLosses(_ imported: ImportedFile, zone: TimeZone) throws {
        let lost = ImportPlanner(library: KnownLibrary(), timeZone: zone).plan(imported).lostRows
        guard !lost.isEmpty else { return }
        lost.prefix(20).forEach { Output.error("error: \(file) \($0)") }
        if lost.count > 20 { Output.error("error: ... and \(lost.count - 20) more rows") }
        throw CommandFailure(message: "nothing was imported: --strict, and \(lost.count) of the \(imported.rows) rows of \(file) cannot be imported",
                             fix: "correct the rows named above, or import without --strict to skip them", status: .rejectedInput)
    }

    /// For a dry run: the existing log opened read-only, or nil when there is none.
    private func openExisting(_ place: LogPlace) async throws -> (any LogReader)? {
        guard (try? LogAccess.requireLog(place)) != nil else { return nil }
        do {
            return try await LogAccess.openForReading(place)
        } catch PostgresLogError.noSuchLog {
            return nil
        }
    }

    /// The log to append to, created when missing.
    private func openForAppending(_ place: LogPlace) async throws -> any LogWriter {
        // One fsync at close rather than one per append: the summary is printed after it.
        let log = try await LogAccess.openForWriting(place, create: true, options: LogOptions(durability: .none))
        if let cut = log.openingCut { Output.error("note: \(ReportShapes.text(cut))") }
        return log
    }
}
