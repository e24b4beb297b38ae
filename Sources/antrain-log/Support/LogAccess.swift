import AntrainEvents
import AntrainJSON
import AntrainLog
import AntrainPostgres
import Foundation
import SystemPackage

/// Opening the log the way each command needs, and describing what opening did.
enum LogAccess {
    /// Opens an existing log read-only: takes no lock, changes no file, runs beside a writer.
    /// The one place the CLI opens a log to read (a directory's, or a server's); every command
    /// reads through the ``LogReader`` it returns.
    static func openForReading(_ place: LogPlace) async throws -> any LogReader {
        switch place {
        case let .directory(directory):
            try requireLog(directory)
            return try await EventLog.openReadOnly(at: FilePath(directory))
        case let .server(server, name):
            return try await PostgresLog.open(server.configuration, log: name, create: false)
        }
    }

    /// Opens the log for writing, creating it when `create` is true (only `append` creates:
    /// `verify` or `repair` with a mistyped --log-dir must not leave an empty log behind).
    ///
    /// Another process writing (a script's `append`, a second terminal recording) holds the
    /// log's writer lock for the moment of its command: this one waits for it, up to
    /// ``lockWait``, then fails with the holder named (exit 73). A terminal is told it waits.
    /// A command that can do without the lock (`verify`, read-only beside a writer) passes
    /// `waiting: false` and is told at once. The one place the CLI opens a directory log to
    /// write; every command appends through the ``LogWriter`` it returns.
    ///
    /// A server log serialises appends itself (each waits for the log's row lock, up to its
    /// lock timeout): it is opened, or created when `create` is true.
    static func openForWriting(_ place: LogPlace, create: Bool, options: LogOptions = LogOptions(),
                               waiting: Bool = true) async throws -> any LogWriter {
        let directory: String
        switch place {
        case let .directory(path): directory = path
        case let .server(server, name):
            return try await PostgresLog.open(server.configuration, log: name, create: create, lockTimeout: max(lockWait, .seconds(1)))
        }
        if !create { try requireLog(directory) }
        let lockWait = waiting ? Self.lockWait : .zero
        let started = ContinuousClock.now
        var pause = Duration.milliseconds(2)
        var told = false
        while true {
            do {
                return try await EventLog.open(at: FilePath(directory), options: options)
            } catch let LogError.locked(_, pid) where ContinuousClock.now - started < lockWait {
                if !told, Output.standardErrorIsTerminal {
                    let holder = pid.map { "process \($0)" } ?? "another process"
                    Output.error("note: waiting for \(holder), which is writing to the log (up to \(lockWait.components.seconds) s)")
                    told = true
                }
                try await Task.sleep(for: pause)
                pause = min(pause * 2, .milliseconds(50))
            }
        }
    }

    /// How long a command waits for another writer: `ANTRAIN_LOCK_WAIT` seconds (0: refuse
    /// at once), 30 by default.
    static let lockWait: Duration = {
        let seconds = ProcessInfo.processInfo.environment["ANTRAIN_LOCK_WAIT"].flatMap(Double.init) ?? 30
        return .milliseconds(Int64(max(0, min(seconds, 86_400)) * 1000))
    }()

    /// Fails with "no log" (exit 66) unless the directory of `place` holds a log (a server
    /// says so when the log is opened).
    static func requireLog(_ place: LogPlace) throws {
        if case let .directory(directory) = place { try requireLog(directory) }
    }

    /// Fails with "no log" (exit 66) unless `directory` holds a log.
    ///
    /// A log always has at least one segment file (opening for writing creates the first), so a
    /// directory without one is a mistyped --log-dir, and opening it for writing would litter
    /// it with a LOCK file and an empty segment.
    static func requireLog(_ directory: String) throws {
        let fix = CommandFailure.noLogFix
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory)
        guard exists, isDirectory.boolValue else {
            let what = exists ? "it is a file, not a directory" : "the directory does not exist"
            throw CommandFailure(message: "there is no log at \(directory): \(what)", fix: fix, status: .noInput)
        }
        guard LogDirectory(path: FilePath(directory)).holdsLog else {
            throw CommandFailure(message: "there is no log at \(directory): the directory holds no segment files", fix: fix,
                                 status: .noInput)
        }
    }
}

/// JSON and text shapes shared by several commands' reports.
enum ReportShapes {
    /// `{"segment", "position", "firstOffset", "endOffset"?, "reason"}`.
    static func json(_ damage: Damage) -> JSONValue {
        var object = JSONObjectBuilder()
        object.add("segment", .string(damage.segment))
        object.add("position", .integer(damage.position))
        object.add("firstOffset", .integer(damage.firstOffset))
        object.add("endOffset", ifPresent: damage.endOffset.map { .integer($0) })
        object.add("reason", .string(damage.reason))
        return object.value
    }

    /// `{"segment", "position", "bytes", "reason", "quarantineFile"}`.
    static func json(_ cut: TailCut) -> JSONValue {
        var object = JSONObjectBuilder()
        object.add("segment", .string(cut.segment))
        object.add("position", .integer(cut.position))
        object.add("bytes", .integer(cut.bytes))
        object.add("reason", .string(cut.reason))
        object.add("quarantineFile", .string(cut.quarantineFile))
        return object.value
    }

    /// One line telling that opening cut a torn last block (an interrupted write) into quarantine.
    static func text(_ cut: TailCut) -> String {
        "recovered a torn tail: \(cut)"
    }

    /// A byte count with a binary-unit hint: `1234567 (1.2 MiB)`.
    static func bytes(_ count: UInt64) -> String {
        let units = ["KiB", "MiB", "GiB", "TiB"]
        var value = Double(count)
        var unit = -1
        while value >= 1024 && unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        return unit < 0 ? "\(count) B" : "\(count) (\(String(format: "%.1f", value)) \(units[unit]))"
    }
}
