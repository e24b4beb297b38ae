import AntrainEvents
import AntrainLog
import AntrainTestSupport
import Foundation
import Testing

/// A reader sees a write page by page: a block the writer is still writing ends at a page
/// boundary for a moment. That is the end of the log for now, never damage; judged by a
/// second look at the grown file, it once was, and in the writer's own process the false
/// damage then refused every append until a repair.
@Suite("A reader beside the writer")
struct ReaderBesideWriterTests {
    @Test("reading while the same process appends never reports damage, and appends go on")
    func readsDuringAppends() async throws {
        let directory = TemporaryDirectory()
        let log = try await EventLog.open(at: directory.filePath, options: LogOptions(segmentSize: 64 * 1024, durability: .none))
        let total = rounds("ANTRAIN_READER_APPENDS", short: 5_000)
        // Incompressible, so that blocks span pages and a read can end inside one.
        var generator = SystemRandomNumberGenerator()
        let payload = (0..<2_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let reader = Task {
            var next: UInt64 = 0
            var reads = 0
            while next < UInt64(total) {
                var records = log.records(from: next).makeAsyncIterator()
                while let record = try await records.next() {
                    #expect(record.offset == next, "a gap or a repeat at \(next)")
                    next = record.offset + 1
                }
                reads += 1
            }
            return reads
        }
        for index in 0..<total {
            try await log.append([ProposedEvent(type: "Noise", payload: payload + [UInt8(truncatingIfNeeded: index)])], to: "s\(index % 7)")
        }
        let reads = try await reader.value
        #expect(reads > 1)
        try await log.append([Sample.event(1)], to: "after")
        #expect(try await log.verify().ok)
        try await log.close()
    }
}
