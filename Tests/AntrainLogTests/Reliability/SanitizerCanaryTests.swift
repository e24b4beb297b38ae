import AntrainTestSupport
import Foundation
import Testing

/// Faults planted on purpose, to prove that a sanitizer run would catch them (issue 41):
/// `scripts/sanitizers.sh` runs the matching canary before its suites and stops unless the
/// sanitizer fails it with a report, so a run whose sanitizer has silently gone (a build
/// flag lost, a runtime not linked, a report no longer counted) cannot pass.
///
/// Off unless `ANTRAIN_SANITIZER_CANARY` names the canary (`race` or `overflow`): in any
/// other run these faults would be real bugs of the suite.
@Suite("Sanitizer canaries: faults planted for scripts/sanitizers.sh to catch")
struct SanitizerCanaryTests {
    static let asked = ProcessInfo.processInfo.environment["ANTRAIN_SANITIZER_CANARY"]

    /// A counter with no lock at all, shared by threads: the race the thread sanitizer is for.
    private final class UnguardedCounter: @unchecked Sendable {
        var value = 0
    }

    @Test("A data race: two threads add to one counter with no lock (the thread sanitizer reports it)",
          .enabled(if: asked == "race"))
    func dataRace() {
        let counter = UnguardedCounter()
        // Long enough to overlap for certain: with 100,000 each the sanitizer missed the race
        // in 3 runs of 10 (each thread's adds took a few milliseconds).
        let threads = 2, additions = 2_000_000
        let done = DispatchGroup()
        // Both threads running before either adds: one that ended before the other started
        // could hand its slot to it, and the sanitizer then missed the race (1 run in 3).
        let running = DispatchGroup()
        for _ in 0..<threads {
            done.enter()
            running.enter()
            Thread.detachNewThread {
                running.leave()
                running.wait()
                for _ in 0..<additions { counter.value += 1 }
                done.leave()
            }
        }
        done.wait()
        // Without the sanitizer, lost updates may or may not show; with it, the run halts first.
        #expect(counter.value <= threads * additions)
    }

    @Test("A read past a buffer: the byte after a 16-byte allocation (the address sanitizer reports it)",
          .enabled(if: asked == "overflow"))
    func readPastBuffer() {
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: 16)
        defer { buffer.deallocate() }
        buffer.initialize(repeating: 7, count: 16)
        let past = buffer.advanced(by: 16).pointee  // one byte beyond the allocation
        #expect(past >= 0)
    }
}
