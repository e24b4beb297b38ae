import Foundation
import AntrainProjections
import Testing

/// `rebuild`, `replay`, and the state queries keep, on the log of ``QueryFixture``.
@Suite struct RebuildReplayTests {
    /// The read models whose state the log's store holds, by name, with their positions.
    func storedPositions(_ scratch: Scratch) throws -> [String: StoredPosition] {
        try SQLiteStateStore(path: scratch.log + "/projections/state.sqlite", readOnly: true).read { try $0.positions() }
    }

    @Test func aQuerySavesTheStateOfTheReadModelsItNeedsOnly() async throws {
        let scratch = try await QueryFixture.makeLog()
        #expect(try await scratch.runOnLog(["history"]).status == 0)
        let positions = try storedPositions(scratch)
        #expect(positions["training"]?.position.offset == UInt64(QueryFixture.lines.count))
        #expect(positions["daily-nutrition"] == nil)
        // Appending after the saved state: the next query catches up from it.
        let more = #"{"type":"WorkoutDeleted","event":{"workoutID":"\#(QueryFixture.run)"}}"#
        #expect(try await scratch.runOnLog(["append"], stdin: more + "\n").status == 0)
        let after = try await scratch.runOnLog(["history", "--format", "json"]).jsonArray()
        #expect(after.map { $0["name"] as? String } == ["Squat heavy", "Squat day"])
        #expect(try storedPositions(scratch)["training"]?.position.offset == UInt64(QueryFixture.lines.count + 1))
    }

    @Test func aQueryAnswersWhenTheStateCannotBeSaved() async throws {
        let scratch = try await QueryFixture.makeLog()
        // A file where the projections folder should be: no state can be written, even as root.
        try Data("not a folder".utf8).write(to: URL(fileURLWithPath: scratch.log + "/projections"))
        let result = try await scratch.runOnLog(["stats", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        #expect(try result.jsonArray().count == 3, "squat, bench, and the run's Running")
    }

    @Test func rebuildOneOrAll() async throws {
        let scratch = try await QueryFixture.makeLog()
        let one = try await scratch.runOnLog(["rebuild", "training", "--format", "json"])
        #expect(one.status == 0, "\(one.stderr)")
        let report = try #require(try one.jsonLines().first)
        #expect(report["rebuilt"] as? [String] == ["training"])
        #expect(report["events"] as? Int == QueryFixture.lines.count)
        #expect((report["stateBytes"] as? Int ?? 0) > 0)
        #expect(try storedPositions(scratch)["training"]?.position.offset == UInt64(QueryFixture.lines.count))
        let all = try await scratch.runOnLog(["rebuild"])
        #expect(all.status == 0, "\(all.stderr)")
        #expect(all.lines.first == "rebuilt training, daily-nutrition, bodyweight, library, programs, settings, recorder")
        #expect(all.lines.last?.hasPrefix("\(QueryFixture.lines.count) events in ") == true, "\(all.lines)")
        #expect(try Set(storedPositions(scratch).keys).isSuperset(of: ["training", "daily-nutrition", "bodyweight", "library", "programs", "settings", "recorder"]))
        // The names of earlier builds rebuild the model that took them over.
        let earlier = try await scratch.runOnLog(["rebuild", "personal-records", "display-units", "--format", "json"])
        #expect(earlier.status == 0, "\(earlier.stderr)")
        #expect(try earlier.jsonLines().first?["rebuilt"] as? [String] == ["training", "settings"])
        let unknown = try await scratch.runOnLog(["rebuild", "personal-record"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("There is no read model 'personal-record'; known: training, daily-nutrition"))
    }

    @Test func replayReportsTheSeason() async throws {
        let scratch = try await QueryFixture.makeLog()
        let result = try await scratch.runOnLog(["replay", "--from", "2026-11-03", "--to", "2026-11-05", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let season = try #require(try result.jsonLines().first)
        #expect(season["events"] as? Int == QueryFixture.lines.count)
        let workouts = try #require(season["workouts"] as? [String: Any])
        #expect(workouts["count"] as? Int == 1)
        #expect(workouts["volumeKg"] as? Double == 960)
        let records = try #require(season["records"] as? [[String: Any]])
        #expect(Set(records.compactMap { $0["record"] as? String })
            == ["heaviestWeightKg", "bestE1rmKg", "mostReps", "bestSetVolumeKg", "bestSessionVolumeKg"])
        #expect(records.allSatisfy { $0["date"] as? String == "2026-11-05" && $0["exercise"] as? String == "Barbell Back Squat" })
        let nutrition = try #require(season["nutrition"] as? [String: Any])
        #expect(nutrition["daysWithEntries"] as? Int == 1)
        #expect((nutrition["average"] as? [String: Any])?["calories"] as? Double == 190)
        let text = try await scratch.runOnLog(["replay", "--from", "2026-11-03", "--to", "2026-11-05"])
        #expect(text.stdout.contains("workouts: 1, 2 sets, 960 kg"))
        #expect(text.stdout.contains("records set: 5"))
        #expect(text.stdout.contains("nutrition: average over 1 day with entries: 190 kcal"))
        #expect(text.stdout.contains("heaviest weight") && !text.stdout.contains("heaviestWeightKg"), "records by their names in text")
    }

    @Test func replayListsTimeDistanceAndPaceRecordsToo() async throws {
        // Replay folds what was recorded by the end of --to: today, when this test appends (the
        // window runs from yesterday to tomorrow, so that midnight falling in between changes nothing).
        let scratch = try await seededScratch()
        _ = try await scratch.record(["workout", "start"])
        _ = try await scratch.record(["workout", "set", "Plank", "--time", "75s"])
        _ = try await scratch.record(["workout", "complete"])
        let formatter = DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        let (from, to) = (formatter.string(from: Date().addingTimeInterval(-86_400)), formatter.string(from: Date().addingTimeInterval(86_400)))
        let text = try await scratch.runOnLog(["replay", "--from", from, "--to", to])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("longest time") && text.stdout.contains("1m15s"), "\(text.stdout)")
        let json = try #require(try await scratch.runOnLog(["replay", "--from", from, "--to", to, "--format", "json"])
            .jsonLines().first)
        let kinds = (json["records"] as? [[String: Any]] ?? []).compactMap { $0["record"] as? String }
        #expect(kinds.contains("longestDurationSeconds"), "\(kinds)")
    }
}
