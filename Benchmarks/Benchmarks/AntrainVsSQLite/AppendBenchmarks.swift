import AntrainEvents
import AntrainLog
import Benchmark
import BenchmarkSupport
import Foundation
import SystemPackage

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
            log.value = try await EventLog.open(at: FilePath(scratch.appending("log")),
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
            log.value = try await EventLog.open(at: FilePath(scratch.appending("log")),
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
