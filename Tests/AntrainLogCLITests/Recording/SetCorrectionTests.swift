import Foundation
import Testing

/// `workout correct-set` changes only what it is given (issue 19): the rest of the set stays
/// as the log holds it, after any earlier correction.
@Suite struct SetCorrectionTests {
    @Test func aCorrectionKeepsWhatItDoesNotName() async throws {
        let scratch = try await seededScratch()
        _ = try await scratch.record(["workout", "start"])
        let logged = try await scratch.record(["workout", "set", "Barbell Bench Press", "100kg", "x", "5", "--rpe", "7",
                                               "--notes", "felt good", "--rest", "2m"])
        let setID = try #require(logged["setId"] as? String)

        _ = try await scratch.record(["workout", "correct-set", setID, "--rpe", "8.5"])
        var performance = try await lastCorrection(scratch)
        #expect(massText(performance["weight"]) == "100 kg")
        #expect(performance["reps"] as? Int == 5)
        #expect(performance["rpe"] as? Double == 8.5)
        #expect(performance["notes"] as? String == "felt good")
        #expect(performance["restSeconds"] as? Int == 120)
        #expect(performance["completed"] as? Bool == true)

        // A bare count changes the reps and keeps the weight; the earlier correction stands.
        _ = try await scratch.record(["workout", "correct-set", String(setID.prefix(8)), "6"])
        performance = try await lastCorrection(scratch)
        #expect(massText(performance["weight"]) == "100 kg")
        #expect(performance["reps"] as? Int == 6)
        #expect(performance["rpe"] as? Double == 8.5)

        // A new load with its reps replaces both.
        _ = try await scratch.record(["workout", "correct-set", setID, "102.5kg", "x", "4"])
        performance = try await lastCorrection(scratch)
        #expect(massText(performance["weight"]) == "102.5 kg")
        #expect(performance["reps"] as? Int == 4)
        #expect(performance["notes"] as? String == "felt good")
    }

    @Test func aPlannedSetIsMarkedDone() async throws {
        let scratch = try await seededScratch()
        _ = try await scratch.record(["workout", "start"])
        let logged = try await scratch.record(["workout", "set", "Barbell Back Squat", "120kg", "x", "3", "--planned"])
        let setID = try #require(logged["setId"] as? String)
        _ = try await scratch.record(["workout", "correct-set", setID, "--done"])
        let performance = try await lastCorrection(scratch)
        #expect(performance["completed"] as? Bool == true)
        #expect(massText(performance["weight"]) == "120 kg")
        #expect(performance["reps"] as? Int == 3)
    }

    @Test func aCorrectionThatNamesNothingIsRefused() async throws {
        let scratch = try await seededScratch()
        _ = try await scratch.record(["workout", "start"])
        let logged = try await scratch.record(["workout", "set", "Barbell Bench Press", "100kg", "x", "5"])
        let setID = try #require(logged["setId"] as? String)
        try await scratch.expectRefused(["workout", "correct-set", setID], status: 64, saying: ["Say what to correct"])
        try await scratch.expectRefused(["workout", "correct-set", setID, "--done", "--planned"], status: 64,
                                        saying: ["either --planned or --done"])
    }

    /// The performance of the log's last `SetCorrected`.
    private func lastCorrection(_ scratch: Scratch) async throws -> [String: Any] {
        let corrected = try #require(try await scratch.events("SetCorrected").last)
        return try #require(corrected["performance"] as? [String: Any])
    }
}
