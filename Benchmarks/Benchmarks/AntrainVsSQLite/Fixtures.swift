import AntrainEvents
import AntrainLog
import Foundation
import SystemPackage

/// A temporary directory under /tmp, made on first use (in a benchmark's setup: every
/// benchmark process registers all benchmarks but runs one) and removed by `remove()`.
final class ScratchDirectory: @unchecked Sendable {
    private let label: String
    private var made: String?

    init(_ label: String) { self.label = label }

    var path: String {
        if let made { return made }
        var template = Array("/tmp/antrain-bench-\(label)-XXXXXX".utf8CString)
        let result = template.withUnsafeMutableBufferPointer { buffer in
            mkdtemp(buffer.baseAddress!).map { String(cString: $0) }
        }
        guard let result else { fatalError("mkdtemp failed: errno \(errno)") }
        made = result
        return result
    }

    func appending(_ name: String) -> String { path + "/" + name }

    func remove() {
        if let made { try? FileManager.default.removeItem(atPath: made) }
        made = nil
    }
}

/// Sum of the sizes of the regular files under `path` (what the data takes, before block
/// rounding; `du --apparent-size -b` gives the same).
func directoryBytes(_ path: String) -> Int {
    guard let walker = FileManager.default.enumerator(atPath: path) else { return 0 }
    var total = 0
    while let name = walker.nextObject() as? String {
        var info = stat()
        if stat(path + "/" + name, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG { total += Int(info.st_size) }
    }
    return total
}

/// Writes `total` ~100-byte `SetLogged` events into a new log at `path`, in appends of
/// `batchSize` events (durability `.none`: the fixture is fsynced once, at close).
func makeShortEventLog(at path: String, total: Int, batchSize: Int, seed: UInt64 = 7) async throws {
    var workload = Workload(seed: seed)
    let log = try await EventLog.open(at: FilePath(path), options: LogOptions(durability: .none))
    var written = 0
    while written < total {
        let batch = workload.shortBatch(count: min(batchSize, total - written))
        try await log.append(batch.events, to: batch.stream, expectedVersion: .any)
        written += batch.events.count
    }
    try await log.close()
}

/// The same records in a SQLite store at `path` (synchronous=OFF while loading, then a
/// checkpoint), appended in the same batches.
func makeShortEventDatabase(at path: String, total: Int, batchSize: Int, seed: UInt64 = 7) throws {
    var workload = Workload(seed: seed)
    let store = try SQLiteEventStore(path: path, synchronous: .off)
    var written = 0
    while written < total {
        let batch = workload.shortBatch(count: min(batchSize, total - written))
        try store.append(batch.events, to: batch.stream)
        written += batch.events.count
    }
    try store.checkpoint()
    try store.close()
}

/// Monotonic nanoseconds, for the phases a benchmark reports as custom metrics.
func nanoseconds() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
