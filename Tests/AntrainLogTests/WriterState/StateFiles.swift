import AntrainEvents
import AntrainLog
import Foundation
import GRDB
import Testing

/// The writer's state files of a log directory, to copy aside, restore, or replace.
struct StateFiles {
    static let name = "writer-state.sqlite"
    static let suffixes = ["", "-wal", "-shm", "-journal"]
    let directory: String

    var path: String { directory + "/" + Self.name }
    var exists: Bool { FileManager.default.fileExists(atPath: path) }

    /// Removes the state and SQLite's files beside it.
    func remove() {
        for suffix in Self.suffixes { try? FileManager.default.removeItem(atPath: path + suffix) }
    }

    /// Copies the state files (of a closed log) into `folder`.
    func copy(to folder: String) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for suffix in Self.suffixes where FileManager.default.fileExists(atPath: path + suffix) {
            try? FileManager.default.removeItem(atPath: folder + "/" + Self.name + suffix)
            try FileManager.default.copyItem(atPath: path + suffix, toPath: folder + "/" + Self.name + suffix)
        }
    }

    /// The offset the saved state reflects (its `position` row; docs/FORMAT.md).
    func savedOffset() throws -> UInt64 {
        let queue = try DatabaseQueue(path: path, configuration: { var c = Configuration(); c.readonly = true; return c }())
        let offset = try queue.read { try Int64.fetchOne($0, sql: #"SELECT "offset" FROM position"#) }
        return UInt64(try #require(offset))
    }

    /// Replaces the state files with those copied into `folder`.
    func restore(from folder: String) throws {
        remove()
        for suffix in Self.suffixes where FileManager.default.fileExists(atPath: folder + "/" + Self.name + suffix) {
            try FileManager.default.copyItem(atPath: folder + "/" + Self.name + suffix, toPath: path + suffix)
        }
    }
}

extension EventLog {
    /// The writer's state statistics, which must exist (after an append).
    func stateStatistics(sourceLocation: SourceLocation = #_sourceLocation) async throws -> WriterStateStatistics {
        try #require(await writerStateStatistics(), sourceLocation: sourceLocation)
    }
}

/// An event with a given id and payload text, to retry or to reuse an id.
func event(_ id: UUID, _ text: String = "payload") -> ProposedEvent {
    ProposedEvent(id: id, type: "Noted", payload: Array(text.utf8))
}
