import Foundation
import Testing

/// Item 7 of issue 6 for the recording, query and data commands: each given huge numbers,
/// NaN, negative zero, out-of-range values, enormous strings, impossible dates and bad
/// files says what is wrong (naming the option or the value), exits 64, 65 or 66 without a
/// stack trace, and appends nothing. The specific messages of each command are checked in
/// its own suite (Recording/, Queries/, Data/); this sweep checks every command alike.
@Suite("Hostile arguments to the recording, query and data commands")
struct HostileNewCommandTests {
    static let huge = "99999999999999999999999"
    static let long = String(repeating: "x", count: 100_000)

    /// (arguments, a fragment the message must contain).
    static let recording: [([String], String)] = [
        (["workout", "start", "--name", long], "name"),
        (["workout", "start", "--at", "NaN"], "NaN"),
        (["workout", "start", "--at", "2025-13-45T07:00"], "2025-13-45"),
        (["workout", "set", "Barbell Bench Press", "\(huge)kg", "x", "5"], "weight"),
        (["workout", "set", "Barbell Bench Press", "NaNkg", "x", "5"], "NaN"),
        (["workout", "set", "Barbell Bench Press", "-0kg", "x", "5"], "-0"),
        (["workout", "set", "Barbell Bench Press", "1e400kg", "x", "5"], "1e400"),
        (["workout", "set", "Barbell Bench Press", "100kg", "x", "-0"], "-0"),
        (["workout", "set", "Barbell Bench Press", "100kg", "x", huge], huge),
        (["workout", "set", "Barbell Bench Press", "100kg", "x", "5", "--rpe", "NaN"], "rpe"),
        (["workout", "set", "Barbell Bench Press", "100kg", "x", "5", "--rpe", "-0"], "rpe"),
        (["workout", "set", "Barbell Bench Press", "100kg", "x", "5", "--notes", long], "notes"),
        (["workout", "set", long, "100kg", "x", "5"], "exercise"),
        (["workout", "rpe", "NaN"], "NaN"),
        (["workout", "rpe", "11"], "rpe"),
        (["workout", "note", long], "notes"),
        (["workout", "complete", "--duration", "NaN"], "NaN"),
        (["workout", "complete", "--duration", "\(huge)s"], "duration"),
        (["metcon", "amrap", "--time", "\(huge)s", "--rounds", "3"], "duration"),
        (["cardio", "run", "--time", "NaN"], "NaN"),
        (["cardio", "run", "--time", "25m", "--distance", "-0km"], "distance"),
        (["cardio", "run", "--time", "\(huge)s"], "duration"),
        (["metcon", "amrap", "--time", "20m", "--rounds", "-0"], "rounds"),
        (["eat", "Rolled Oats", "NaNg", "--meal", "breakfast"], "NaN"),
        (["eat", "Rolled Oats", "1e400g", "--meal", "breakfast"], "1e400"),
        (["eat", "", "80g", "--meal", "breakfast"], "food"),
        (["eat", "Rolled Oats", "80g", "--meal", "brunch"], "brunch"),
        (["eat", "Rolled Oats", "80g", "--meal", "breakfast", "--day", "2025-02-30"], "2025-02-30"),
        (["bodyweight", "NaNkg"], "NaN"),
        (["bodyweight", "-0kg"], "-0"),
        (["bodyweight", "\(huge)kg"], "weight"),
        (["exercise", "add", "", "--category", "Chest", "--muscles", "chest"], "name"),
        (["exercise", "add", long, "--category", "Chest", "--muscles", "chest"], "name"),
        (["food", "add", "Cake", "--kcal", "NaN", "--protein", "1", "--carbs", "1", "--fat", "1"], "NaN"),
        (["food", "add", "Cake", "--kcal", "-0", "--protein", "1", "--carbs", "1", "--fat", "1"], "kcal"),
        (["profile", "--height", "NaNcm"], "NaN"),
        (["settings", "--weight-unit", "stone"], "stone"),
        (["program", "activate", ""], "program"),
        (["program", "add", "Block", "--weeks", huge, "--day", "1=Push day"], huge),
    ]

    static let queries: [([String], String)] = [
        (["history", "--from", "2025-13-45"], "2025-13-45"),
        (["history", "--limit", huge], huge),
        (["history", "--limit", "-0"], "--limit"),
        (["history", "--as-of", "NaN"], "NaN"),
        (["history", "--as-of", huge], huge),
        (["prs", "--formula", "guess"], "guess"),
        (["prs", long], "exercise"),
        (["nutrition", "--date", "NaN"], "NaN"),
        (["nutrition", "--from", "2025-02-30", "--to", "2025-03-01"], "2025-02-30"),
        (["summary", "--weeks", huge], huge),
        (["rebuild", "nope"], "nope"),
        (["replay", "--from", "x", "--to", "2025-01-01"], "x"),
        (["show", "zz"], "zz"),
    ]

    @Test("Recording commands refuse hostile values and append nothing", arguments: recording.indices)
    func recordingRefuses(_ index: Int) async throws {
        let scratch = try await seededScratch()
        // Commands on a workout need an active one (except `workout start`, which needs none).
        if Self.recording[index].0.prefix(2) != ["workout", "start"] {
            #expect(try await scratch.runOnLog(["workout", "start", "--name", "Push"]).status == 0)
        }
        try await Self.expectRefused(scratch, Self.recording[index])
    }

    @Test("Queries refuse hostile values", arguments: queries.indices)
    func queriesRefuse(_ index: Int) async throws {
        let scratch = try await seededScratch()
        try await Self.expectRefused(scratch, Self.queries[index])
    }

    @Test("Data commands refuse missing, unreadable and hostile files and values")
    func dataRefuse() async throws {
        let scratch = try await seededScratch()
        let binary = scratch.url.appendingPathComponent("binary.csv")
        try Data([0x44, 0x61, 0x74, 0x65, 0x0A, 0xFF, 0xFE, 0x00, 0xC3]).write(to: binary)
        let cases: [([String], String)] = [
            (["import", scratch.url.appendingPathComponent("missing.csv").path, "--source", "strong"], "missing.csv"),
            (["import", binary.path, "--format", "bogus"], "bogus"),
            (["import", binary.path, "--source", "strong"], "binary.csv"),
            (["import", binary.path, "--source", "jsonl"], "line"),
            (["import", binary.path, "--source", "hevy", "--time-zone", "Mars/Phobos"], "Mars/Phobos"),
            (["import", binary.path, "--source", "strong", "--weight-unit", "stone"], "stone"),
            (["export", "--format", "bogus"], "bogus"),
            (["export", "--format", "csv", "--what", "bogus"], "bogus"),
            (["generate", "--athletes", "-0", "--weeks", "1", "--seed", "1"], "athletes"),
            (["generate", "--athletes", Self.huge, "--weeks", "1", "--seed", "1"], Self.huge),
            (["generate", "--athletes", "NaN", "--weeks", "1", "--seed", "1"], "NaN"),
        ]
        for refused in cases { try await Self.expectRefused(scratch, refused) }
    }

    static func expectRefused(_ scratch: Scratch, _ refused: ([String], String),
                              sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let (arguments, fragment) = refused
        let before = try await scratch.eventCount()
        let result = try await scratch.runOnLog(arguments)
        let shown = arguments.map { $0.count > 40 ? "<\($0.count) characters>" : $0 }
        #expect([64, 65, 66].contains(result.status), "\(shown): status \(result.status): \(result.stderr.prefix(300))", sourceLocation: sourceLocation)
        #expect(result.stderr.localizedCaseInsensitiveContains(fragment), "\(shown): \(result.stderr.prefix(300))", sourceLocation: sourceLocation)
        #expect(!result.stderr.contains("Fatal error") && !result.stderr.contains("Stack dump") && result.stderr.count < 2_000 + 100_000,
                "\(shown): \(result.stderr.prefix(300))", sourceLocation: sourceLocation)
        #expect(try await scratch.eventCount() == before, "\(shown) changed the log", sourceLocation: sourceLocation)
    }
}
