import AntrainEvents
import AntrainLog
import AntrainTestSupport
import Foundation
import Testing

@Suite("Durability policies")
struct DurabilityPolicyTests {
    @Test("every policy keeps every append across close and reopen, and rolls segments the same way",
          arguments: [Durability.everyAppend, .interval(milliseconds: 5), .none])
    func policiesPersist(_ durability: Durability) async throws {
        let directory = TemporaryDirectory()
        var log = try await reopenForWriting(directory.path, options: LogOptions(segmentSize: 2048, durability: durability))
        for index in 0..<40 {
            try await log.append([Sample.event(index)], to: "s\(index % 3)")
            if index % 10 == 0 { try await Task.sleep(for: .milliseconds(10)) }  // lets the interval fsync run
        }
        try await log.close()
        await #expect(throws: LogError.readOnly(path: directory.path)) {
            try await log.append([Sample.event(99)], to: "s0")
        }
        log = try await reopenForWriting(directory.path)
        #expect(try await log.allRecords().map(\.offset) == Array(0..<40))
        #expect(segmentFiles(directory).count > 3)
        #expect(try await log.verify().ok)
        try await log.close()
    }
}
