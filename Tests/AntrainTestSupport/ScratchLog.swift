import AntrainEvents
import AntrainLog
import AntrainProjections
import Foundation
import SystemPackage

/// A real log in a fresh directory under /tmp, removed when the test is done with it.
///
/// ```swift
/// let scratch = try await ScratchLog()
/// try await scratch.record(WorkoutStarted(...), at: "2026-03-02T07:00:00Z")
/// let history = scratch.history(try await scratch.state(WorkoutHistory.models))
/// ```
package final class ScratchLog: Sendable {
    /// The log's directory.
    package let path: String
    /// The log, open for writing.
    package let log: EventLog

    /// Opens a new log in `antrain-test-LABEL-XXXXXXXX` under the temporary directory.
    package init(_ label: String = "projections") async throws {
        path = NSTemporaryDirectory() + "antrain-test-\(label)-\(UUID().uuidString.prefix(8))"
        log = try await EventLog.open(at: FilePath(path), options: LogOptions(durability: .none))
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Appends one validated event, recorded at `recordedAt` (ISO 8601) when given.
    @discardableResult
    package func record(_ event: some DomainEvent, at recordedAt: String? = nil) async throws -> AppendResult {
        try await log.append([NewEvent(event, recordedAt: recordedAt.map { Timestamp($0)! })])
    }

    /// Appends events one by one, in order (each to its own stream).
    package func record(_ events: [any DomainEvent]) async throws {
        for event in events { try await log.append([NewEvent(event)]) }
    }
}

extension Timestamp {
    /// A timestamp from ISO 8601 text, for tests: `Timestamp.at("2026-03-02T07:00:00Z")`.
    package static func at(_ text: String) -> Timestamp { Timestamp(text)! }
}

extension CalendarDay {
    /// A day from `YYYY-MM-DD`, for tests.
    package static func on(_ text: String) -> CalendarDay { CalendarDay(text)! }
}

extension UUID {
    /// A readable fixed id for tests: `UUID.n(7)` is 00000000-0000-0000-0000-000000000007.
    package static func n(_ number: Int) -> UUID {
        UUID(uuidString: String(format: "00000000-0000-0000-0000-%012x", number))!
    }
}
