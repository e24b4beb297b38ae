import Foundation
import Testing

/// Issue 39: the libraries log through swift-log, and `--verbose` shows their logs on
/// standard error with any command; the answer on standard output is the same with or without.
@Suite struct VerboseTests {
    @Test func verboseShowsTheLibrariesLogsOnStandardErrorOnly() async throws {
        let scratch = try await seededScratch()
        _ = try await scratch.record(["eat", "rolled oats", "80g", "--meal", "breakfast"])
        let quiet = try await scratch.runOnLog(["nutrition", "--format", "json"])
        try FileManager.default.removeItem(atPath: scratch.log + "/projections")
        let verbose = try await scratch.runOnLog(["nutrition", "--format", "json", "--verbose"])
        #expect(quiet.status == 0 && verbose.status == 0, "\(verbose.stderr)")
        #expect(verbose.stdout == quiet.stdout)
        #expect(quiet.stderr.isEmpty, "\(quiet.stderr)")
        // The state was set aside above: the catch-up looks, then rebuilds, and says so.
        #expect(verbose.stderr.contains("debug antrain.projections.state:") && verbose.stderr.contains("look at"), "\(verbose.stderr)")
        #expect(verbose.stderr.contains("debug antrain.projections.rebuild:") && verbose.stderr.contains("committed at"), "\(verbose.stderr)")
    }
}
