import AntrainEvents
import AntrainLog
import AntrainTestSupport
import Foundation
import Testing

/// Runs a command, returning its exit status and standard output.
func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: Data) {
    let (status, output, _) = try SpawnedProcess.run(executable, arguments)
    return (status, output)
}

/// The stock lz4 tool; the README's commands install it (Debian package `lz4`).
let lz4Tool = ["/usr/bin/lz4", "/usr/local/bin/lz4", "/bin/lz4"].first { FileManager.default.isExecutableFile(atPath: $0) }

@Suite("Segments are standard LZ4")
struct StandardToolTests {
    @Test("lz4 -t accepts every segment, and lz4 -dc prints exactly the records")
    func stockLZ4ReadsSegments() async throws {
        let tool = try #require(lz4Tool, "the lz4 tool is missing: run the README's test command, which installs it")
        let directory = TemporaryDirectory()
        let log = try await reopenForWriting(directory.path, options: LogOptions(segmentSize: 8192, durability: .none))
        for batch in 0..<50 {
            let events = (0..<(batch % 7 + 1)).map { Sample.event(batch * 10 + $0, type: batch % 2 == 0 ? "SetLogged" : "FoodLogged") }
            try await log.append(events, to: "athlete-\(batch % 3)")
        }
        try await log.close()
        let reader = try await EventLog.openReadOnly(at: directory.filePath)
        let records = try await reader.allRecords()
        var concatenated: [UInt8] = []
        var fromRecords: [UInt8] = []
        for segment in segmentFiles(directory) {
            let test = try run(tool, ["-t", directory.file(segment)])
            #expect(test.status == 0, "lz4 -t \(segment)")
            let decoded = try run(tool, ["-dc", directory.file(segment)])
            #expect(decoded.status == 0)
            concatenated += decoded.output
        }
        for record in records { fromRecords += record.storedBytes }
        #expect(segmentFiles(directory).count > 2)
        #expect(!concatenated.isEmpty)
        #expect(concatenated == fromRecords)
    }
}
