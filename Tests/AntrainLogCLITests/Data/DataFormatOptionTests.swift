import Foundation
import Testing

/// `--format` is the output's format everywhere (issue 20): export's file (`export --format
/// csv --what sets`) and import's summary (`--format json`); `--source` names the file an
/// import reads (`import FILE --source strong`), and `--format strong`, as imports were
/// written before, still reads as `--source strong`.
@Suite("Data: --source and --format of import and export")
struct DataFormatOptionTests {
    /// One workout of two sets in Strong's semicolon layout (units in the file).
    static let strong = """
        Date;Workout Name;Exercise Name;Set Order;Weight;Weight Unit;Reps;RPE;Distance;Distance Unit;Seconds;Notes;Workout Notes
        2023-05-01 07:30:00;Legs;Squat (Barbell);1;100;kg;5;8;0;;0;;
        2023-05-01 07:30:00;Legs;Squat (Barbell);2;105;kg;3;9;0;;0;;

        """

    @Test("import FILE --source strong appends and prints a text summary; --format json prints one object")
    func importWithFormat() async throws {
        let scratch = try Scratch()
        let path = try scratch.file("strong.csv", Self.strong)
        let text = try await scratch.runOnLog(["import", path, "--source", "strong"])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("read strong export") && text.stdout.contains("1 workout") && text.stdout.contains("2 sets"), "\(text.stdout)")
        // The same file again: every id is already stored, so the JSON summary counts 0 appended.
        let again = try await scratch.runOnLog(["import", path, "--source", "strong", "--format", "json"])
        #expect(again.status == 0, "\(again.stderr)")
        let report = try #require(try again.jsonLines().first)
        #expect(report["format"] as? String == "strong" && report.int("appended") == 0 && report.int("sets") == 2)
        // As imports were written before: the file's format given to --format, --summary for the summary.
        let older = try await scratch.runOnLog(["import", path, "--format", "strong", "--summary", "json"])
        #expect(older.status == 0, "\(older.stderr)")
        #expect(try older.jsonLines().first?["format"] as? String == "strong")
    }

    @Test("export --format jsonl writes every event; export --format csv --what sets writes the sets")
    func exportWithFormat() async throws {
        let scratch = try Scratch()
        _ = try await scratch.importReport([try scratch.file("strong.csv", Self.strong), "--source", "strong"])
        let events = try await scratch.runOnLog(["export", "--format", "jsonl"])
        #expect(events.status == 0, "\(events.stderr)")
        let types = try events.jsonLines().compactMap { $0["type"] as? String }
        #expect(types.filter { $0 == "SetLogged" }.count == 2 && types.contains("WorkoutCompleted"), "\(types)")
        let sets = try await scratch.exportCSV("sets")
        #expect(sets.count == 3 && sets[1][3] == "Squat (Barbell)" && sets[2][5] == "105", "\(sets)")
    }

    @Test("--log-dir before the command's name still works, for queries, import and export")
    func logDirBeforeTheCommand() async throws {
        let scratch = try Scratch()
        let path = try scratch.file("strong.csv", Self.strong)
        let imported = try await scratch.run(["--log-dir", scratch.log, "import", path, "--source", "strong"])
        #expect(imported.status == 0, "\(imported.stderr)")
        let history = try await scratch.run(["--log-dir", scratch.log, "history", "--format", "json"])
        #expect(history.status == 0 && history.stdout.contains("Legs"), "\(history.stderr)")
        let exported = try await scratch.run(["--log-dir", scratch.log, "export", "--format", "jsonl"])
        let count = try await scratch.eventCount()
        #expect(exported.status == 0 && exported.lines.count == count, "\(exported.stderr)")
    }

    @Test("A wrong --source or --format exits 64, lists what is allowed and appends nothing", arguments: [
        (["import", "strong.csv", "--source", "excel"], "allowed: jsonl, strong, hevy, fitnotes, cronometer"),
        (["import", "strong.csv", "--format", "excel"], "the file's format is --source (jsonl, strong, hevy, fitnotes or cronometer)"),
        (["import", "strong.csv", "--source", "strong", "--format", "yaml"], "the summary prints as text or json"),
        (["import", "strong.csv", "--source", "strong", "--format", "hevy"], "--source strong and --format hevy disagree"),
        (["import", "strong.csv"], "Missing --source: say what the file is"),
        (["export", "--format", "xml"], "allowed: jsonl, csv"),
        (["export", "--format", "json"], "--format jsonl. Allowed: jsonl, csv"),
        (["export", "--format", "csv"], "--format csv needs --what sets or --what nutrition"),
        (["export", "--format", "jsonl", "--what", "sets"], "--what is for --format csv"),
        // The names import and export used before --format meant the data format.
        (["export", "--format", "jsonl", "--to", "jsonl"], "Unknown option '--to'"),
        (["import", "strong.csv", "--source", "strong", "--from", "strong"], "Unknown option '--from'"),
    ])
    func wrongValuesAreRefused(_ arguments: [String], _ message: String) async throws {
        let scratch = try Scratch()
        _ = try await scratch.importReport([try scratch.file("strong.csv", Self.strong), "--source", "strong"])
        let before = try await scratch.eventCount()
        let result = try await scratch.runOnLog(arguments)
        #expect(result.status == 64, "\(arguments): \(result.stderr)")
        #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        #expect(try await scratch.eventCount() == before)
    }

    @Test("import --source csv is refused: it asks which app wrote the file; so is --format csv, pointing to --source")
    func importFormatCSVIsRefused() async throws {
        let scratch = try Scratch()
        let path = try scratch.file("strong.csv", Self.strong)
        let csv = try await scratch.runOnLog(["import", path, "--source", "csv"])
        #expect(csv.status == 64)
        #expect(csv.stderr.contains("The value 'csv' is invalid for '--source <source>': name the app whose CSV export this is "
            + "(strong, hevy, fitnotes or cronometer)"), "\(csv.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.log), "a refused import creates no log")
        let asFormat = try await scratch.runOnLog(["import", path, "--format", "csv"])
        #expect(asFormat.status == 64 && asFormat.stderr.contains("the file's format is --source and names the app"), "\(asFormat.stderr)")
        let json = try await scratch.runOnLog(["import", path, "--source", "json"])
        #expect(json.status == 64 && json.stderr.contains("--format json"), "\(json.stderr)")
    }
}
