import AntrainTestSupport
import Foundation
import Glibc

/// A round count from the environment (the long runs of scripts/fault-injection.sh), or `short`
/// in the normal suite.
func rounds(_ variable: String, short: Int) -> Int {
    ProcessInfo.processInfo.environment[variable].flatMap(Int.init) ?? short
}

/// Segment files of a log directory, sorted.
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

/// `mount(2)` that retries EBUSY while a spawning child may hold an inherited writable
/// descriptor on the file system (see ``reopenForWriting(_:options:)``), up to ``Patience``'s
/// bound for it.
func mountRetryingWhileBusy(_ source: String, _ target: String, _ type: String, _ flags: UInt, _ data: String) -> Int32 {
    let deadline = ContinuousClock.now + Patience.duration(30)
    while true {
        let result = mount(source, target, type, flags, data)
        if result == 0 || errno != EBUSY || ContinuousClock.now >= deadline { return result }
        usleep(10_000)
    }
}
