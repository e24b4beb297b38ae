import AntrainLog
import Foundation

/// Turns the preset library into ordinary events on a log, once.
///
/// ```swift
/// let presets = try LibraryPresets.builtIn()
/// let report = try await LibrarySeeder(log: log).seed(presets)
/// print(report.seeded, report.alreadyPresent)
/// ```
///
/// Each preset is its own stream's first event (a new exercise, food, program...), appended
/// with the expectation that the stream does not exist yet. A preset whose stream exists is
/// left alone: seeded before, or deleted by the user since (the deletion is in that stream),
/// so a deleted preset is never created again. Event ids derive from the preset's type and
/// id, so a seed that is retried after a crash stores nothing twice.
public struct LibrarySeeder: Sendable {
    /// The log to seed.
    public let log: any LogWriter

    /// A seeder for `log`, which must be open for writing.
    public init(log: any LogWriter) {
        self.log = log
    }

    /// What a seed did.
    public struct Report: Sendable, Equatable {
        /// Presets appended now.
        public var seeded = 0
        /// Presets whose stream already existed (seeded before, or deleted by the user).
        public var alreadyPresent = 0

        /// A report of `seeded` new and `alreadyPresent` existing presets.
        public init(seeded: Int = 0, alreadyPresent: Int = 0) {
            self.seeded = seeded
            self.alreadyPresent = alreadyPresent
        }
    }

    /// Appends every preset whose stream does not exist yet.
    @discardableResult
    public func seed(_ presets: LibraryPresets) async throws -> Report {
        let existing = try await existingStreams(among: Set(presets.events.map(\.streamID)),
                                                 types: Set(presets.events.map(\.eventType)))
        var report = Report(alreadyPresent: presets.events.count { existing.contains($0.streamID) })
        // One after another, in the library's order: lists "in the order added" then show the
        // presets as the library files give them, the same on every log. (Concurrent appends
        // shared group commits, but landed in whatever order the tasks ran.)
        for event in presets.events where !existing.contains(event.streamID) {
            let id = UUID.stable("preset", event.eventType, event.streamID)
            do {
                try await log.append([NewEvent(event, id: id)], expectedVersion: .noStream)
                report.seeded += 1
            } catch LogError.wrongExpectedVersion {
                report.alreadyPresent += 1  // another process seeded (or the user created) it meanwhile
            }
        }
        return report
    }

    /// The streams among `candidates` that hold an event of one of `types`: a preset's
    /// stream always begins with its creation, so reading those types (blocks without them
    /// are skipped by their Bloom filters) finds every stream that exists.
    private func existingStreams(among candidates: Set<String>, types: Set<String>) async throws -> Set<String> {
        var found = Set<String>()
        for try await record in log.records(ReadFilter(eventTypes: types)) {
            let stream = record.streamID
            if candidates.contains(stream) { found.insert(stream) }
        }
        return found
    }
}
