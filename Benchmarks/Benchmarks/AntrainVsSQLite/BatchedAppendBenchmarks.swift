import AntrainEvents
import AntrainLog
import Benchmark
import BenchmarkSupport
import Foundation
import SystemPackage

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
            log.value = try await EventLog.open(at: FilePath(scratch.appending("log")),
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
