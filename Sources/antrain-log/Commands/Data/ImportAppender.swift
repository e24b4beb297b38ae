import AntrainEvents
import AntrainImport
import AntrainProjections
import Foundation

/// What the log holds already, as far as an import cares: the ids of its events (a re-import
/// proposes the same ids and they are left out) and the library's names (reused, not created
/// twice).
struct LogContents {
    var storedIDs: Set<UUID> = []
    var library = KnownLibrary()

    /// Reads `log`; the library only when `withLibrary` (a JSON Lines import names its own ids).
    static func read(_ log: EventLog?, withLibrary: Bool) async throws -> LogContents {
        var contents = LogContents()
        guard let log else { return contents }
        for try await record in log.records() { contents.storedIDs.insert(record.eventID) }
        guard withLibrary, !contents.storedIDs.isEmpty else { return contents }
        let library = try await ProjectionRunner.state(of: Library.self, in: log, asOf: .offset(.max))
        for exercise in library.allExercises() { contents.library.addExercise(named: exercise.name, id: exercise.id) }
        for food in library.allFoods() { contents.library.addFood(named: food.definition.name, id: food.id) }
        return contents
    }
}

/// Appends planned streams, leaving out events the log already holds, a few hundred events
/// per append so that a big import is a few thousand appends rather than a million.
enum ImportAppender {
    /// Events per append at most: keeps each block well inside the format's limits.
    static let maxBatchEvents = 1000

    struct Counts {
        var appended = 0
        var alreadyStored = 0
        var appends = 0
    }

    /// What appending `streams` would do, without a log to write to (for --dry-run).
    static func count(_ streams: [PlannedStream], stored: Set<UUID>) -> Counts {
        var counts = Counts()
        for stream in streams {
            let new = stream.events.filter { !stored.contains($0.id) }.count
            counts.appended += new
            counts.alreadyStored += stream.events.count - new
            counts.appends += (new + maxBatchEvents - 1) / maxBatchEvents
        }
        return counts
    }

    /// Appends every event of `streams` that `stored` does not hold, in order.
    static func append(_ streams: [PlannedStream], stored: Set<UUID>, to log: EventLog) async throws -> Counts {
        var counts = Counts()
        for stream in streams {
            let new = stored.isEmpty ? stream.events : stream.events.filter { !stored.contains($0.id) }
            counts.alreadyStored += stream.events.count - new.count
            var start = 0
            while start < new.count {
                let end = min(start + maxBatchEvents, new.count)
                let result = try await log.append(Array(new[start..<end]))
                if result.wasAlreadyStored { counts.alreadyStored += end - start } else { counts.appended += end - start }
                counts.appends += 1
                start = end
            }
        }
        return counts
    }
}
