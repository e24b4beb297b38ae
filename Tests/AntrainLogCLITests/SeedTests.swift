import AntrainTestSupport
import Foundation
import Testing

/// `seed`, then the week of training from fixtures/events: the demo's path, end to end.
@Suite struct SeedTests {
    @Test func seedRecordsThePresetsOnceAndTheTrainingWeekAppendsOnTop() async throws {
        let scratch = try Scratch()
        let first = try await scratch.runOnLog(["seed", "--format", "json"])
        #expect(first.status == 0, "\(first.stderr)")
        let report = try #require(try first.jsonLines().first)
        #expect(report["seeded"] as? Int == 145)
        #expect(report["alreadyPresent"] as? Int == 0)
        let second = try await scratch.runOnLog(["seed"])
        #expect(second.stdout.hasPrefix("seeded 0 presets, 145 already present"))

        let week = packageRootURL().appendingPathComponent("fixtures/events/training-week.jsonl").path
        let append = try await scratch.runOnLog(["append", week])
        #expect(append.status == 0, "\(append.stderr)")
        #expect(append.stdout == "appended 141 events, 0 already stored; offsets 145 to 285\n")
        let sets = try await scratch.runOnLog(["cat", "--type", "SetLogged", "--format", "json"])
        let records = try sets.jsonLines()
        #expect(records.count == 36)
        let pounds = records.compactMap { (($0["event"] as? [String: Any])?["performance"] as? [String: Any])?["weight"] as? [String: Any] }
            .filter { $0["unit"] as? String == "lb" }
        #expect(pounds.count == 4, "the volume day's squats were entered in pounds and stay in pounds")
    }

    /// Issue 39: the binary carries its presets. Copied where an install would put it and run
    /// from a directory with no fixtures above it, it seeds and generates the same library as
    /// the files of fixtures/library, with no option and no environment variable.
    @Test func anInstalledBinarySeedsItsBuiltInLibraryFromAnywhere() async throws {
        let scratch = try Scratch()
        let bin = scratch.url.appendingPathComponent("prefix/bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let installed = bin.appendingPathComponent("antrain-log").path
        try SpawnedProcess.copyExecutable(from: CLI.binary.path, to: installed)
        var environment = ProcessInfo.processInfo.environment
        environment["ANTRAIN_LIBRARY_DIR"] = nil
        let elsewhere = scratch.url.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let run = { (arguments: [String]) async throws -> (status: Int32, stdout: String) in
            let output = elsewhere.appendingPathComponent("out-\(UUID().uuidString)").path
            let process = try SpawnedProcess(executable: installed, arguments: arguments, environment: environment,
                                             workingDirectory: elsewhere.path, stdout: .path(output))
            while process.isRunning { try await Task.sleep(for: .milliseconds(20)) }
            return (process.terminationStatus, (try? String(contentsOfFile: output, encoding: .utf8)) ?? "")
        }
        let seeded = try await run(["seed", "--log-dir", "built", "--format", "json"])
        #expect(seeded.status == 0 && seeded.stdout.contains(#""seeded":145"#) && seeded.stdout.contains(#""library":"built-in""#),
                "\(seeded.stdout)")
        let fromFiles = try await scratch.runOnLog(["seed", "--library", packageRootURL().appendingPathComponent("fixtures/library").path])
        #expect(fromFiles.status == 0, "\(fromFiles.stderr)")
        // The same presets, event for event (compared as sets: the seeder appends them side by
        // side, so their order in the log is not fixed).
        let builtIn = try await scratch.run(["cat", "--format", "json", "--log-dir", elsewhere.appendingPathComponent("built").path])
        let files = try await scratch.runOnLog(["cat", "--format", "json"])
        #expect(Self.events(builtIn.stdout).sorted() == Self.events(files.stdout).sorted() && Self.events(files.stdout).count == 145)
        let generated = try await run(["generate", "--athletes", "1", "--weeks", "1", "--log-dir", "generated"])
        #expect(generated.status == 0 && generated.stdout.hasPrefix("generated "), "\(generated.stdout)")
    }

    /// Each record's event, type and stream, without its time of recording.
    static func events(_ lines: String) -> [String] {
        lines.split(separator: "\n").compactMap { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let event = object["event"], let data = try? JSONSerialization.data(withJSONObject: event, options: .sortedKeys) else { return nil }
            return "\(object["stream"] ?? "") \(object["type"] ?? "") " + String(decoding: data, as: UTF8.self)
        }
    }

    @Test func aMissingLibraryIsNamedAndNothingIsCreated() async throws {
        let scratch = try Scratch()
        let result = try await scratch.runOnLog(["seed", "--library", "/nonexistent/library"])
        #expect(result.status == 66)
        #expect(result.stderr.contains("the library directory /nonexistent/library does not exist"))
        #expect(try await scratch.runOnLog(["info"]).status == 66)
    }
}

/// The package's root, from this file's path.
func packageRootURL(_ file: String = #filePath) -> URL {
    var url = URL(fileURLWithPath: file)
    while !FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { url.deleteLastPathComponent() }
    return url
}
