import AntrainEvents
import AntrainGenerator
import AntrainLog
import BenchmarkSupport
import Foundation
import SystemPackage

/// The ``FixtureStamp`` of the generator linked into this process: the fingerprint of a
/// small history (one athlete, two weeks) as it writes it, every event's JSON envelope.
public enum GeneratorStamp {
    /// The stamp for fixtures generated in process with the presets of `library`.
    public static func current(library: URL) async throws -> String {
        let scratch = try TemporaryDirectory.make("antrain-bench-stamp")
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let generator = try LogGenerator(athletes: 1, weeks: 2, seed: 1, startDay: CalendarDay(year: 2025, month: 1, day: 6)!,
                                         library: GeneratorLibrary(presets: LibraryPresets.load(from: library)))
        let log = try await EventLog.open(at: FilePath(scratch + "/log"), options: LogOptions(durability: .none))
        _ = try await generator.write(to: log)
        var text = Data()
        try await log.replay { stored in
            text.append(try EventEnvelope(stored).encoded())
            text.append(0x0A)
        }
        try await log.close()
        return FixtureStamp.fingerprint(text)
    }
}
