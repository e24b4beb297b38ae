// `antrain-log import FILE` of an events JSON Lines file, side by side with inserting the same
// events into SQLite through GRDB (issue 5). Benchmarks are named "I1 <what> - <engine>";
// `--filter 'I1 .*Antrain'` runs one. The file is generated once (see ImportFixture) and
// never measured; every iteration imports it into a new, empty log or database.
//
//   I1  the whole import: read the file, parse and check every line, append, close durably;
//       events/s (eventsPerSecond) over one iteration.
import AntrainEvents
import AntrainImport
import AntrainLog
import Benchmark
import BenchmarkSupport
import Foundation
import SystemPackage

enum Metric {
    /// Events imported per second over one iteration.
    static let eventsPerSecond = BenchmarkMetric.custom("eventsPerSecond", polarity: .prefersLarger, useScalingFactor: false)
}

/// What `antrain-log import FILE --from jsonl` does, step by step as ImportCommand runs it:
/// the whole file read and every line checked before the log is opened, the ids the log
/// holds read (none here), the events appended with the CLI's durability (`.none`: no fsync
/// per append), and the log closed, which fsyncs. Returns the events appended.
func importWithAntrain(file: String, into directory: String) async throws -> Int {
    guard let data = FileManager.default.contents(atPath: file) else { throw CocoaError(.fileReadNoSuchFile) }
    let contents = JSONLReader.read(data)
    guard contents.problems.isEmpty else { throw CocoaError(.fileReadCorruptFile) }
    let log = try await EventLog.open(at: FilePath(directory), options: LogOptions(durability: .none))
    let stored = try await ImportAppender.storedIDs(of: contents.streams, in: log)
    let counts = try await ImportAppender.append(contents.streams, stored: stored, to: log)
    try await log.close()
    return counts.appended
}

/// Times one import of `events` events into a new path under `scratch`, records events/s,
/// and removes what it wrote outside the measured span.
func measureImport(_ benchmark: Benchmark, events: Int, scratch: String, _ body: (String) async throws -> Int) async throws {
    let target = scratch + "/" + UUID().uuidString
    benchmark.startMeasurement()
    let start = DispatchTime.now().uptimeNanoseconds
    let imported = try await body(target)
    let end = DispatchTime.now().uptimeNanoseconds
    benchmark.stopMeasurement()
    benchmark.measurement(Metric.eventsPerSecond, Int((Double(imported) * 1e9 / Double(end - start)).rounded()))
    if imported != events { benchmark.error("imported \(imported) events of \(events)") }
    for name in (try? FileManager.default.contentsOfDirectory(atPath: scratch)) ?? [] {
        try? FileManager.default.removeItem(atPath: scratch + "/" + name)
    }
}

let benchmarks: @Sendable () -> Void = {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .peakMemoryResident, Metric.eventsPerSecond], timeUnits: .milliseconds,
        units: [Metric.eventsPerSecond: .count], warmupIterations: 1, maxDuration: .seconds(60), maxIterations: 5)
    let fixture = Box((path: "", events: 0))
    let scratch = Box("")
    let setup: @Sendable () async throws -> Void = {
        fixture.value = try await ImportFixture.file()
        scratch.value = try TemporaryDirectory.make("antrain-bench-import-run")
    }
    let teardown: @Sendable () async throws -> Void = {
        try? FileManager.default.removeItem(atPath: scratch.value)
    }

    Benchmark("I1 import events JSONL - Antrain", configuration: configuration) { benchmark in
        try await measureImport(benchmark, events: fixture.value.events, scratch: scratch.value) { target in
            try await importWithAntrain(file: fixture.value.path, into: target)
        }
    } setup: { try await setup() } teardown: { try await teardown() }

    let peers: [(name: String, journal: SQLiteJSONLImport.Journal, parsing: SQLiteJSONLImport.Parsing)] = [
        ("JSONDecoder, WAL", .wal, .decoder),
        ("JSONDecoder, rollback journal", .rollback, .decoder),
        ("JSONSerialization, rollback journal", .rollback, .serialization),
    ]
    for peer in peers {
        Benchmark("I1 import events JSONL - SQLite \(peer.name)", configuration: configuration) { benchmark in
            try await measureImport(benchmark, events: fixture.value.events, scratch: scratch.value) { target in
                try SQLiteJSONLImport.run(file: fixture.value.path, database: target, journal: peer.journal, parsing: peer.parsing)
            }
        } setup: { try await setup() } teardown: { try await teardown() }
    }
}
