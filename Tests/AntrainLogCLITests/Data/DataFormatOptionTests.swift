import Foundation
import Testing

/// `--format` of `import` and `export` names the data (`import FILE --format strong`,
/// `export --format csv --what sets`), while `--summary` says how import's summary prints.
@Suite("Data: --format of import and export")
struct DataFormatOptionTests {
    /// One workout of two sets in Strong's semicolon layout (units in the file).
    static let strong = """
        Date;Workout Name;Exercise Name;Set Order;Weight;Weight Unit;Reps;RPE;Distance;Distance Unit;Seconds;Notes;Workout Notes
        2023-05-01 07:30:00;Legs;Squat (Barbell);1;100;kg;5;8;0;;0;;
        2023-05-01 07:30:00;Legs;Squat (Barbell);2;105;kg;3;9;0;;0;;

        """

    @Test("import FILE --format strong appends and prints a text summary; --summary json prints one object")
    func importWithFormat() async throws {
        let scratch = try Scratch()
        let path = try scratch.file("strong.csv", Self.strong)
        let text = try await scratch.runOnLog(["import", path, "--format", "strong"])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("read strong export") && text.stdout.contains("1 workout") && text.stdout.contains("2 sets"), "\(text.stdout)")
        // The same file again: every id is already stored, so the JSON summary counts 0 appended.
        let again = try await scratch.runOnLog(["import", path, "--format", "strong", "--summary", "json"])
        #expect(again.status == 0, "\(again.stderr)")
        let report = try #require(try again.jsonLines().first)
        #expect(report["format"] as? String == "strong" && report.int("appended") == 0 && report.int("sets") == 2)
    }

    @Test("export --format jsonl writes every event; export --format csv --what sets writes the sets")
    func exportWithFormat() async throws {
        let scratch = try Scratch()
        _ = try await scratch.importReport([try scratch.file("strong.csv", Self.strong), "--format", "strong"])
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
        let imported = try await scratch.run(["--log-dir", scratch.log, "import", path, "--format", "strong"])
        #expect(imported.status == 0, "\(imported.stderr)")
        let history = try await scratch.run(["--log-dir", scratch.log, "history", "--format", "json"])
        #expect(history.status == 0 && history.stdout.contains("Legs"), "\(history.stderr)")
        let exported = try await scratch.run(["--log-dir", scratch.log, "export", "--format", "jsonl"])
        let count = try await scratch.eventCount()
        #expect(exported.status == 0 && exported.lines.count == count, "\(exported.stderr)")
    }

    @Test("A wrong --format or --summary exits 64, lists what is allowed and appends nothing", arguments: [
        (["import", "strong.csv", "--format", "excel"], "allowed: jsonl, strong, hevy, fitnotes, cronometer"),
        (["import", "strong.csv", "--format", "strong", "--summary", "yaml"], "Please provide one of 'text' and 'json'"),
        (["import", "strong.csv"], "Missing expected argument '--format <format>'"),
        (["export", "--format", "xml"], "allowed: jsonl, csv"),
        (["export", "--format", "json"], "--format jsonl. Allowed: jsonl, csv"),
        (["export", "--format", "csv"], "--format csv needs --what sets or --what nutrition"),
        (["export", "--format", "jsonl", "--what", "sets"], "--what is for --format csv"),
        // The names import and export used before --format meant the data format.
        (["export", "--format", "jsonl", "--to", "jsonl"], "Unknown option '--to'"),
        (["import", "strong.csv", "--format", "strong", "--from", "strong"], "Unknown option '--from'"),
    ])
    func wrongValuesAreRefused(_ arguments: [String], _ message: String) async throws {
        let scratch = try Scratch()
        _ = try await scratch.importReport([try scratch.file("strong.csv", Self.strong), "--format", "strong"])
        let before = try await scratch.eventCount()
        let result = try await scratch.runOnLog(arguments)
        #expect(result.status == 64, "\(arguments): \(result.stderr)")
        #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        #expect(try await scratch.eventCount() == before)
    }

    @Test("import --format csv is refused: it asks which app wrote the file; --format json points to --summary")
    func importFormatCSVIsRefused() async throws {
        let scratch = try Scratch()
        let path = try scratch.file("strong.csv", Self.strong)
        let csv = try await scratch.runOnLog(["import", path, "--format", "csv"])
        #expect(csv.status == 64)
        #expect(csv.stderr.contains("The value 'csv' is invalid for '--format <format>': name the app whose CSV export this is "
            + "(strong, hevy, fitnotes or cronometer)"), "\(csv.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.log), "a refused import creates no log")
        let json = try await scratch.runOnLog(["import", path, "--format", "json"])
        #expect(json.status == 64 && json.stderr.contains("--summary json"), "\(json.stderr)")
    }
}
