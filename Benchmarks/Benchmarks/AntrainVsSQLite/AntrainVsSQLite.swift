// Antrain's log engine side by side with SQLite (through GRDB) storing the same records.
//
// Benchmarks are named "B<bar> <what> - <engine> <settings>" after the bars in
// docs/BENCHMARKS.md, so `--filter 'B3 .*'` runs one bar (the filter must match the whole
// name). package-benchmark runs each benchmark in a process of its own; setup (building
// fixtures) is never measured.
import AntrainEvents
import Benchmark
import BenchmarkSupport
import Foundation
import SystemPackage

/// Custom metrics (integers, reported like the built-in ones).
enum Metric {
    /// Records (or appends) per second over the measured span of one iteration, computed
    /// from its duration. package-benchmark's own `throughput` counts whole iterations per
    /// second as an integer, too coarse when one iteration is a thousand appends or a full
    /// read of a million records.
    static let perSecond = BenchmarkMetric.custom("recordsPerSecond", polarity: .prefersLarger, useScalingFactor: false)
    /// Kilobytes (1,000 bytes) of every file the store keeps: Antrain's segments, indexes and
    /// LOCK; SQLite's database file plus WAL after a truncating checkpoint. (Kilobytes because
    /// package-benchmark prints values of 10M and more with three digits.)
    static let kBOnDisk = BenchmarkMetric.custom("kBOnDisk", polarity: .prefersSmaller, useScalingFactor: false)
    /// Bytes on disk per event, rounded.
    static let bytesPerEvent = BenchmarkMetric.custom("bytesPerEvent", polarity: .prefersSmaller, useScalingFactor: false)
    /// Kilobytes of the records before compression (Antrain's `LogInfo.uncompressedBytes`).
    static let kBUncompressed = BenchmarkMetric.custom("kBUncompressed", polarity: .prefersSmaller, useScalingFactor: false)
    /// SQLite: kilobytes of the WAL after the truncating checkpoint (included in kBOnDisk).
    static let kBWAL = BenchmarkMetric.custom("kBWAL", polarity: .prefersSmaller, useScalingFactor: false)
    /// SQLite after VACUUM and a truncating checkpoint: its most compact form.
    static let kBAfterVacuum = BenchmarkMetric.custom("kBAfterVacuum", polarity: .prefersSmaller, useScalingFactor: false)
    /// Blocks (hence fsyncs) the writer made per 1,000 appends: 1,000 without group commit.
    static let blocksPer1000Appends = BenchmarkMetric.custom("blocksPer1000Appends", polarity: .prefersSmaller, useScalingFactor: false)
    /// Milliseconds: the first append after opening (the writer's state scan).
    static let firstAppendMs = BenchmarkMetric.custom("firstAppendMs", polarity: .prefersSmaller, useScalingFactor: false)
    /// Microseconds: opening for writing, before the first append.
    static let openUs = BenchmarkMetric.custom("openUs", polarity: .prefersSmaller, useScalingFactor: false)
}

/// Workload sizes: events per batch (bars 3, 4, 6), records loaded and read (bars 3, 4),
/// records in the log opened (bar 5), realistic events stored (bar 6), appenders (bar 2).
enum Sizes {
    static let batch = 1_000
    static let readRecords = 1_000_000
    static let openRecords = 10_000_000
    static let openBatch = 10_000
    static let sizeEvents = 500_000
    static let smallBatch = 25
    static let appenders = 8
    static let appendsPerAppender = 125
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.throughput, .wallClock],
        timeUnits: .microseconds,
        warmupIterations: 1,
        maxDuration: .seconds(5),
        maxIterations: 100_000
    )

    durableSingleAppends()
    concurrentAppenders()
    batchedAppends()
    sequentialReads()
    opening()
    sizes()
}
