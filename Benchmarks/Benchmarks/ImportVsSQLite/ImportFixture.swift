import AntrainEvents
import AntrainGenerator
import AntrainLog
import BenchmarkSupport
import Foundation
import RebuildSupport
import SystemPackage

/// The events JSON Lines file the import benchmarks read: a generated history exported in the
/// form `antrain-log export --to jsonl` writes (one `EventEnvelope` per line, every field).
///
/// package-benchmark runs every benchmark in a process of its own, so the file is built once
/// into a directory under /tmp named after its parameters (made with mkdtemp, renamed into
/// place when complete) and reused by later processes and runs. Remove it with
/// `rm -rf /tmp/antrain-bench-import-*`, or set ANTRAIN_BENCH_IMPORT_FRESH=1 to rebuild it.
enum ImportFixture {
    /// About 240,000 events (30 athletes for a year, ~150 events per athlete-week), 111 MB.
    static let size = (athletes: 30, weeks: 52)
    static let seed: UInt64 = 2025

    /// The preset library, found from this file: Benchmarks/Benchmarks/ImportVsSQLite/ up to the repository.
    static let libraryDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("fixtures/library")

    /// The file's path and its line count, the file built if missing.
    static func file() async throws -> (path: String, events: Int) {
        let target = "/tmp/antrain-bench-import-\(size.athletes)x\(size.weeks)-seed\(seed)"
        if ProcessInfo.processInfo.environment["ANTRAIN_BENCH_IMPORT_FRESH"] != nil { try? FileManager.default.removeItem(atPath: target) }
        let path = target + "/events.jsonl"
        let stamp = try await GeneratorStamp.current(library: libraryDirectory)
        if FixtureStamp.isCurrent(target, stamp: stamp), let data = FileManager.default.contents(atPath: path) {
            return (path, data.withUnsafeBytes { bytes in bytes.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) } })
        }
        let scratch = try TemporaryDirectory.make("antrain-bench-import-building")
        let generator = try LogGenerator(athletes: size.athletes, weeks: size.weeks, seed: seed,
                                         startDay: CalendarDay(year: 2025, month: 1, day: 6)!,
                                         library: GeneratorLibrary(presets: LibraryPresets.load(from: libraryDirectory)))
        let log = try await EventLog.open(at: FilePath(scratch + "/log"), options: LogOptions(durability: .none))
        _ = try await generator.write(to: log)
        // As `export --to jsonl` writes it: every stored event's envelope, one per line.
        var text = Data()
        var events = 0
        try await log.replay { stored in
            text.append(try EventEnvelope(stored).encoded())
            text.append(0x0A)
            events += 1
        }
        try await log.close()
        try text.write(to: URL(fileURLWithPath: scratch + "/events.jsonl"))
        try FileManager.default.removeItem(atPath: scratch + "/log")
        try FixtureStamp.write(stamp, into: scratch)
        print("built \(path): \(events) events, \(text.count) bytes")
        try TemporaryDirectory.publish(scratch, as: target)
        return (path, events)
    }
}
