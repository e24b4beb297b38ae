import Foundation
import Testing

/// `profile` and `settings` without options show what is in force (issue 20): they used to
/// say "Nothing to update".
@Suite struct ProfileAndSettingsShowTests {
    @Test func settingsShowTheUnitsInForce() async throws {
        let scratch = try await seededScratch()
        let fresh = try await scratch.runOnLog(["settings"])
        #expect(fresh.status == 0, "\(fresh.stderr)")
        #expect(fresh.lines.prefix(2) == ["weights:   kg", "distances: kilometres"] && fresh.stdout.contains("the defaults"))
        _ = try await scratch.record(["settings", "--weight-unit", "lb"])
        let json = try await scratch.runOnLog(["settings", "--format", "json"])
        #expect(json.stdout == #"{"weightUnit":"lb","distanceUnit":"kilometres","isDefault":false}"# + "\n", "\(json.stderr)")
        #expect(try await scratch.runOnLog(["settings", "--format", "csv"]).lines == ["weightUnit,distanceUnit,isDefault", "lb,kilometres,false"])
    }

    @Test("A profile's name has 1 to 50 characters, as seed 001's user model says: 50 is kept, 51 refused and nothing appended")
    func profileNameLength() async throws {
        let scratch = try await seededScratch()
        let fifty = String(repeating: "a", count: 49) + "é"
        let kept = try await scratch.runOnLog(["profile", "--name", fifty])
        #expect(kept.status == 0, "\(kept.stderr)")
        let shown = try await scratch.runOnLog(["profile", "--format", "json"])
        #expect(shown.stdout.contains(#""name":"\#(fifty)""#), "\(shown.stdout)")
        try await HostileNewCommandTests.expectRefused(scratch, (["profile", "--name", fifty + "b"], "1 to 50"))
    }

    @Test("Seed 003's hasCompletedWorkout: false until a workout is completed (a quick log is completed when logged), never for one cancelled")
    func theProfileSaysWhetherAWorkoutWasEverCompleted() async throws {
        let scratch = try await seededScratch()
        _ = try await scratch.record(["workout", "start", "--at", localTime(secondsAgo: 600)])
        _ = try await scratch.record(["workout", "cancel"])
        #expect(try await scratch.runOnLog(["profile", "--format", "json"]).jsonObject()["hasCompletedWorkout"] as? Bool == false)
        _ = try await scratch.record(["metcon", "amrap", "--time", "12m"])
        #expect(try await scratch.runOnLog(["profile", "--format", "json"]).jsonObject()["hasCompletedWorkout"] as? Bool == true)
        #expect(try await scratch.runOnLog(["profile"]).stdout.contains("trained:  yes, a workout was completed"))
    }

    @Test func theProfileShowsItsFieldsAndTheGoalsInForceToday() async throws {
        let scratch = try await seededScratch()
        let empty = try await scratch.runOnLog(["profile"])
        #expect(empty.status == 0 && empty.stdout.contains("name:     not set"), "\(empty.stdout)")
        #expect(empty.stdout.contains("goals:    2000 kcal, 150 g protein, 200 g carbs, 65 g fat a day: the defaults until you set yours"),
                "\(empty.stdout)")
        #expect(try await scratch.runOnLog(["profile", "--format", "json"]).stdout
                    == #"{"goals":{"caloriesKcal":2000.0,"proteinG":150.0,"carbsG":200.0,"fatsG":65.0,"isDefault":true},"hasCompletedWorkout":false}"#
                    + "\n")
        #expect(empty.stdout.contains("trained:  no workout completed yet"), "\(empty.stdout)")

        _ = try await scratch.record(["profile", "--name", "Alex", "--height", "180cm", "--born", "1992-04-03", "--sex", "male",
                                      "--kcal", "2600", "--protein", "160", "--carbs", "300", "--fat", "80", "--from", "2020-01-01"])
        _ = try await scratch.record(["profile", "--activity", "moderate", "--calories", "2400", "--protein", "170", "--carbs", "250",
                                      "--fat", "75", "--from", "2099-01-01"])
        let shown = try await scratch.runOnLog(["profile", "--format", "json"])
        let profile = try #require(try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any], "\(shown.stderr)")
        #expect(profile["name"] as? String == "Alex" && profile["heightCentimetres"] as? Double == 180)
        #expect(profile["sex"] as? String == "male" && profile["dateOfBirth"] as? String == "1992-04-03")
        #expect(profile["activityLevel"] as? String == "moderate", "a later update adds its field, the others stay")
        let goals = try #require(profile["goals"] as? [String: Any])
        #expect(goals["from"] as? String == "2020-01-01" && goals["caloriesKcal"] as? Double == 2600, "the goals in force today")
        #expect((profile["nextGoals"] as? [String: Any])?["from"] as? String == "2099-01-01", "the change planned")

        let text = try await scratch.runOnLog(["profile"])
        #expect(text.stdout.contains("name:       Alex") && text.stdout.contains("height:     180 cm"), "\(text.stdout)")
        #expect(text.stdout.contains("goals:      2600 kcal, 160 g protein, 300 g carbs, 80 g fat a day, from 2020-01-01"), "\(text.stdout)")
        try await scratch.expectRefused(["profile", "--from", "2026-01-01"], status: 64, saying: ["--from says when an update applies"])
        try await scratch.expectRefused(["profile", "--calories", "2600"], status: 64, saying: ["Goals go together"])
    }
}
