import AntrainEvents
import AntrainLog
import Benchmark
import BenchmarkSupport
import Foundation
import SystemPackage

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
        let log = Box<EventLogReader?>(nil)
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
            log.value = try await EventLog.openReadOnly(at: FilePath(scratch.appending("log")))
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
