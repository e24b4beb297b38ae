// Rebuilding read models from a generated many-athlete log, side by side with the same
// events kept as JSON in SQLite (GRDB). Benchmarks are named "R<bar> <what> - <engine>";
// `--filter 'R1 .*'` runs one bar. The logs are generated once (see RebuildFixtures) and
// never measured.
//
//   R0  the same read with no projection (read, decompress, decode), events/s
//   R1  full rebuild of every projection (read, decompress, decode, apply), events/s
//   R2  the peer: SQLite rows of JSON read with a GRDB cursor, JSONDecoder, same projections
//   R3  a query answered with a fresh checkpoint: open, read the digest (or restore the checkpoint), answer
//   Peak resident memory of the rebuilds of 1M and 5M events (peakResidentMB, VmHWM).
import AntrainEvents
import AntrainProjections
import Benchmark
import BenchmarkSupport
import Foundation
import SystemPackage

enum Metric {
    /// Events applied per second over one iteration.
    static let eventsPerSecond = BenchmarkMetric.custom("eventsPerSecond", polarity: .prefersLarger, useScalingFactor: false)
    /// Peak resident megabytes during the measured span (Linux VmHWM, reset before it).
    static let peakResidentMB = BenchmarkMetric.custom("peakResidentMB", polarity: .prefersSmaller, useScalingFactor: false)
    /// Microseconds from opening the log to the answer.
    static let answerMicroseconds = BenchmarkMetric.custom("answerMicroseconds", polarity: .prefersSmaller, useScalingFactor: false)
}

/// Times `body`, which returns the events it applied, and records events/s and peak memory.
func measureRebuild(_ benchmark: Benchmark, _ body: () async throws -> Int) async rethrows {
    PeakResidentMemory.reset()
    benchmark.startMeasurement()
    let start = DispatchTime.now().uptimeNanoseconds
    let events = try await body()
    let end = DispatchTime.now().uptimeNanoseconds
    benchmark.stopMeasurement()
    benchmark.measurement(Metric.eventsPerSecond, Int((Double(events) * 1e9 / Double(end - start)).rounded()))
    benchmark.measurement(Metric.peakResidentMB, PeakResidentMemory.megabytes())
}

/// Rebuilds every projection from the whole log; returns the events decoded.
func rebuildAll(from path: String) async throws -> Int {
    let log = try await EventLog.open(at: FilePath(path + "/log"), mode: .readOnly)
    let runner = ProjectionRunner(log: log, projections: makeAllProjections())
    return try await runner.rebuild().summary.decoded
}

let benchmarks: @Sendable () -> Void = {
    let rebuild = Benchmark.Configuration(
        metrics: [.wallClock, .peakMemoryResident, Metric.eventsPerSecond, Metric.peakResidentMB], timeUnits: .milliseconds,
        units: [Metric.eventsPerSecond: .count, Metric.peakResidentMB: .count],
        warmupIterations: 0, maxDuration: .seconds(60), maxIterations: 3)
    let sizes = [("1M", RebuildFixtures.small), ("5M", RebuildFixtures.large)]

    for (label, size) in sizes {
        let path = Box("")
        // The same read with no projection: read, decompress and decode only, to show how
        // the time of R1 divides between the engine and the read models.
        Benchmark("R0 read and decode \(label) events - Antrain", configuration: rebuild) { benchmark in
            try await measureRebuild(benchmark) {
                let log = try await EventLog.open(at: FilePath(path.value + "/log"), mode: .readOnly)
                return try await ProjectionRunner(log: log, projections: []).rebuild().summary.decoded
            }
        } setup: {
            path.value = try await RebuildFixtures.log(athletes: size.athletes, weeks: size.weeks)
        }
    }

    for (label, size) in sizes {
        let path = Box("")
        Benchmark("R1 rebuild \(label) events - Antrain", configuration: rebuild) { benchmark in
            try await measureRebuild(benchmark) { try await rebuildAll(from: path.value) }
        } setup: {
            path.value = try await RebuildFixtures.log(athletes: size.athletes, weeks: size.weeks)
        }
    }

    for (label, size) in sizes {
        let path = Box("")
        var peer = rebuild
        peer.maxIterations = 1
        Benchmark("R2 rebuild \(label) events - SQLite JSON GRDB", configuration: peer) { benchmark in
            try await measureRebuild(benchmark) {
                let store = try JSONEventStore(path: path.value + "/events.sqlite")
                let projections = makeAllProjections()
                let decoder = JSONDecoder()
                var next: UInt64 = 0
                var applied = 0
                var applying: Task<Void, Never>?
                while true {
                    // Pages as large as the runner's batches, applied to the projections
                    // concurrently while the next page is read and decoded, as the runner
                    // does: only the storage and the decoding differ.
                    let page = try store.page(from: next, limit: 16_384, decoder: decoder)
                    guard let last = page.last else { break }
                    next = last.offset + 1
                    applied += page.count
                    let batch = EventBatch(events: page, end: LogPosition(offset: next, chainHash: .zero))
                    await applying?.value
                    applying = Task {
                        await withTaskGroup(of: Void.self) { group in
                            for projection in projections { group.addTask { await projection.apply(batch) } }
                        }
                    }
                }
                await applying?.value
                try store.close()
                return applied
            }
        } setup: {
            path.value = try await RebuildFixtures.log(athletes: size.athletes, weeks: size.weeks)
        }
    }

    let query = Benchmark.Configuration(
        metrics: [.wallClock, Metric.answerMicroseconds], timeUnits: .milliseconds, units: [Metric.answerMicroseconds: .count],
        warmupIterations: 1, maxDuration: .seconds(10), maxIterations: 30)
    let path = Box("")
    for question in CheckpointQuery.all {
        Benchmark("R3 \(question.name), fresh checkpoint, 1M events - Antrain", configuration: query) { benchmark in
            let start = DispatchTime.now().uptimeNanoseconds
            let log = try await EventLog.open(at: FilePath(path.value + "/log"), mode: .readOnly)
            let answered = try await question.answer(log, CheckpointStore(logDirectory: path.value + "/log"))
            let end = DispatchTime.now().uptimeNanoseconds
            try await log.close()
            benchmark.measurement(Metric.answerMicroseconds, Int((end - start) / 1_000))
            if answered == 0 { benchmark.error("the answer is empty") }
            blackHole(answered)
        } setup: {
            path.value = try await RebuildFixtures.log(athletes: RebuildFixtures.small.athletes, weeks: RebuildFixtures.small.weeks)
            // A fresh checkpoint and digest of every projection at the end of the log (once per
            // fixture; again when an older build left checkpoints without digests).
            let store = CheckpointStore(logDirectory: path.value + "/log")
            if (try? store.loadDigest(PersonalRecords.name)) == nil {
                let log = try await EventLog.open(at: FilePath(path.value + "/log"), mode: .readOnly)
                try await ProjectionRunner(log: log, projections: makeAllProjections(), checkpoints: store).rebuild()
            }
        }
    }
}
