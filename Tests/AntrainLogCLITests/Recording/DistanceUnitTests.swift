import Foundation
import Testing

/// The distance unit setting is honoured on input and output (issue 19): with miles set, a
/// plain 3 is 3 miles, and distances print in miles; events and JSON keep metres.
@Suite struct DistanceUnitTests {
    @Test func milesSetMeansMilesInAndOut() async throws {
        let scratch = try await seededScratch()
        _ = try await scratch.record(["settings", "--distance-unit", "miles"])

        let cardio = try await scratch.runOnLog(["cardio", "run", "--time", "30m", "--distance", "3"])
        #expect(cardio.status == 0, "\(cardio.stderr)")
        #expect(cardio.stdout.hasPrefix("logged run 30m, 3 mi as workout "))
        let logged = try #require(try await scratch.events("CardioLogged").first)
        #expect(abs((logged["distanceMetres"] as? Double ?? 0) - 3 * 1609.344) < 1e-6)
        let workoutID = try #require(logged["workoutID"] as? String)
        let shown = try await scratch.runOnLog(["show", workoutID])
        #expect(shown.lines.contains { $0.hasPrefix("distance") && $0.hasSuffix("3 mi") }, "\(shown.stdout)")
        let json = try #require(try await scratch.runOnLog(["show", workoutID, "--format", "json"]).jsonLines().first)
        #expect(abs(((json["cardio"] as? [String: Any])?["distanceMetres"] as? Double ?? 0) - 4828.032) < 1e-6)

        _ = try await scratch.record(["workout", "start"])
        let set = try await scratch.runOnLog(["workout", "set", "Running", "--distance", "400m"])
        #expect(set.status == 0, "\(set.stderr)")
        #expect(set.stdout.contains("Running 437 yd"), "\(set.stdout)")
    }

    @Test func kilometresByDefault() async throws {
        let scratch = try await seededScratch()
        let cardio = try await scratch.runOnLog(["cardio", "run", "--time", "25m", "--distance", "5"])
        #expect(cardio.stdout.hasPrefix("logged run 25m, 5 km as workout "))
        let logged = try #require(try await scratch.events("CardioLogged").first)
        #expect(logged["distanceMetres"] as? Double == 5000)
    }
}
