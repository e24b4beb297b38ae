import Foundation
import Testing

/// `bodyweight`, `summary` and `program` on the hand-made log of ``QueryFixture``.
@Suite struct BodyAndSummaryQueryTests {
    @Test func bodyweightGivesEntriesTheMovingAverageAndTheChange() async throws {
        let scratch = try await QueryFixture.makeLog()
        let result = try await scratch.runOnLog(["bodyweight", "--today", "2026-11-06", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let body = try result.jsonObject()
        let entries = try #require(body["entries"] as? [[String: Any]])
        #expect(entries.map { $0["weightKg"] as? Double } == [80, 79.5, 79])
        #expect(entries.map { $0["movingAverageKg"] as? Double } == [80, 79.75, 79.5])
        let average = try #require(body["movingAverage"] as? [String: Any])
        #expect(average["weightKg"] as? Double == 79.5)
        #expect(average["daysCounted"] as? Int == 3)
        let change = try #require(body["change"] as? [String: Any])
        #expect(change["changeKg"] as? Double == -1)
        #expect(change["from"] as? String == "2026-11-02")

        let before = try await scratch.runOnLog(["bodyweight", "--as-of", "2026-11-04", "--format", "json"]).jsonObject()
        #expect((before["entries"] as? [Any])?.count == 2)
        #expect((before["change"] as? [String: Any])?["changeKg"] as? Double == -0.5)
        let table = try await scratch.runOnLog(["bodyweight", "--today", "2026-11-06"])
        #expect(table.lines.contains { $0.hasPrefix("2026-11-04 06:30") && $0.contains("79.5 kg") && $0.hasSuffix("79.75 kg") })
        #expect(table.stdout.contains("change 2026-11-02 to 2026-11-06: -1 kg"))
    }

    @Test func bodyweightShowsNinetyDaysUnlessAskedForMore() async throws {
        let scratch = try await seededScratch()
        for day in ["2026-01-01", "2026-08-01", "2026-08-09", "2026-11-01"] {
            #expect(try await scratch.runOnLog(["bodyweight", "80kg", "--at", "\(day)T06:30"]).status == 0)
        }
        // 90 days ending on 2026-11-06 start on 2026-08-09: the answer stays a window as the history grows.
        let window = try await scratch.runOnLog(["bodyweight", "--today", "2026-11-06", "--format", "json"]).jsonObject()
        #expect(window["from"] as? String == "2026-08-09")
        #expect((window["entries"] as? [[String: Any]])?.map { $0["date"] as? String } == ["2026-08-09", "2026-11-01"])
        let all = try await scratch.runOnLog(["bodyweight", "--today", "2026-11-06", "--from", "1970-01-01", "--format", "json"]).jsonObject()
        #expect((all["entries"] as? [Any])?.count == 4)
        // A short history starts at its first entry.
        let early = try await scratch.runOnLog(["bodyweight", "--to", "2026-02-01", "--format", "json"]).jsonObject()
        #expect(early["from"] as? String == "2026-01-01")
    }

    @Test func bodyweightShowsEachDaysLastWeighInUnlessAskedForEveryEntry() async throws {
        let scratch = try await seededScratch()
        for (time, weight) in [("2026-11-02T06:30", "81kg"), ("2026-11-02T21:00", "82kg"), ("2026-11-03T06:30", "80.5kg"),
                               ("2026-11-03T07:00", "80kg"), ("2026-11-03T22:10", "81.5kg"), ("2026-11-05T06:30", "80kg")] {
            #expect(try await scratch.runOnLog(["bodyweight", weight, "--at", time]).status == 0)
        }
        // One row per day, the day's last weigh-in: the one that counts (the seed's rule).
        let daily = try await scratch.runOnLog(["bodyweight", "--today", "2026-11-06", "--format", "json"]).jsonObject()
        #expect(daily["everyEntry"] as? Bool == false)
        #expect(daily["weighIns"] as? Int == 6)
        let days = try #require(daily["entries"] as? [[String: Any]])
        #expect(days.map { $0["date"] as? String } == ["2026-11-02", "2026-11-03", "2026-11-05"])
        #expect(days.map { $0["weightKg"] as? Double } == [82, 81.5, 80])
        #expect(days.map { $0["recordedAt"] as? String }.first == "2026-11-02T21:00:00.000000Z")
        let every = try await scratch.runOnLog(["bodyweight", "--today", "2026-11-06", "--every-entry", "--format", "json"]).jsonObject()
        #expect(every["everyEntry"] as? Bool == true)
        #expect((every["entries"] as? [[String: Any]])?.map { $0["weightKg"] as? Double } == [81, 82, 80.5, 80, 81.5, 80])
        // Averages and the change are the same either way: both are worked from each day's weight.
        #expect((every["change"] as? NSDictionary) == (daily["change"] as? NSDictionary))
        let table = try await scratch.runOnLog(["bodyweight", "--today", "2026-11-06"])
        #expect(table.lines.filter { $0.hasPrefix("2026-11-0") }.count == 3)
        #expect(table.stdout.contains("6 weigh-ins on 3 days; each day shows its last (--every-entry lists them all)"))
        let refused = try await scratch.runOnLog(["bodyweight", "--chart", "--every-entry"])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("--chart draws each day's weight"))
    }

    @Test func summaryGivesWeeklyVolumeMuscleGroupsAndStreaks() async throws {
        let scratch = try await QueryFixture.makeLog()
        let result = try await scratch.runOnLog(["summary", "--today", "2026-11-06", "--weeks", "2", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let summary = try result.jsonObject()
        let weeks = try #require(summary["weeks"] as? [[String: Any]])
        #expect(weeks.map { $0["week"] as? String } == ["2026-W44", "2026-W45"])
        #expect(weeks.last?["volumeKg"] as? Double == 2190)
        #expect(weeks.last?["workingSets"] as? Int == 5)
        #expect(weeks.last?["workouts"] as? Int == 3)
        #expect(weeks.first?["volumeKg"] as? Double == 0)
        let groups = try #require(summary["muscleGroups"] as? [[String: Any]])
        #expect(groups.map { $0["muscleGroup"] as? String } == ["quads", "glutes", "chest", "triceps"])
        #expect(groups.map { $0["sets"] as? Int } == [4, 4, 1, 1])
        let streaks = try #require(summary["streaks"] as? [String: Any])
        #expect(streaks["currentDays"] as? Int == 2)
        #expect(streaks["currentWeeks"] as? Int == 1)
        #expect(streaks["lastWorkoutDay"] as? String == "2026-11-06")
        let text = try await scratch.runOnLog(["summary", "--today", "2026-11-06", "--weeks", "2"])
        #expect(text.lines.contains { $0.hasPrefix("weekly streak") && $0.hasSuffix("1 week(s) in a row now, longest 1") })
        #expect(text.lines.contains { $0.hasPrefix("daily streak") && $0.hasSuffix("2 day(s) in a row now, longest 2") })
        let asOf = try await scratch.runOnLog(["summary", "--as-of", "2026-11-04", "--weeks", "1", "--format", "json"]).jsonObject()
        #expect((asOf["weeks"] as? [[String: Any]])?.first?["volumeKg"] as? Double == 1230)
        let csv = try await scratch.runOnLog(["summary", "--today", "2026-11-06", "--weeks", "1", "--format", "csv"])
        #expect(csv.lines == ["week,monday,volumeKg,workingSets,workouts", "2026-W45,2026-11-02,2190,5,3"])
    }

    @Test func programSaysWhenNoProgramIsFollowed() async throws {
        let scratch = try await QueryFixture.makeLog()
        let json = try await scratch.runOnLog(["program", "--format", "json"])
        #expect(json.status == 0, "\(json.stderr)")
        #expect(try json.jsonObject()["active"] as? Bool == false)
        let text = try await scratch.runOnLog(["program"])
        #expect(text.stdout.contains("no program is being followed"))
    }

    @Test func chartsAreDrawnWithinTheTerminalWidth() async throws {
        let scratch = try await QueryFixture.makeLog()
        let prs = try await scratch.run(["prs", "barbell back squat", "--chart", "--log-dir", scratch.log], environment: ["COLUMNS": "60"])
        #expect(prs.status == 0, "\(prs.stderr)")
        #expect(prs.stdout.contains("Barbell Back Squat: best e1RM (brzycki), kg"))
        #expect(prs.stdout.contains("Barbell Back Squat: heaviest weight, kg"))
        #expect(prs.lines.contains { $0.hasPrefix("2026-11-05  ") && $0.contains("█") && $0.contains("120 kg  (120 kg × 2)") })
        #expect(prs.lines.allSatisfy { $0.count <= 60 })
        let food = try await scratch.runOnLog(["nutrition", "--from", "2026-11-01", "--to", "2026-11-07", "--chart"])
        #expect(food.stdout.contains("│ = the day's calorie goal"))
        #expect(food.lines.contains { $0.hasPrefix("2026-11-02") && $0.hasSuffix("710 / 2500") })
        let volume = try await scratch.runOnLog(["summary", "--today", "2026-11-06", "--weeks", "2", "--chart"])
        #expect(volume.lines.contains { $0.hasPrefix("2026-W45") && $0.hasSuffix("2,190") })
        let body = try await scratch.runOnLog(["bodyweight", "--today", "2026-11-06", "--chart"])
        #expect(body.lines.contains { $0.hasPrefix("2026-11-06") && $0.hasSuffix("79 (avg 79.5)") })
        let refused = try await scratch.runOnLog(["prs", "barbell back squat", "--chart", "--format", "json"])
        #expect(refused.status == 64)
    }
}
