import Foundation
import Testing

/// Days are the athlete's own (issue 19): a workout is on the calendar day of its start in
/// the zone it was done in, for `history`'s filters as for the records' dates and the summary.
@Suite struct LocalDayTests {
    @Test func historyFiltersByTheWorkoutsOwnDay() async throws {
        let scratch = try await seededScratch()
        // 08:00 on 20 November in Auckland is 19:00 on the 19th in UTC.
        let auckland = ["TZ": "Pacific/Auckland"]
        #expect(try await scratch.run(["workout", "start", "--at", "2026-11-20T08:00", "--log-dir", scratch.log], environment: auckland).status == 0)
        #expect(try await scratch.run(["workout", "set", "Barbell Bench Press", "100kg", "x", "5", "--at", "2026-11-20T08:10",
                                       "--log-dir", scratch.log], environment: auckland).status == 0)
        #expect(try await scratch.run(["workout", "complete", "--at", "2026-11-20T09:00", "--log-dir", scratch.log], environment: auckland).status == 0)

        let onItsDay = try await scratch.runOnLog(["history", "--from", "2026-11-20", "--to", "2026-11-20", "--format", "json"]).jsonArray()
        #expect(onItsDay.count == 1)
        let dayBefore = try await scratch.runOnLog(["history", "--to", "2026-11-19", "--format", "json"]).jsonArray()
        #expect(dayBefore.isEmpty)
        let record = try #require(try await scratch.runOnLog(["prs", "Barbell Bench Press", "--format", "json"]).jsonArray().first)
        #expect((record["heaviestWeightKg"] as? [String: Any])?["date"] as? String == "2026-11-20")
    }
}

/// A weigh-in falls on the athlete's own day too: the event names the zone it was measured in
/// (`BodyweightRecorded` version 3), and weigh-ins of earlier versions read as UTC.
@Suite struct WeighInDayTests {
    @Test func aMorningWeighInInAucklandIsOnThatDay() async throws {
        let scratch = try await seededScratch()
        // 07:00 on 20 November in Auckland is 18:00 on the 19th in UTC.
        let recorded = try await scratch.run(["bodyweight", "80kg", "--at", "2026-11-20T07:00", "--log-dir", scratch.log],
                                             environment: ["TZ": "Pacific/Auckland"])
        #expect(recorded.status == 0, "\(recorded.stderr)")
        #expect(try await scratch.events("BodyweightRecorded").first?["timeZone"] as? String == "Pacific/Auckland")
        let answer = try #require(try await scratch.runOnLog(["bodyweight", "--from", "2026-11-19", "--to", "2026-11-20", "--format", "json"])
            .jsonLines().first)
        let entries = try #require(answer["entries"] as? [[String: Any]])
        #expect(entries.compactMap { $0["date"] as? String } == ["2026-11-20"])
    }

    @Test func anEarlierBuildsExportImportsAndReadsAsUTC() async throws {
        let scratch = try Scratch()
        // Version 1 (a plain number of kilograms) and version 2 (a mass, no zone) of the event.
        let lines = [
            #"{"event":{"entryID":"B0D40000-0000-4000-8000-000000000001","recordedAt":"2026-11-19T23:30:00Z","weightKg":81},"schemaVersion":1,"type":"BodyweightRecorded"}"#,
            #"{"event":{"entryID":"B0D40000-0000-4000-8000-000000000002","recordedAt":"2026-11-20T06:30:00Z","weight":{"unit":"lb","value":180}},"schemaVersion":2,"type":"BodyweightRecorded"}"#,
        ]
        let file = scratch.url.appendingPathComponent("old.jsonl")
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: file)
        let imported = try await scratch.runOnLog(["import", file.path, "--source", "jsonl"])
        #expect(imported.status == 0, "\(imported.stderr)")
        let stored = try await scratch.events("BodyweightRecorded")
        #expect(stored.compactMap { $0["timeZone"] as? String } == ["UTC", "UTC"])
        let answer = try #require(try await scratch.runOnLog(["bodyweight", "--from", "2026-11-19", "--to", "2026-11-20",
                                                              "--every-entry", "--format", "json"]).jsonLines().first)
        let dates = (answer["entries"] as? [[String: Any]] ?? []).compactMap { $0["date"] as? String }
        #expect(dates == ["2026-11-19", "2026-11-20"])
        // A version newer than this build's is refused, and nothing is appended.
        let newer = scratch.url.appendingPathComponent("newer.jsonl")
        try Data((lines[1].replacingOccurrences(of: #""schemaVersion":2"#, with: #""schemaVersion":9"#) + "\n").utf8).write(to: newer)
        let refused = try await scratch.runOnLog(["import", newer.path, "--source", "jsonl"])
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("not 9"))
    }
}

/// A quick log that makes a workout of its own falls on the athlete's day too: `cardio` and
/// `metcon` without `--workout` name the local zone (`CardioLogged` and `MetconLogged`
/// version 2), as `workout start` does; quick logs of version 1 read as UTC.
@Suite struct QuickLogDayTests {
    /// 21:30 on 20 November in Phoenix (UTC-7 all year) is 04:30 on the 21st in UTC.
    static let phoenix = ["TZ": "America/Phoenix"]

    @Test func anEveningRunAndMetconInPhoenixAreOnThatDay() async throws {
        let scratch = try await seededScratch()
        let run = try await scratch.run(["cardio", "run", "--time", "30m", "--distance", "5km", "--at", "2026-11-20T21:30",
                                         "--log-dir", scratch.log], environment: Self.phoenix)
        #expect(run.status == 0, "\(run.stderr)")
        let metcon = try await scratch.run(["metcon", "amrap", "--time", "20m", "--rounds", "18", "--at", "2026-11-20T22:00",
                                            "--log-dir", scratch.log], environment: Self.phoenix)
        #expect(metcon.status == 0, "\(metcon.stderr)")
        #expect(try await scratch.events("CardioLogged").first?["timeZone"] as? String == "America/Phoenix")
        #expect(try await scratch.events("MetconLogged").first?["timeZone"] as? String == "America/Phoenix")

        let onItsDay = try await scratch.runOnLog(["history", "--from", "2026-11-20", "--to", "2026-11-20", "--format", "json"]).jsonArray()
        #expect(Set(onItsDay.compactMap { $0["type"] as? String }) == ["cardio", "metcon"])
        let dayAfter = try await scratch.runOnLog(["history", "--from", "2026-11-21", "--to", "2026-11-21", "--format", "json"]).jsonArray()
        #expect(dayAfter.isEmpty)
    }

    @Test func anEarlierBuildsQuickLogsImportAndReadAsUTC() async throws {
        let scratch = try Scratch()
        // Version 1 of each (no zone): 04:30 and 05:00 on the 21st in UTC.
        let lines = [
            #"{"event":{"activity":"run","durationSeconds":1800,"startedAt":"2026-11-21T04:30:00Z","workoutID":"C0000000-0000-4000-8000-000000000001"},"schemaVersion":1,"type":"CardioLogged"}"#,
            #"{"event":{"durationSeconds":1200,"format":"amrap","rounds":18,"startedAt":"2026-11-21T05:00:00Z","workoutID":"C0000000-0000-4000-8000-000000000002"},"schemaVersion":1,"type":"MetconLogged"}"#,
        ]
        let file = scratch.url.appendingPathComponent("old.jsonl")
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: file)
        let imported = try await scratch.runOnLog(["import", file.path, "--source", "jsonl"])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try await scratch.events("CardioLogged").compactMap { $0["timeZone"] as? String } == ["UTC"])
        #expect(try await scratch.events("MetconLogged").compactMap { $0["timeZone"] as? String } == ["UTC"])
        let onUTCDay = try await scratch.runOnLog(["history", "--from", "2026-11-21", "--to", "2026-11-21", "--format", "json"]).jsonArray()
        #expect(onUTCDay.count == 2)
    }
}
