import Foundation
import Testing

/// Rows left out of an import, through the binary: Strong's semicolon rows without a weight
/// unit are sets, the summary counts skipped rows by reason, warns when those that held data
/// are more than 2% of the file, and `--strict` refuses such a file, appending nothing.
@Suite("Data: import's skipped rows, the warning and --strict")
struct ImportSkipReportTests {
    /// A Strong semicolon export as the app writes it: the unit is empty on every row
    /// without a weight (push-ups, dips, a plank, a treadmill run, yoga).
    static let emptyUnits = """
        Date;Workout Name;Exercise Name;Set Order;Weight;Weight Unit;Reps;RPE;Distance;Distance Unit;Seconds;Notes;Workout Notes
        2023-06-01 07:00:00;Calisthenics;Push Up;1;;;20;;;;;;
        2023-06-01 07:00:00;Calisthenics;Dip;1;;;12;;;;;;
        2023-06-01 07:00:00;Calisthenics;Plank;1;;;;;;;60;;
        2023-06-02 18:00:00;Run;Treadmill;1;;;;;5;km;1500;;
        2023-06-03 08:00:00;Yoga;Yoga;1;;;;;;;3600;;
        2023-06-04 17:00:00;Legs;Squat (Barbell);1;100;kg;5;;;;;;
        2023-06-04 17:00:00;Legs;Squat (Barbell);Rest Timer;;;;;;;120;;

        """

    @Test("Strong ; rows with an empty weight unit: 4 workouts (3 of them without a weight), 6 sets, only the rest timer left out")
    func emptyWeightUnits() async throws {
        let scratch = try Scratch()
        let report = try await scratch.importReport([try scratch.file("strong.csv", Self.emptyUnits), "--source", "strong", "--time-zone", "UTC"])
        #expect(report.int("rows") == 7 && report.int("workouts") == 4 && report.int("sets") == 6, "\(report)")
        #expect(report.skippedLines == [8] && report["skippedByKind"] as? [String: Int] == ["rest-timer": 1] && report.int("lostRows") == 0)
        let sets = try await scratch.exportCSV("sets").dropFirst()
        // Push-ups and dips: reps without a weight; the plank and the yoga a time; the run 5 km in 1,500 s.
        #expect(sets.map { [$0[3], $0[5], $0[6], $0[7], $0[8]] } == [
            ["Push Up", "0", "20", "0", "0"], ["Dip", "0", "12", "0", "0"], ["Plank", "0", "0", "0", "60"],
            ["Treadmill", "0", "0", "5", "1500"], ["Yoga", "0", "0", "0", "3600"], ["Squat (Barbell)", "100", "5", "0", "0"],
        ])
        let history = try await scratch.runOnLog(["history", "--format", "json"])
        #expect(history.status == 0 && history.stdout.contains("Yoga") && history.stdout.contains("\"Run\""), "\(history.stdout)")
    }

    /// 50 rows: 47 sets, a rest timer, and two rows whose weight cannot be read (4% of the file).
    static func lossy(bad: Int) -> String {
        var lines = ["Date;Workout Name;Exercise Name;Set Order;Weight;Weight Unit;Reps;RPE;Distance;Distance Unit;Seconds;Notes;Workout Notes"]
        for index in 0..<(50 - bad - 1) { lines.append("2023-06-04 17:00:00;Legs;Squat (Barbell);\(index + 1);100;kg;5;;;;;;") }
        lines.append("2023-06-04 17:00:00;Legs;Squat (Barbell);Rest Timer;;;;;;;120;;")
        for _ in 0..<bad { lines.append("2023-06-04 17:00:00;Legs;Squat (Barbell);9;heavy;kg;5;;;;;;") }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test("Skipped rows are counted by reason; 2 of 50 rows of data lost (4%) is a warning, 1 (2%) is not")
    func warning() async throws {
        let scratch = try Scratch()
        let two = try await scratch.importReport([try scratch.file("two.csv", Self.lossy(bad: 2)), "--source", "strong"])
        #expect(two.int("rows") == 50 && two.int("sets") == 47 && two.int("lostRows") == 2)
        #expect(two["skippedByKind"] as? [String: Int] == ["rest-timer": 1, "weight": 2])
        let warning = try #require(two["warning"] as? String)
        #expect(warning.hasPrefix("2 of 50 rows (4.0%) held data that was not imported, more than 2% of the file"))

        let text = try await scratch.run(["import", try scratch.file("one.csv", Self.lossy(bad: 1)), "--source", "strong",
                                          "--log-dir", scratch.url.appendingPathComponent("other").path])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("skipped 2 of 50 rows (rest timer: 1, unreadable weight: 1):"), "\(text.stdout)")
        #expect(text.stdout.contains("line 51: weight \"heavy\" is not a number") && !text.stdout.contains("warning"), "\(text.stdout)")
    }

    @Test("--strict refuses a file with a row of data it would skip (exit 65, no log made), and takes one with only rest timers")
    func strict() async throws {
        let scratch = try Scratch()
        let refused = try await scratch.runOnLog(["import", try scratch.file("one.csv", Self.lossy(bad: 1)), "--source", "strong", "--strict"])
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("line 51: weight \"heavy\" is not a number"), "\(refused.stderr)")
        #expect(refused.stderr.contains("nothing was imported: --strict, and 1 of the 50 rows of"), "\(refused.stderr)")
        #expect(try await scratch.runOnLog(["info"]).status == 66, "nothing appended: no log was even created")

        let dry = try await scratch.runOnLog(["import", try scratch.file("one.csv", Self.lossy(bad: 1)), "--source", "strong", "--strict", "--dry-run"])
        #expect(dry.status == 65)

        let taken = try await scratch.importReport([try scratch.file("clean.csv", Self.emptyUnits), "--source", "strong", "--strict"])
        #expect(taken.int("sets") == 6 && taken.skippedLines == [8])
    }

    @Test("A row that passes the reader but not the events' limits (1,000 reps) is lost data too: --strict refuses it")
    func strictOnPlannedRows() async throws {
        let scratch = try Scratch()
        let file = try scratch.file("rpe.csv", """
            Date;Workout Name;Exercise Name;Set Order;Weight;Weight Unit;Reps;RPE;Distance;Distance Unit;Seconds;Notes;Workout Notes
            2023-06-04 17:00:00;Legs;Squat (Barbell);1;100;kg;1000;;;;;;
            2023-06-04 17:00:00;Legs;Squat (Barbell);2;100;kg;5;8;;;;;

            """)
        let refused = try await scratch.runOnLog(["import", file, "--source", "strong", "--strict"])
        #expect(refused.status == 65 && refused.stderr.contains("line 2: not a set Antrain can record"), "\(refused.stderr)")
        #expect(try await scratch.runOnLog(["info"]).status == 66)
        let report = try await scratch.importReport([file, "--source", "strong"])
        #expect(report["skippedByKind"] as? [String: Int] == ["out-of-range": 1] && report.int("sets") == 1)
        #expect(report["warning"] is String, "1 of 2 rows lost is 50%")
    }
}
