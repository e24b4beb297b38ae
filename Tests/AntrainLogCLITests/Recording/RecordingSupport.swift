import Foundation
import Testing

/// A log seeded with the preset library, as a person's diary starts.
func seededScratch(onServer serverURL: String? = nil) async throws -> Scratch {
    let scratch = try serverURL.map { try Scratch(serverURL: $0) } ?? Scratch()
    let seed = try await scratch.runOnLog(["seed"])
    #expect(seed.status == 0, "\(seed.stderr)")
    return scratch
}

extension Scratch {
    /// The number of records in the log, from `info --format json`.
    func eventCount() async throws -> Int {
        let info = try await runOnLog(["info", "--format", "json"])
        return try #require(try info.jsonLines().first?["events"] as? Int, "\(info.stderr)")
    }

    /// The `event` objects of the records of `type`, in log order.
    func events(_ type: String) async throws -> [[String: Any]] {
        try await runOnLog(["cat", "--type", type, "--format", "json"]).jsonLines().compactMap { $0["event"] as? [String: Any] }
    }

    /// Runs a recording command that must be refused: checks the exit status, that standard
    /// error names the problem (and a fix), and that the log has not grown.
    @discardableResult
    func expectRefused(_ arguments: [String], status: Int32, saying fragments: [String], environment: [String: String] = [:],
                       sourceLocation: SourceLocation = #_sourceLocation) async throws -> CLI.Result {
        let before = try await eventCount()
        let result = try await runOnLog(arguments, environment: environment)
        #expect(result.status == status, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
        for fragment in fragments {
            #expect(result.stderr.contains(fragment), "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
        }
        #expect(result.stdout.isEmpty, sourceLocation: sourceLocation)
        #expect(try await eventCount() == before, "nothing appended for \(arguments)", sourceLocation: sourceLocation)
        return result
    }

    /// Runs a recording command with `--format json` that must succeed, and returns its object.
    func record(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) async throws -> [String: Any] {
        let result = try await runOnLog(arguments + ["--format", "json"])
        #expect(result.status == 0, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
        return try #require(try result.jsonLines().first, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
    }
}

/// A mass of an event's JSON as `100 kg`, for comparisons.
func massText(_ value: Any?) -> String? {
    guard let mass = value as? [String: Any], let number = mass["value"] as? Double, let unit = mass["unit"] as? String else { return nil }
    return "\(number == number.rounded() ? String(Int(number)) : String(number)) \(unit)"
}

/// The time `seconds` before now as `--at` takes it (`2026-11-21T06:45`), in UTC, the zone the
/// tests run in: for a workout that must have started a while ago, whatever the clock says.
func localTime(secondsAgo seconds: Double) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyy-MM-dd'T'HH:mm"
    return formatter.string(from: Date().addingTimeInterval(-seconds))
}
