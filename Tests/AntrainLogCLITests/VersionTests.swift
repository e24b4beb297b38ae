import AntrainEvents
import AntrainLog
import Foundation
import Testing

/// Issue 39: `antrain-log --version` names the tool's version and the versions of the log
/// format and the event schemas it reads and writes.
@Suite struct VersionTests {
    @Test func versionNamesTheToolTheFormatAndTheSchemas() async throws {
        let scratch = try Scratch()
        let result = try await scratch.run(["--version"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.lines
        #expect(lines.first?.wholeMatch(of: #/antrain-log \d+\.\d+\.\d+/#) != nil, "\(result.stdout)")
        #expect(lines.contains("log format: segment blocks version \(BlockHeader.currentFormatVersion) (reads and writes \(BlockHeader.currentFormatVersion))"))
        let catalog = EventCatalog.standard
        #expect(lines.contains { $0.hasPrefix("events: \(catalog.eventTypes.count) types") }, "\(result.stdout)")
        #expect(result.stderr.isEmpty)
    }
}
