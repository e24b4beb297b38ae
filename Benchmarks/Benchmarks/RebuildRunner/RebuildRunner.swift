// Runs one rebuild of R0, R1 or R2 in a process of its own, for the ProjectionRebuild
// benchmarks:
//
//     RebuildRunner read|antrain|sqlite FIXTURE-DIRECTORY
//
// prints `events=N peakMB=M` and exits 0, or prints the error and exits 1.
//
// Why a process of its own: package-benchmark waits for an async benchmark on a semaphore
// in one of the cooperative pool's threads, and the pool has one thread per core. On this
// 2-core machine that left a rebuild measured in the harness one thread for its read loop
// and all its projections, half of what `antrain-log rebuild` gets. A rebuild here has the
// whole pool, as in the command-line tool; so has the SQLite peer, measured the same way.
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
        // As `antrain-log` does before a replay; the peer's process gets the same settings.
        AllocatorTuning.forReadModels()
        do {
            let outcome = try await body.run(directory: arguments[2])
            print("events=\(outcome.events) peakMB=\(PeakResidentMemory.megabytes())")
            // Exits with the read models still held: the kernel takes their memory back
            // at once, where freeing them one object at a time would be measured too.
            // (`exit` flushes what `print` buffered.)
            withExtendedLifetime(outcome) { exit(0) }
        } catch {
            FileHandle.standardError.write(Data("RebuildRunner \(body.rawValue): \(error)\n".utf8))
            exit(1)
        }
    }
}
