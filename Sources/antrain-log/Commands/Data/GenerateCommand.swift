import AntrainEvents
import AntrainGenerator
import AntrainJSON
import AntrainLog
import ArgumentParser
import Foundation

/// `antrain-log generate`: a realistic, deterministic history written into the log.
struct GenerateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Write a realistic, deterministic training and nutrition history into an empty log.",
        discussion: """
            The preset library, then --weeks weeks of --athletes athletes following preset \
            programs (warm-ups, working sets, RPE, missed reps, corrections, cancelled \
            sessions, cardio, metcons, food diaries, morning weigh-ins). The same options \
            give the same events, ids and times, byte for byte: export --format jsonl of two \
            generated logs compares equal.

            Refuses a log that already holds events (exit 65), since the generated history \
            brings its own library and would duplicate presets seeded before; --into-existing \
            writes it anyway. The presets come from --library, as for seed. A progress bar \
            shows on a terminal only.

            Examples:
              antrain-log generate --athletes 1 --weeks 26 --seed 7
              antrain-log generate --athletes 50 --weeks 52 --seed 1 --start 2025-01-06 --log-dir /tmp/big
              antrain-log generate --athletes 1 --weeks 4 --seed 3 --format json
            """
    )

    @OptionGroup var global: GlobalOptions

    @Option(name: .long, help: "Athletes in the history, 1 to 100000.")
    var athletes: Int = 1

    @Option(name: .long, help: "Weeks of history, 1 to 520.")
    var weeks: Int = 26

    @Option(name: .long, help: "The seed every random choice comes from.")
    var seed: UInt64 = 1

    @Option(name: .long, help: ArgumentHelp("The first day of the history, YYYY-MM-DD (default 2025-01-06, a Monday).", valueName: "date"))
    var start: String = "2025-01-06"

    @Option(name: .long, help: ArgumentHelp("Directory of the preset files.", valueName: "dir"))
    var library: String?

    @Flag(name: .long, help: "Write into a log that already holds events.")
    var intoExisting = false

    func validate() throws {
        guard (1...100_000).contains(athletes) else { throw ValidationError("--athletes must be 1 to 100000, not \(athletes).") }
        guard (1...520).contains(weeks) else { throw ValidationError("--weeks must be 1 to 520, not \(weeks).") }
        guard CalendarDay(start) != nil else { throw ValidationError("--start must be a day such as 2025-01-06, not \(start).") }
    }

    func run() async throws {
        _ = try global.textOrJSON("generate")  // refuse --format csv before doing anything
        try await CommandRunner.run(global) { place in
            let source = try PresetSource(library)
            let generator: LogGenerator
            do {
                let presets = try source.load()
                generator = try LogGenerator(athletes: athletes, weeks: weeks, seed: seed, startDay: CalendarDay(start)!,
                                             library: GeneratorLibrary(presets: presets))
            } catch {
                throw CommandFailure(message: "nothing was generated: \(error)", fix: "correct the preset files, or name others with --library",
                                     status: .rejectedInput)
            }
            let log = try await LogAccess.openForWriting(place, create: true, options: LogOptions(durability: .none))
            let written: (events: Int, appends: Int)
            do {
                let end = try await log.end()
                if end.nextOffset > 0, !intoExisting {
                    throw CommandFailure(message: "nothing was generated: the log at \(place) already holds \(end.nextOffset) events",
                                         fix: "choose an empty directory with --log-dir, or pass --into-existing to add the history anyway",
                                         status: .rejectedInput)
                }
                written = try await write(generator, to: log)
                try await log.close()
            } catch {
                try? await log.close()
                throw error
            }
            var output = Output()
            switch try global.textOrJSON("generate") {
            case .text:
                output.line("generated \(written.events) events in \(written.appends) appends: \(athletes) athlete\(athletes == 1 ? "" : "s"), "
                    + "\(weeks) week\(weeks == 1 ? "" : "s") from \(start), seed \(seed)")
            case .json:
                var object = JSONObjectBuilder()
                object.add("events", .integer(written.events))
                object.add("appends", .integer(written.appends))
                object.add("athletes", .integer(athletes))
                object.add("weeks", .integer(weeks))
                object.add("start", .string(start))
                object.add("seed", .integer(seed))
                output.jsonLine(object.value)
            }
            output.flush()
        }
    }

    /// Appends batch by batch, drawing a bar of the days done on a terminal.
    private func write(_ generator: LogGenerator, to log: any LogWriter) async throws -> (events: Int, appends: Int) {
        let bar = Output.standardErrorIsTerminal ? ProgressBar(label: "generating", describeTotal: { "\($0) days" }) : nil
        defer { bar?.finish() }
        let first = CalendarDay(start)!
        let days = UInt64(weeks * 7)
        var events = 0
        var appends = 0
        for batch in generator.batches() {
            try await log.append(batch.events, expectedVersion: batch.expectedVersion)
            events += batch.events.count
            appends += 1
            // A batch of day d is written when the days before it are done.
            bar?.update(done: UInt64(max(0, batch.time.day.daysSince1970 - first.daysSince1970)), total: days)
        }
        bar?.update(done: days, total: days)
        return (events, appends)
    }
}
