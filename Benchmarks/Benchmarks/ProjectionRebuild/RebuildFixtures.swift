import AntrainEvents
import AntrainGenerator
import AntrainLog
import BenchmarkSupport
import Foundation
import RebuildSupport
import SystemPackage

/// The generated logs the rebuild benchmarks read, and their SQLite copy.
///
/// package-benchmark runs every benchmark in a process of its own, so a log built in one
/// setup would be built again for every benchmark (minutes for 5M events). Instead each
/// fixture is built once into a directory under /tmp named after its parameters, made with
/// mkdtemp and renamed into place when complete; later processes reuse it. Remove them with
/// `rm -rf /tmp/antrain-bench-rebuild-*`, or set ANTRAIN_BENCH_REBUILD_FRESH=1 to rebuild. A fixture
/// made by another generator than this build's (``FixtureStamp``) is built again.
enum RebuildFixtures {
    /// About 5 million events: 750 athletes for a year (~134 events per athlete-week).
    static let large = (athletes: 750, weeks: 52)
    /// About 1 million events: 150 athletes for a year.
    static let small = (athletes: 150, weeks: 52)
    static let seed: UInt64 = 2025

    /// The preset library, found from this file: Benchmarks/Benchmarks/ProjectionRebuild/ up to the repository.
    static let libraryDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("fixtures/library")

    /// The directory of a generated log of `athletes` × `weeks`, built if missing.
    static func log(athletes: Int, weeks: Int) async throws -> String {
        let target = "/tmp/antrain-bench-rebuild-\(athletes)x\(weeks)-seed\(seed)"
        if ProcessInfo.processInfo.environment["ANTRAIN_BENCH_REBUILD_FRESH"] != nil { try? FileManager.default.removeItem(atPath: target) }
        let stamp = try await GeneratorStamp.current(library: libraryDirectory)
        if FixtureStamp.isCurrent(target, stamp: stamp), FileManager.default.fileExists(atPath: target + "/log") { return target }
        let scratch = try TemporaryDirectory.make("antrain-bench-rebuild-building")
        let generator = try LogGenerator(athletes: athletes, weeks: weeks, seed: seed,
                                         startDay: CalendarDay(year: 2025, month: 1, day: 6)!,
                                         library: GeneratorLibrary(presets: LibraryPresets.load(from: libraryDirectory)))
        let log = try await EventLog.open(at: FilePath(scratch + "/log"), options: LogOptions(durability: .none))
        let report = try await generator.write(to: log)
        try await log.close()
        let store = try JSONEventStore(path: scratch + "/events.sqlite")
        let reader = try await EventLog.openReadOnly(at: FilePath(scratch + "/log"))
        try await store.load(from: reader)
        try store.close()
        try FixtureStamp.write(stamp, into: scratch)
        print("built \(target): \(report.events) events in \(report.batches) appends, written at \(Int(report.eventsPerSecond)) events/s")
        try TemporaryDirectory.publish(scratch, as: target)
        return target
    }
}
