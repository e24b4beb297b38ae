import AntrainEvents
import AntrainGenerator
import AntrainLog
import Foundation
import SystemPackage

/// The preset library and generators over it, shared by the generator's tests.
enum GeneratorFixtures {
    /// `fixtures/library/`, found from this file: Tests/AntrainGeneratorTests/ up to the package root.
    static let libraryDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("fixtures/library")

    /// The indexed preset library (loaded once: every test uses the same one).
    static let library: GeneratorLibrary = {
        do {
            return try GeneratorLibrary(presets: LibraryPresets.load(from: libraryDirectory))
        } catch {
            fatalError("the preset library cannot be loaded from \(libraryDirectory.path): \(error)")
        }
    }()

    /// Monday 6 January 2025.
    static let monday = CalendarDay(year: 2025, month: 1, day: 6)!

    static func generator(athletes: Int, weeks: Int, seed: UInt64 = 42) throws -> LogGenerator {
        try LogGenerator(athletes: athletes, weeks: weeks, seed: seed, startDay: monday, library: library)
    }

    /// Each event as bytes: id, stream, recordedAt, type and binary payload, so two
    /// sequences are equal exactly when they would write the same records.
    static func encoded(_ events: [NewEvent]) throws -> [[UInt8]] {
        try events.map { new in
            var bytes = withUnsafeBytes(of: new.id.uuid) { Array($0) }
            bytes += Array(new.event.streamID.utf8) + [0]
            withUnsafeBytes(of: new.recordedAt?.microsecondsSince1970 ?? -1) { bytes += $0 }
            bytes += Array(new.event.eventType.utf8) + [0]
            bytes += try BinaryEventEncoder.encode(new.event)
            return bytes
        }
    }
}

/// A fresh directory for a log under /tmp, removed when the value goes away.
final class TemporaryDirectory: Sendable {
    let path: String

    init(_ label: String) {
        path = NSTemporaryDirectory() + "antrain-generator-\(label)-\(UUID().uuidString.prefix(8))"
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// A log in the directory, opened for writing without fsyncs (a test's log need not survive a crash).
    func openLog() async throws -> EventLog {
        try await EventLog.open(at: FilePath(path), options: LogOptions(durability: .none))
    }
}
