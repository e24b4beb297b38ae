import AntrainEvents
import AntrainLog
import Foundation
import SystemPackage

/// A fresh directory under /tmp for one test, removed when the test is done with it.
package final class TemporaryDirectory: Sendable {
    /// The directory's path.
    package let path: String

    /// Creates `antrain-test-LABEL-XXXXXXXX` under the temporary directory.
    package init(_ label: String = "log") {
        path = NSTemporaryDirectory() + "antrain-test-\(label)-\(UUID().uuidString.prefix(8))"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// The directory's path as a `FilePath`.
    package var filePath: FilePath { FilePath(path) }

    /// A path inside the directory.
    package func file(_ name: String) -> String { path + "/" + name }

    /// Names of the files directly inside, sorted.
    package func contents(_ sub: String = "") -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: sub.isEmpty ? path : file(sub))) ?? []).sorted()
    }
}

/// Events with recognisable payloads, for checking what comes back.
package enum Sample {
    /// Event `number`: a raw record of `type` whose payload names the number.
    package static func event(_ number: Int, type: String = "SetLogged", recordedAt: Date? = nil) -> ProposedEvent {
        ProposedEvent(type: type, payload: Array(#"{"set":\#(number),"reps":8,"weightKg":100.0}"#.utf8), recordedAt: recordedAt)
    }

    /// Events of `range`, each as ``event(_:type:recordedAt:)`` makes it.
    package static func events(_ range: Range<Int>, type: String = "SetLogged") -> [ProposedEvent] {
        range.map { event($0, type: type) }
    }
}

extension LogReader {
    /// Every record, read synchronously to the end.
    package func allRecords(_ filter: ReadFilter = ReadFilter()) async throws -> [LogRecord] {
        var out: [LogRecord] = []
        for try await record in records(filter) { out.append(record) }
        return out
    }
}

/// Opens a log for writing right after this process closed it.
///
/// Tests in this process spawn programs in parallel (`posix_spawn`): a child holds copies of
/// our descriptors, the locked LOCK file's among them, until its `exec` closes them (they are
/// close-on-exec). That window is short but real, and on a loaded machine (a sanitizer
/// build beside other suites) a child can wait seconds for its `exec`, so a test that reopens
/// at once retries a lock error, up to ``Patience``'s bound for it. A lock held by a live
/// writer would outlast that.
package func reopenForWriting(_ path: String, options: LogOptions = LogOptions()) async throws -> EventLog {
    let deadline = ContinuousClock.now + Patience.duration(30)
    while true {
        do {
            return try await EventLog.open(at: .init(path), options: options)
        } catch LogError.locked where ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
    }
}
