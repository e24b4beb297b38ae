import AntrainEvents
import AntrainLog
import Foundation
import Glibc
import SystemPackage

/// A fresh directory under /tmp for one test, removed when the test is done with it.
final class TemporaryDirectory: Sendable {
    let path: String

    init(_ label: String = "log") {
        path = NSTemporaryDirectory() + "antrain-test-\(label)-\(UUID().uuidString.prefix(8))"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    var filePath: FilePath { FilePath(path) }

    /// A path inside the directory.
    func file(_ name: String) -> String { path + "/" + name }

    /// Names of the files directly inside, sorted.
    func contents(_ sub: String = "") -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: sub.isEmpty ? path : file(sub))) ?? []).sorted()
    }
}

/// Events with recognisable payloads, for checking what comes back.
enum Sample {
    static func event(_ number: Int, type: String = "SetLogged", recordedAt: Date? = nil) -> ProposedEvent {
        ProposedEvent(type: type, payload: Array(#"{"set":\#(number),"reps":8,"weightKg":100.0}"#.utf8), recordedAt: recordedAt)
    }

    static func events(_ range: Range<Int>, type: String = "SetLogged") -> [ProposedEvent] {
        range.map { event($0, type: type) }
    }
}

extension EventLogReader {
    /// Every record, read synchronously to the end.
    func allRecords(_ filter: ReadFilter = ReadFilter()) async throws -> [LogRecord] {
        var out: [LogRecord] = []
        for try await record in records(filter) { out.append(record) }
        return out
    }
}

/// Segment files of a log directory, sorted.
/// A round count from the environment (the long runs of scripts/fault-injection.sh), or `short`
/// in the normal suite.
func rounds(_ variable: String, short: Int) -> Int {
    ProcessInfo.processInfo.environment[variable].flatMap(Int.init) ?? short
}

func segmentFiles(_ directory: TemporaryDirectory) -> [String] {
    directory.contents().filter { $0.hasSuffix(".log") }
}

/// Reads, changes and writes back the bytes of a file.
func mutateFile(_ path: String, _ change: (inout [UInt8]) -> Void) throws {
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    change(&bytes)
    try Data(bytes).write(to: URL(fileURLWithPath: path))
}

func fileSize(_ path: String) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: path)[.size]) as? Int) ?? -1
}

/// Opens a log for writing right after this process closed it.
///
/// Tests in this process spawn programs in parallel (`posix_spawn`): a child holds copies of
/// our descriptors, the locked LOCK file's among them, until its `exec` closes them (they are
/// close-on-exec). That window is short but real, so a test that reopens at once retries a
/// lock error for up to a second. A lock held by a live writer would outlast that.
func reopenForWriting(_ path: String, options: LogOptions = LogOptions()) async throws -> EventLog {
    let deadline = Date().addingTimeInterval(1)
    while true {
        do {
            return try await EventLog.open(at: .init(path), options: options)
        } catch LogError.locked where Date() < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
    }
}

/// `mount(2)` that retries EBUSY for up to a second (see ``reopenForWriting(_:options:)``:
/// a spawning child may hold an inherited writable descriptor on the file system briefly).
func mountRetryingWhileBusy(_ source: String, _ target: String, _ type: String, _ flags: UInt, _ data: String) -> Int32 {
    let deadline = Date().addingTimeInterval(1)
    while true {
        let result = mount(source, target, type, flags, data)
        if result == 0 || errno != EBUSY || Date() >= deadline { return result }
        usleep(10_000)
    }
}
