import AntrainEvents
import AntrainLog
import Foundation
import SystemPackage
import Testing

/// `cardio` and `metcon`, and what every recording command does on a locked or missing log.
@Suite struct QuickLogAndLockTests {
    @Test func cardioAndMetconAreWorkoutsOfTheirOwn() async throws {
        let scratch = try await seededScratch()
        let run = try await scratch.runOnLog(["cardio", "run", "--time", "25m", "--distance", "5km", "--pace", "5:00",
                                              "--at", "2026-11-21T07:10"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("logged run 25m, 5 km as workout "))
        let cardio = try #require(try await scratch.events("CardioLogged").first)
        #expect(cardio["distanceMetres"] as? Double == 5000 && cardio["durationSeconds"] as? Double == 1500)
        #expect(cardio["paceSecondsPerKilometre"] as? Double == 300)

        // Issue 38: show gives a session its exact time and its pace, and no "0 sets, 0 kg".
        let runID = try #require(run.stdout.split(separator: " ").last.map(String.init)?.trimmingCharacters(in: .whitespacesAndNewlines))
        let shown = try await scratch.runOnLog(["show", runID])
        #expect(shown.lines.contains("duration: 25m") && shown.lines.contains("pace:     5:00 /km"), "\(shown.stdout)\(shown.stderr)")
        #expect(!shown.stdout.contains("sets:") && !shown.stdout.contains("volume:"), "\(shown.stdout)")
        let timed = try await scratch.record(["cardio", "run", "--time", "27m30s", "--distance", "5km", "--at", "2026-11-22T07:00"])
        let timedShown = try await scratch.runOnLog(["show", try #require(timed["workoutId"] as? String)])
        #expect(timedShown.lines.contains("duration: 27m30s") && timedShown.lines.contains("pace:     5:30 /km"), "\(timedShown.stdout)")

        let metcon = try await scratch.record(["metcon", "amrap", "--time", "20m", "--rounds", "18", "--result", "18 + 7", "--name", "Cindy"])
        let event = try #require(try await scratch.events("MetconLogged").first)
        #expect(event["workoutID"] as? String == metcon["workoutId"] as? String && event["rounds"] as? Int == 18)

        try await scratch.expectRefused(["cardio", "run", "--time", "25m", "--distance", "5km", "--pace", "7:00"], status: 65,
                                        saying: ["the pace (seconds per km) must be"])
        try await scratch.expectRefused(["cardio", "run", "--time", "soon"], status: 64, saying: [#""soon" is not a time"#])
        try await scratch.expectRefused(["metcon", "amrap", "--time", "20m", "--rounds", "0"], status: 65, saying: ["rounds must be a whole number from 1 to 999, not 0"])
    }

    @Test func aLockedLogIsRefusedWithStatus73AndNothingAppended() async throws {
        let scratch = try await seededScratch()
        let before = try await scratch.eventCount()
        // This test process is the other writer.
        let log = try await EventLog.open(at: FilePath(scratch.log))
        // Told not to wait for it (a writing command waits up to ANTRAIN_LOCK_WAIT seconds).
        let start = try await scratch.runOnLog(["workout", "start", "--name", "Push day"], environment: ["ANTRAIN_LOCK_WAIT": "0"])
        let eat = try await scratch.runOnLog(["eat", "Rolled oats", "80g", "--meal", "breakfast"], environment: ["ANTRAIN_LOCK_WAIT": "0"])
        try await log.close()

        for result in [start, eat] {
            #expect(result.status == 73, "\(result.stderr)")
            #expect(result.stderr.contains("process \(getpid())") && result.stderr.contains("fix: wait for"))
            #expect(result.stdout.isEmpty)
        }
        #expect(try await scratch.eventCount() == before)
    }

    @Test func noLogIsNamedWithTheSeedFix() async throws {
        let scratch = try Scratch()
        let result = try await scratch.runOnLog(["bodyweight", "80kg"])
        #expect(result.status == 66)
        #expect(result.stderr.contains("there is no log at"))
        #expect(result.stderr.contains("fix: create the log and its preset library with antrain-log seed"))
        #expect(!FileManager.default.fileExists(atPath: scratch.log), "nothing was created")
    }
}
