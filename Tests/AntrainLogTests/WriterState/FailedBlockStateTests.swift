import AntrainEvents
import AntrainLog
import AntrainTestSupport
import Foundation
import Glibc
import Testing

/// A block that cannot be written leaves the writer's state as it was: its ids are not
/// taken for stored, its streams keep their versions.
@Suite("The writer's state after a failed block")
struct FailedBlockStateTests {
    @Test("a block refused by a full device changes no stream version and stores no id",
          .enabled(if: canMountTmpfs, "needs permission to mount a tmpfs"))
    func failedBlockIsUndone() async throws {
        try await withTmpfs(size: "1m") { mountPoint in
            let log = try await reopenForWriting(mountPoint.file("log"), options: LogOptions(durability: .none))
            try await log.append([Sample.event(0)], to: "a")
            // Fill the device, leaving too little for incompressible events.
            let filler = mountPoint.file("filler")
            #expect(FileManager.default.createFile(atPath: filler, contents: nil))
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: filler))
            while (try? handle.write(contentsOf: Data(count: 4096))) != nil {}
            try handle.close()
            var generator = SystemRandomNumberGenerator()
            let noise = { (0..<20_000).map { _ in UInt8.random(in: 0...255, using: &generator) } }
            let events = [ProposedEvent(type: "Noise", payload: noise()), ProposedEvent(type: "Noise", payload: noise())]
            let first = await #expect(throws: LogError.self) { try await log.append(events, to: "a", expectedVersion: .exact(0)) }
            // Refused for want of space again, not as a duplicate of the first failed block's id.
            let second = await #expect(throws: LogError.self) { try await log.append([events[0]], to: "new", expectedVersion: .noStream) }
            for error in [first, second] {
                guard case .noSpace = error else {
                    Issue.record("expected no space, got \(String(describing: error))")
                    return
                }
            }
            try FileManager.default.removeItem(atPath: filler)

            #expect(try await log.streamVersion(of: "a") == 0)
            #expect(try await log.streamVersion(of: "new") == nil)
            let result = try await log.append(events, to: "a", expectedVersion: .exact(0))
            #expect(result.offsets == [1, 2] && !result.wasAlreadyStored && result.streamVersion == 2)
            #expect(try await log.append([Sample.event(3)], to: "new", expectedVersion: .noStream).offsets == [3])
            try await log.close()
        }
    }
}
