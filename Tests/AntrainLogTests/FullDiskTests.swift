import AntrainEvents
import AntrainLog
import AntrainTestSupport
import Foundation
import Glibc
import Testing

@Suite("A full disk")
struct FullDiskTests {
    @Test("appending until the device is full: a clear error, nothing partial, appends resume once space is freed",
          .enabled(if: canMountTmpfs, "needs permission to mount a tmpfs"))
    func fillTheDisk() async throws {
        let fills = rounds("ANTRAIN_FULL_DISK_ROUNDS", short: 1)
        var acknowledgedTotal = 0, lost = 0
        defer { print("full disk: \(fills) fills of a 256 KiB tmpfs to ENOSPC, \(acknowledgedTotal) acknowledged events, \(lost) lost, 0 partial blocks visible, appends resumed each time") }
        for _ in 0..<fills {
            try await withTmpfs(size: "256k") { mountPoint in
                let filler = mountPoint.file("filler")
                try Data(count: 64 * 1024).write(to: URL(fileURLWithPath: filler))
                let logPath = mountPoint.file("log")
                var log = try await reopenForWriting(logPath, options: LogOptions(segmentSize: 48 * 1024))
                var acknowledged: [UUID] = []
                var failure: LogError?
                var generator = SystemRandomNumberGenerator()
                while failure == nil {
                    // Incompressible payloads fill the device quickly.
                    let payload = (0..<3000).map { _ in UInt8.random(in: 0...255, using: &generator) }
                    let event = ProposedEvent(type: "Noise", payload: payload)
                    do {
                        try await log.append([event], to: "fill")
                        acknowledged.append(event.id)
                    } catch let error as LogError {
                        failure = error
                    }
                    #expect(acknowledged.count < 1000, "the device never filled up")
                    if acknowledged.count >= 1000 { break }
                }
                guard case let .noSpace(path) = failure else {
                    Issue.record("expected a no-space error, got \(String(describing: failure))")
                    return
                }
                #expect(path.hasPrefix(logPath))
                #expect(acknowledged.count > 10)
                try await log.close()

                log = try await reopenForWriting(logPath)
                let found = try await log.allRecords().map(\.eventID)
                #expect(found == acknowledged)
                acknowledgedTotal += acknowledged.count
                lost += Set(acknowledged).subtracting(found).count
                #expect(try await log.verify().ok)
                try FileManager.default.removeItem(atPath: filler)
                let resumed = ProposedEvent(type: "Noise", payload: Array(repeating: 7, count: 3000))
                let result = try await log.append([resumed], to: "fill")
                #expect(result.offsets == [UInt64(acknowledged.count)])
                try await log.close()
            }
        }
    }
}
