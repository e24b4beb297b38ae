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
//
// R0 to R2 each run in a child process, RebuildRunner (see RebuildRunner.swift for why);
// their time runs from its launch to its exit.
import AntrainEvents
import AntrainProjections
import Benchmark
import BenchmarkSupport
import Foundation
import RebuildSupport
import SystemPackage

enum Metric {
    /// Events applied per second over one iteration.
    static let eventsPerSecond = BenchmarkMetric.custom("eventsPerSecond", polarity: .prefersLarger, useScalingFactor: false)
    /// Peak resident megabytes of the rebuild's process (Linux VmHWM).
    static let peakResidentMB = BenchmarkMetric.custom("peakResidentMB", polarity: .prefersSmaller, useScalingFactor: false)
    /// Microseconds from opening the log to the answer.
    static let answerMicroseconds = BenchmarkMetric.custom("answerMicroseconds", polarity: .prefersSmaller, useScalingFactor: false)
}

/// Times `body` run in a child process (``RebuildProcess``), from launch to exit, and records
/// events/s and the child's peak memory.
func measureRebuild(_ benchmark: Benchmark, _ body: RebuildBody, directory: String) throws {
    benchmark.startMeasurement()
    let start = DispatchTime.now().uptimeNanoseconds
    let outcome = try RebuildProcess.run(body, directory: directory)
    let end = DispatchTime.now().uptimeNanoseconds
    benchmark.stopMeasurement()
    benchmark.measurement(Metric.eventsPerSecond, Int((Double(outcome.events) * 1e9 / Double(end - start)).rounded()))
    benchmark.measurement(Metric.peakResidentMB, outcome.peakMB)
}

let benchmarks: @Sendable () -> Void = {
    let rebuild = Benchmark.Configuration(
        metrics: [.wallClock, Metric.eventsPerSecond, Metric.peakResidentMB], timeUnits: .milliseconds,
        units: [Metric.eventsPerSecond: .count, Metric.peakResidentMB: .count],
        warmupIterations: 0, maxDuration: .seconds(60), maxIterations: 9)
    // Nine runs each, not three: on the 2-core virtual machine of the runs in
    // docs/BENCHMARKS.md a rebuild takes one of two speeds, 20% apart, from minute to minute,
    // and the median of three was whichever mode two of them happened to get.
    var peer = rebuild
    peer.maxIterations = 1
    let sizes = [("1M", RebuildFixtures.small), ("5M", RebuildFixtures.large)]
    // R0 (the engine's share of R1), R1, and R2 (the peer, once: it takes minutes).
    let bars: [(name: String, body: RebuildBody, configuration: Benchmark.Configuration)] = [
        ("R0 read and decode %@ events - Antrain", .read, rebuild),
        ("R1 rebuild %@ events - Antrain", .antrain, rebuild),
        ("R2 rebuild %@ events - SQLite JSON GRDB", .sqlite, peer),
    ]

    for bar in bars {
        for (label, size) in sizes {
            let path = Box("")
            Benchmark(bar.name.replacingOccurrences(of: "%@", with: label), configuration: bar.configuration) { benchmark in
                try measureRebuild(benchmark, bar.body, directory: path.value)
            } setup: {
                path.value = try await RebuildFixtures.log(athletes: size.athletes, weeks: size.weeks)
            }
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
            if (try? store.loadDigest(LegacyPersonalRecords.name)) == nil {
                let log = try await EventLog.open(at: FilePath(path.value + "/log"), mode: .readOnly)
                try await ProjectionRunner(log: log, projections: makeAllProjections(), checkpoints: store).rebuild()
            }
        }
    }
}
