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
