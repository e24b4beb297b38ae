// The built `antrain-log` run as a user runs it, on a 100k-event and a 5M-event log made by
// `antrain-log generate` (see CommandFixtures): the bars of issue 23. Benchmarks are named
// "K<bar> <command> - <log>", so that the two logs' figures sit side by side;
// `--filter 'K1 .*'` runs one bar.
//
//   K1  each recording command and query of bar 1, right after an append: every iteration
//       first runs the case's `before` commands (one append or more, not measured), then
//       times the command from spawning the process to its exit (wait4). Wall time, with
//       package-benchmark's percentiles (p50, p99), and the child's peak resident memory
//       (bar 2: peakResidentMB, from wait4's ru_maxrss).
//   K3  `antrain-log rebuild --format json` end to end: events/s over the process's wall
//       time, the rate the command reports itself (its own clock, without starting the
//       process and opening the log), its peak memory and the state it saved.
//
// Needs the release build of the main package (AntrainBinary says where).
import Benchmark
import BenchmarkSupport
import Foundation

enum Metric {
    /// Peak resident megabytes of the command's process (wait4's ru_maxrss).
    static let peakResidentMB = BenchmarkMetric.custom("peakResidentMB", polarity: .prefersSmaller, useScalingFactor: false)
    /// Events rebuilt per second of the process's wall time.
    static let eventsPerSecond = BenchmarkMetric.custom("eventsPerSecond", polarity: .prefersLarger, useScalingFactor: false)
    /// Events rebuilt per second as `rebuild` reports it (its own clock).
    static let reportedEventsPerSecond = BenchmarkMetric.custom("reportedEventsPerSecond", polarity: .prefersLarger,
                                                                useScalingFactor: false)
    /// Megabytes of the state file after the rebuild.
    static let stateMB = BenchmarkMetric.custom("stateMB", polarity: .prefersSmaller, useScalingFactor: false)
}

let benchmarks: @Sendable () -> Void = {
    // Modest counts: the machine has 2 cores, shared. 21 iterations give a p99 that is the
    // worst of them, which is what p99 can mean at this count.
    let command = Benchmark.Configuration(
        metrics: [.wallClock, Metric.peakResidentMB], timeUnits: .milliseconds, units: [Metric.peakResidentMB: .count],
        warmupIterations: 1, maxDuration: .seconds(120), maxIterations: 21)
    for size in CommandFixtures.sizes {
        for item in CommandCase.recording + CommandCase.queries {
            let session = Box<CommandSession?>(nil)
            Benchmark("K1 \(item.name) - \(size.label)", configuration: command) { benchmark in
                try CommandMeasurement.measure(item, in: session.value!, benchmark)
            } setup: {
                let opened = try CommandSession(size)
                try opened.prepare(item.state)
                session.value = opened
            } teardown: {
                session.value?.close()
                session.value = nil
            }
        }
    }

    let rebuild = Benchmark.Configuration(
        metrics: [.wallClock, Metric.eventsPerSecond, Metric.reportedEventsPerSecond, Metric.peakResidentMB, Metric.stateMB],
        timeUnits: .milliseconds,
        units: [Metric.eventsPerSecond: .count, Metric.reportedEventsPerSecond: .count, Metric.peakResidentMB: .count,
                Metric.stateMB: .count],
        warmupIterations: 0, maxDuration: .seconds(120), maxIterations: 5)
    for size in CommandFixtures.sizes {
        let session = Box<CommandSession?>(nil)
        Benchmark("K3 rebuild - \(size.label)", configuration: rebuild) { benchmark in
            try CommandMeasurement.rebuild(in: session.value!, benchmark)
        } setup: {
            session.value = try CommandSession(size)
        } teardown: {
            session.value?.close()
            session.value = nil
        }
    }
}
