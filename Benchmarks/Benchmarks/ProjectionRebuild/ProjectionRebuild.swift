// Rebuilding the keyed read models from a generated many-athlete log, side by side with the
// same events kept as JSON in SQLite (GRDB). Benchmarks are named "R<bar> <what> - <engine>";
// `--filter 'R1 .*'` runs one bar. The logs are generated once (see RebuildFixtures) and
// never measured.
//
//   R0  the same read with no read model (read, decompress, decode into batches), events/s
//   R1  full rebuild of every standard model (ProjectionStore.rebuild): read, decode, fold,
//       and save the state in a new generation of LOG/projections/state.sqlite (its commit,
//       fsync and install are inside the time), events/s
//   R2  the peer: SQLite rows of JSON read with a GRDB cursor, JSONDecoder, the same keyed
//       fold and the same save (BatchRebuild), into a store of its own
//   R3  in process: a query an app makes through the facades, right after appending one
//       event: the catch-up of that event (saved) and the answer
//   Peak resident memory of the rebuilds (peakResidentMB, the child's VmHWM) and the size
//   of the state they saved (stateMB).
//
// R0 to R2 each run in a child process, RebuildRunner (see RebuildRunner.swift for why);
// their time runs from its launch to its exit.
import AntrainEvents
import AntrainProjections
import Benchmark
import BenchmarkSupport
import Foundation
import RebuildSupport

enum Metric {
    /// Events folded per second over one iteration.
    static let eventsPerSecond = BenchmarkMetric.custom("eventsPerSecond", polarity: .prefersLarger, useScalingFactor: false)
    /// Peak resident megabytes of the rebuild's process (Linux VmHWM).
    static let peakResidentMB = BenchmarkMetric.custom("peakResidentMB", polarity: .prefersSmaller, useScalingFactor: false)
    /// Megabytes of the state file the rebuild saved.
    static let stateMB = BenchmarkMetric.custom("stateMB", polarity: .prefersSmaller, useScalingFactor: false)
}

/// Times `body` run in a child process (``RebuildProcess``), from launch to exit, and records
/// events/s, the child's peak memory and the state's size.
func measureRebuild(_ benchmark: Benchmark, _ body: RebuildBody, directory: String) throws {
    benchmark.startMeasurement()
    let start = DispatchTime.now().uptimeNanoseconds
    let outcome = try RebuildProcess.run(body, directory: directory)
    let end = DispatchTime.now().uptimeNanoseconds
    benchmark.stopMeasurement()
    benchmark.measurement(Metric.eventsPerSecond, Int((Double(outcome.events) * 1e9 / Double(end - start)).rounded()))
    benchmark.measurement(Metric.peakResidentMB, outcome.peakMB)
    if body != .read { benchmark.measurement(Metric.stateMB, outcome.stateBytes >> 20) }
}

let benchmarks: @Sendable () -> Void = {
    let rebuild = Benchmark.Configuration(
        metrics: [.wallClock, Metric.eventsPerSecond, Metric.peakResidentMB, Metric.stateMB], timeUnits: .milliseconds,
        units: [Metric.eventsPerSecond: .count, Metric.peakResidentMB: .count, Metric.stateMB: .count],
        warmupIterations: 0, maxDuration: .seconds(120), maxIterations: 7)
    // Seven runs each: on the 2-core virtual machine of the runs in docs/BENCHMARKS.md a
    // rebuild takes one of two speeds, 20% apart, from minute to minute, and the median of
    // three was whichever mode two of them happened to get.
    var peer = rebuild
    peer.maxIterations = 1
    let sizes = [("1M", RebuildFixtures.small), ("5M", RebuildFixtures.large)]
    // R0 (the engine's share of R1), R1, and R2 (the peer, once: it takes minutes).
    let bars: [(name: String, body: RebuildBody, configuration: Benchmark.Configuration)] = [
        ("R0 read and decode %@ events - Antrain", .read, rebuild),
        ("R1 rebuild and save %@ events - Antrain", .antrain, rebuild),
        ("R2 rebuild and save %@ events - SQLite JSON GRDB", .sqlite, peer),
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

    // R3: in the harness's process (an app's), on a private copy of the 1M log.
    let query = Benchmark.Configuration(
        metrics: [.wallClock], timeUnits: .microseconds, warmupIterations: 2, maxDuration: .seconds(20), maxIterations: 31)
    for question in InProcessQuery.all {
        let app = Box<InProcessApp?>(nil)
        Benchmark("R3 in process: \(question.name), after 1 append, 1M events - Antrain", configuration: query) { benchmark in
            guard let opened = app.value else { return }
            try await opened.appendOne()
            benchmark.startMeasurement()
            let store = try await opened.catchUp()
            let answered = try question.answer(store, opened.events)
            benchmark.stopMeasurement()
            if answered == 0 { benchmark.error("the answer is empty") }
            blackHole(answered)
        } setup: {
            let fixture = try await RebuildFixtures.log(athletes: RebuildFixtures.small.athletes, weeks: RebuildFixtures.small.weeks)
            app.value = try await InProcessApp(copying: fixture)
        } teardown: {
            try await app.value?.close()
            app.value = nil
        }
    }
}
