// Runs one rebuild of R0, R1 or R2 in a process of its own, for the ProjectionRebuild
// benchmarks:
//
//     RebuildRunner read|antrain|sqlite FIXTURE-DIRECTORY
//
// prints `events=N peakMB=M stateBytes=B` and exits 0, or prints the error and exits 1.
//
// Why a process of its own: package-benchmark waits for an async benchmark on a semaphore
// in one of the cooperative pool's threads, and the pool has one thread per core. On this
// 2-core machine that left a rebuild measured in the harness one thread for its read loop
// and all its folds, half of what `antrain-log rebuild` gets. A rebuild here has the whole
// pool, as in the command-line tool; so has the SQLite peer, measured the same way. The
// peak memory (VmHWM) is then the rebuild's alone.
//
// The allocator settings `antrain-log rebuild` applies (AllocatorTuning.forReadModels()) are
// applied here too, before every body, the peer's included: R1 measures the rebuild as the
// command runs it, and R2 differs from it only in where the events come from.
import AntrainProjections
import Foundation
import RebuildSupport

@main
struct RebuildRunner {
    static func main() async {
        let arguments = CommandLine.arguments
        guard arguments.count == 3, let body = RebuildBody(rawValue: arguments[1]) else {
            let bodies = RebuildBody.allCases.map(\.rawValue).joined(separator: "|")
            FileHandle.standardError.write(Data("usage: RebuildRunner \(bodies) FIXTURE-DIRECTORY\n".utf8))
            exit(64)
        }
        AllocatorTuning.forReadModels()
        do {
            let outcome = try await body.run(directory: arguments[2])
            print("events=\(outcome.events) peakMB=\(PeakResidentMemory.megabytes()) stateBytes=\(outcome.stateBytes)")
            // `exit` flushes what `print` buffered, and leaves freeing to the kernel, as the
            // command-line tool's exit does.
            exit(0)
        } catch {
            FileHandle.standardError.write(Data("RebuildRunner \(body.rawValue): \(error)\n".utf8))
            exit(1)
        }
    }
}
