import AntrainEvents
import AntrainLog
import AntrainTestSupport
import Foundation
import SystemPackage
import Testing

/// Writes `fixtures/schema-v1/` when `ANTRAIN_WRITE_V1_FIXTURE=1`: run once, with the build
/// whose events were at schema version 1, and committed. Later builds only read it.
@Suite("Version 1 fixture writer")
struct V1FixtureWriter {
    static let enabled = ProcessInfo.processInfo.environment["ANTRAIN_WRITE_V1_FIXTURE"] == "1"

    @Test("Write the version 1 log and its answers", .enabled(if: enabled))
    func write() async throws {
        let directory = packageRoot().appendingPathComponent("fixtures/schema-v1")
        try? FileManager.default.removeItem(at: directory)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let logPath = FilePath(directory.appendingPathComponent("log").path)
        try await V1History.write(to: logPath.string)
        let reader = try await EventLog.openReadOnly(at: logPath)
        var events: [StoredEvent] = []
        try await reader.replay { events.append($0) }
        let answers = HistoryAnswers(events: events, chainHead: try await reader.end().chainHead.hex)
        try await reader.close()
        try EventJSON.makeEncoder().encode(answers).write(to: directory.appendingPathComponent("answers.json"))
        #expect(answers.workouts.count == 10)
    }
}
