import AntrainEvents
import AntrainLog
import Benchmark
import BenchmarkSupport
import Foundation
import SystemPackage

// MARK: - Bar 5: opening a large log

/// A log of 10M ~100-byte records (written in appends of 10,000 outside the measurement):
/// `EventLog.open` + `close()`, for writing and for reading only.
func opening() {
    let configuration = Benchmark.Configuration(metrics: [.wallClock, Metric.kBOnDisk], timeUnits: .microseconds,
                                                units: [Metric.kBOnDisk: .count], scalingFactor: .one,
                                                maxDuration: .seconds(3), maxIterations: 50)
    let opens: [(label: String, open: @Sendable (FilePath) async throws -> EventLogReader)] = [
        ("readWrite", { try await EventLog.open(at: $0) }), ("readOnly", { try await EventLog.openReadOnly(at: $0) }),
    ]
    for (label, open) in opens {
        let scratch = ScratchDirectory("b5")
        Benchmark("B5 open+close 10M-record log - Antrain \(label)", configuration: configuration) { benchmark in
            let log = try await open(FilePath(scratch.appending("log")))
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
        let log = try await EventLog.open(at: FilePath(scratch.appending("log")))
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
                let log = try await EventLog.open(at: FilePath(path),
                                                  options: LogOptions(durability: .none, compressionLevel: level))
                for append in appends.value { try await log.append(append.events, to: append.stream, expectedVersion: .any) }
                try await log.close()
                benchmark.stopMeasurement()
                let bytes = directoryBytes(path)
                let reader = try await EventLog.openReadOnly(at: FilePath(path))
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
