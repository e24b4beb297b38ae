// Antrain's log engine side by side with SQLite (through GRDB) storing the same records.
//
// Benchmarks are named "B<bar> <what> - <engine> <settings>" after the bars in
// docs/BENCHMARKS.md, so `--filter 'B3 .*'` runs one bar (the filter must match the whole
// name). package-benchmark runs each benchmark in a process of its own; setup (building
// fixtures) is never measured.
import AntrainEvents
import Benchmark
import Foundation
import SystemPackage

/// Mutable state shared by a benchmark's setup, iterations and teardown (one process runs one
/// benchmark, and its iterations run one after another).
final class Box<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}

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

// MARK: - Bar 1: durable single-event appends

/// Throughput settings for benchmarks whose iterations do many records: wall clock per record
/// (scaled), records per second per iteration (custom metric, exact).
func rateConfiguration(_ scaling: BenchmarkScalingFactor, maxDuration: Duration, maxIterations: Int = 100_000,
                       extra: [BenchmarkMetric] = []) -> Benchmark.Configuration {
    .init(metrics: [.wallClock, Metric.perSecond] + extra, timeUnits: .nanoseconds,
          units: Dictionary(uniqueKeysWithValues: ([Metric.perSecond] + extra).map { ($0, BenchmarkUnits.count) }),
          scalingFactor: scaling, maxDuration: maxDuration, maxIterations: maxIterations)
}

/// Measures `body`, which handles `count` records, and reports records per second.
func measureRate(_ benchmark: Benchmark, count: Int, _ body: () async throws -> Void) async rethrows {
    benchmark.startMeasurement()
    let start = nanoseconds()
    try await body()
    let end = nanoseconds()
    benchmark.stopMeasurement()
    benchmark.measurement(Metric.perSecond, Int((Double(count) * 1e9 / Double(end - start)).rounded()))
}

/// One event per append, fsynced before the append returns; 1,000 appends one after another
/// per iteration, so the rate includes every stall (such as SQLite's WAL checkpoints).
/// Streams are workouts of 25 sets.
func durableSingleAppends() {
    let configuration = rateConfiguration(.kilo, maxDuration: .seconds(6))
    func work(_ workload: Box<Workload>) -> [(String, ProposedEvent)] {
        var stream = ""
        return (0..<1_000).map { index in
            if index % 25 == 0 { stream = workload.value.workoutStream() }
            return (stream, workload.value.shortEvent())
        }
    }
    do {
        let scratch = ScratchDirectory("b1-antrain")
        let log = Box<EventLog?>(nil)
        let workload = Box(Workload(seed: 1))
        Benchmark("B1 durable append 1 event - Antrain everyAppend", configuration: configuration) { benchmark in
            let appends = work(workload)
            let target = log.value!
            try await measureRate(benchmark, count: appends.count) {
                for (stream, event) in appends { try await target.append([event], to: stream, expectedVersion: .any) }
            }
        } setup: {
            log.value = try await EventLog.open(at: FilePath(scratch.appending("log")), mode: .readWrite,
                                                options: LogOptions(durability: .everyAppend))
        } teardown: {
            try await log.value?.close()
            scratch.remove()
        }
    }
    do {
        let scratch = ScratchDirectory("b1-sqlite")
        let store = Box<SQLiteEventStore?>(nil)
        let workload = Box(Workload(seed: 1))
        Benchmark("B1 durable append 1 event - SQLite WAL FULL txn per append", configuration: configuration) { benchmark in
            let appends = work(workload)
            let target = store.value!
            await measureRate(benchmark, count: appends.count) {
                do {
                    for (stream, event) in appends { try target.append([event], to: stream) }
                } catch {
                    benchmark.error("\(error)")
                }
            }
        } setup: {
            store.value = try SQLiteEventStore(path: scratch.appending("events.sqlite"), synchronous: .full)
        } teardown: {
            try store.value?.close()
            scratch.remove()
        }
    }
}

// MARK: - Bar 2: concurrent appenders (group commit)

/// 8 tasks, each appending single events to its own stream, 125 appends each: 1,000 durable
/// appends per iteration.
func concurrentAppenders() {
    func work(_ workload: Box<Workload>) -> [(String, [ProposedEvent])] {
        (0..<Sizes.appenders).map { _ in
            (workload.value.workoutStream(), (0..<Sizes.appendsPerAppender).map { _ in workload.value.shortEvent() })
        }
    }
    let total = Sizes.appenders * Sizes.appendsPerAppender
    do {
        let scratch = ScratchDirectory("b2-antrain")
        let log = Box<EventLog?>(nil)
        let workload = Box(Workload(seed: 2))
        let blocksBefore = Box(0)
        Benchmark("B2 8 concurrent appenders 1 event each - Antrain everyAppend",
                  configuration: rateConfiguration(.kilo, maxDuration: .seconds(6), extra: [Metric.blocksPer1000Appends])) { benchmark in
            let work = work(workload)
            let target = log.value!
            try await measureRate(benchmark, count: total) {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for (stream, events) in work {
                        group.addTask {
                            for event in events { try await target.append([event], to: stream, expectedVersion: .any) }
                        }
                    }
                    try await group.waitForAll()
                }
            }
            let blocks = try await target.info().blocks
            benchmark.measurement(Metric.blocksPer1000Appends, (blocks - blocksBefore.value) * 1000 / total)
            blocksBefore.value = blocks
        } setup: {
            log.value = try await EventLog.open(at: FilePath(scratch.appending("log")), mode: .readWrite,
                                                options: LogOptions(durability: .everyAppend))
            blocksBefore.value = try await log.value!.info().blocks
        } teardown: {
            try await log.value?.close()
            scratch.remove()
        }
    }
    do {
        let scratch = ScratchDirectory("b2-sqlite")
        let store = Box<SQLiteEventStore?>(nil)
        let workload = Box(Workload(seed: 2))
        Benchmark("B2 8 concurrent appenders 1 event each - SQLite WAL FULL txn per append",
                  configuration: rateConfiguration(.kilo, maxDuration: .seconds(6))) { benchmark in
            let work = work(workload)
            let target = store.value!
            try await measureRate(benchmark, count: total) {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for (stream, events) in work {
                        group.addTask {
                            for event in events { try await target.appendAsync([event], to: stream) }
                        }
                    }
                    try await group.waitForAll()
                }
            }
        } setup: {
            store.value = try SQLiteEventStore(path: scratch.appending("events.sqlite"), synchronous: .full)
        } teardown: {
            try store.value?.close()
            scratch.remove()
        }
    }
}

// MARK: - Bar 3: batched appends

/// A bulk load: one append of 1,000 ~100-byte events (to a new workout stream) per
/// iteration, 1,000 iterations (plus one warm-up) into the same store: 1M events loaded.
/// package-benchmark's throughput is exact here (an iteration takes about a millisecond).
func batchedAppends() {
    let configuration = Benchmark.Configuration(
        metrics: [.throughput, .wallClock, Metric.perSecond], timeUnits: .nanoseconds, units: [Metric.perSecond: .count],
        warmupIterations: 1, scalingFactor: .kilo, maxDuration: .seconds(60), maxIterations: Sizes.readRecords / Sizes.batch)
    for durability in [Durability.none, .everyAppend] {
        let scratch = ScratchDirectory("b3-antrain")
        let log = Box<EventLog?>(nil)
        let workload = Box(Workload(seed: 3))
        let label = durability == .none ? "none" : "everyAppend"
        Benchmark("B3 batch of 1000 events - Antrain \(label)", configuration: configuration) { benchmark in
            let batch = workload.value.shortBatch(count: Sizes.batch)
            let target = log.value!
            try await measureRate(benchmark, count: Sizes.batch) {
                try await target.append(batch.events, to: batch.stream, expectedVersion: .any)
            }
        } setup: {
            log.value = try await EventLog.open(at: FilePath(scratch.appending("log")), mode: .readWrite,
                                                options: LogOptions(durability: durability))
        } teardown: {
            try await log.value?.close()
            scratch.remove()
        }
    }
    for synchronous in [SQLiteEventStore.Synchronous.off, .full] {
        let scratch = ScratchDirectory("b3-sqlite")
        let store = Box<SQLiteEventStore?>(nil)
        let workload = Box(Workload(seed: 3))
        Benchmark("B3 batch of 1000 events - SQLite WAL \(synchronous.rawValue) txn per batch", configuration: configuration) { benchmark in
            let batch = workload.value.shortBatch(count: Sizes.batch)
            let target = store.value!
            await measureRate(benchmark, count: Sizes.batch) {
                do { try target.append(batch.events, to: batch.stream) } catch { benchmark.error("\(error)") }
            }
        } setup: {
            store.value = try SQLiteEventStore(path: scratch.appending("events.sqlite"), synchronous: synchronous)
        } teardown: {
            try store.value?.close()
            scratch.remove()
        }
    }
}

// MARK: - Bar 4: full sequential read

/// Reads 1M ~100-byte records written in batches of 1,000, touching each record's offset and
/// payload size (no payload decoding). The page cache holds the files (warm reads).
func sequentialReads() {
    let configuration = rateConfiguration(.mega, maxDuration: .seconds(5), maxIterations: 30)
    func check(_ count: Int, _ benchmark: Benchmark) {
        if count != Sizes.readRecords { benchmark.error("read \(count) records, expected \(Sizes.readRecords)") }
    }
    for byBlock in [false, true] {
        let scratch = ScratchDirectory("b4-antrain")
        let log = Box<EventLog?>(nil)
        Benchmark(byBlock ? "B4 read 1M records - Antrain blocks()" : "B4 read 1M records - Antrain records()",
                  configuration: configuration) { benchmark in
            let source = log.value!
            var count = 0
            var bytes = 0
            var lastOffset: UInt64 = 0
            try await measureRate(benchmark, count: Sizes.readRecords) {
                if byBlock {
                    for try await block in source.blocks() {
                        for record in block.records {
                            lastOffset = record.offset
                            bytes &+= record.payloadSize
                        }
                        count += block.records.count
                    }
                } else {
                    for try await record in source.records() {
                        lastOffset = record.offset
                        bytes &+= record.payloadSize
                        count += 1
                    }
                }
            }
            blackHole(bytes &+ Int(lastOffset))
            check(count, benchmark)
        } setup: {
            try await makeShortEventLog(at: scratch.appending("log"), total: Sizes.readRecords, batchSize: Sizes.batch)
            log.value = try await EventLog.open(at: FilePath(scratch.appending("log")), mode: .readOnly)
        } teardown: {
            try await log.value?.close()
            scratch.remove()
        }
    }
    for raw in [false, true] {
        let scratch = ScratchDirectory("b4-sqlite")
        let store = Box<SQLiteEventStore?>(nil)
        let name = raw ? "B4 read 1M records - SQLite SELECT ORDER BY offset C API step"
                       : "B4 read 1M records - SQLite SELECT ORDER BY offset GRDB rows"
        Benchmark(name, configuration: configuration) { benchmark in
            let source = store.value!
            var result = (rows: 0, payloadBytes: 0)
            await measureRate(benchmark, count: Sizes.readRecords) {
                do { result = raw ? try source.scanRaw() : try source.scanRows() } catch { benchmark.error("\(error)") }
            }
            blackHole(result.payloadBytes)
            check(result.rows, benchmark)
        } setup: {
            let path = scratch.appending("events.sqlite")
            try makeShortEventDatabase(at: path, total: Sizes.readRecords, batchSize: Sizes.batch)
            store.value = try SQLiteEventStore(path: path, synchronous: .full)
        } teardown: {
            try store.value?.close()
            scratch.remove()
        }
    }
}

// MARK: - Bar 5: opening a large log

/// A log of 10M ~100-byte records (written in appends of 10,000 outside the measurement):
/// `EventLog.open` + `close()`, for writing and for reading only.
func opening() {
    let configuration = Benchmark.Configuration(metrics: [.wallClock, Metric.kBOnDisk], timeUnits: .microseconds,
                                                units: [Metric.kBOnDisk: .count], scalingFactor: .one,
                                                maxDuration: .seconds(3), maxIterations: 50)
    for mode in [OpenMode.readWrite, .readOnly] {
        let scratch = ScratchDirectory("b5")
        let label = mode == .readWrite ? "readWrite" : "readOnly"
        Benchmark("B5 open+close 10M-record log - Antrain \(label)", configuration: configuration) { benchmark in
            let log = try await EventLog.open(at: FilePath(scratch.appending("log")), mode: mode)
            try await log.close()
            benchmark.stopMeasurement()
            benchmark.measurement(Metric.kBOnDisk, (directoryBytes(scratch.appending("log")) + 500) / 1000)
        } setup: {
            try await makeShortEventLog(at: scratch.appending("log"), total: Sizes.openRecords, batchSize: Sizes.openBatch)
        } teardown: {
            scratch.remove()
        }
    }
    // What opening defers: the writer's first append scans the whole log to learn stream
    // versions and event ids (WriterState.scan). Measured separately so bar 5 stays what the
    // issue asks, and the cost is visible.
    let scratch = ScratchDirectory("b5-first")
    let workload = Box(Workload(seed: 5))
    Benchmark("B5 open+first append+close 10M-record log - Antrain readWrite",
              configuration: .init(metrics: [.wallClock, Metric.openUs, Metric.firstAppendMs], timeUnits: .milliseconds,
                                   units: [Metric.openUs: .count, Metric.firstAppendMs: .count],
                                   warmupIterations: 0, maxDuration: .seconds(20), maxIterations: 3)) { benchmark in
        let event = workload.value.shortEvent()
        let start = nanoseconds()
        let log = try await EventLog.open(at: FilePath(scratch.appending("log")), mode: .readWrite)
        let opened = nanoseconds()
        try await log.append([event], to: "workout-first-append", expectedVersion: .any)
        let appended = nanoseconds()
        try await log.close()
        benchmark.stopMeasurement()
        benchmark.measurement(Metric.openUs, Int((opened - start) / 1_000))
        benchmark.measurement(Metric.firstAppendMs, Int((appended - opened) / 1_000_000))
    } setup: {
        try await makeShortEventLog(at: scratch.appending("log"), total: Sizes.openRecords, batchSize: Sizes.openBatch)
    } teardown: {
        scratch.remove()
    }
}

// MARK: - Bar 6: bytes on disk for realistic records

/// 500k realistic events (see `Workload`), the same records in each store, appended in
/// batches (one append per stream, as the engine requires); one measured load per benchmark,
/// then the sizes of the files.
func sizes() {
    func configuration(_ extra: [BenchmarkMetric]) -> Benchmark.Configuration {
        let metrics = [Metric.kBOnDisk, Metric.bytesPerEvent] + extra
        return .init(metrics: [.wallClock] + metrics, timeUnits: .milliseconds,
                     units: Dictionary(uniqueKeysWithValues: metrics.map { ($0, BenchmarkUnits.count) }),
                     warmupIterations: 0, maxDuration: .seconds(60), maxIterations: 1)
    }
    func kB(_ bytes: Int) -> Int { (bytes + 500) / 1000 }
    for (batch, levels) in [(Sizes.batch, [Int32(0), 9]), (Sizes.smallBatch, [Int32(0)])] {
        for level in levels {
            let scratch = ScratchDirectory("b6-antrain")
            let appends = Box<[Append]>([])
            Benchmark("B6 size 500k realistic events batches of \(batch) - Antrain lz4 level \(level)",
                      configuration: configuration([Metric.kBUncompressed])) { benchmark in
                let path = scratch.appending("log")
                let log = try await EventLog.open(at: FilePath(path), mode: .readWrite,
                                                  options: LogOptions(durability: .none, compressionLevel: level))
                for append in appends.value { try await log.append(append.events, to: append.stream, expectedVersion: .any) }
                try await log.close()
                benchmark.stopMeasurement()
                let bytes = directoryBytes(path)
                let reader = try await EventLog.open(at: FilePath(path), mode: .readOnly)
                let info = try await reader.info()
                if info.events != UInt64(Sizes.sizeEvents) { benchmark.error("log holds \(info.events) events") }
                benchmark.measurement(Metric.kBOnDisk, kB(bytes))
                benchmark.measurement(Metric.bytesPerEvent, (bytes + Sizes.sizeEvents / 2) / Sizes.sizeEvents)
                benchmark.measurement(Metric.kBUncompressed, kB(Int(info.uncompressedBytes)))
            } setup: {
                var workload = Workload(seed: 6)
                appends.value = workload.realisticAppends(total: Sizes.sizeEvents, batchSize: batch)
            } teardown: {
                scratch.remove()
            }
        }
        let scratch = ScratchDirectory("b6-sqlite")
        let appends = Box<[Append]>([])
        Benchmark("B6 size 500k realistic events batches of \(batch) - SQLite WAL",
                  configuration: configuration([Metric.kBWAL, Metric.kBAfterVacuum])) { benchmark in
            let path = scratch.appending("events.sqlite")
            let store = try SQLiteEventStore(path: path, synchronous: .off)
            for append in appends.value { try store.append(append.events, to: append.stream) }
            try store.checkpoint()
            benchmark.stopMeasurement()
            let files = store.bytesOnDisk()
            let bytes = files.database + files.wal
            benchmark.measurement(Metric.kBOnDisk, kB(bytes))
            benchmark.measurement(Metric.bytesPerEvent, (bytes + Sizes.sizeEvents / 2) / Sizes.sizeEvents)
            benchmark.measurement(Metric.kBWAL, kB(files.wal))
            try store.queue.writeWithoutTransaction { db in try db.execute(sql: "VACUUM") }
            try store.checkpoint()
            let vacuumed = store.bytesOnDisk()
            benchmark.measurement(Metric.kBAfterVacuum, kB(vacuumed.database + vacuumed.wal))
            try store.close()
        } setup: {
            var workload = Workload(seed: 6)
            appends.value = workload.realisticAppends(total: Sizes.sizeEvents, batchSize: batch)
        } teardown: {
            scratch.remove()
        }
    }
}
