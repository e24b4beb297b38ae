import AntrainTestSupport
import Foundation
import Glibc
import Synchronization

/// What a run of `antrain-stress` wrote and how it ended.
struct StressOutput: Sendable {
    /// Complete lines of stdout (a line cut short by the kill is left out).
    var lines: [String]
    var stderr: String
    /// The exit status when it exited, or the signal that ended it.
    var exitStatus: Int32?, signal: Int32?

    var endDescription: String { exitStatus.map { "exit status \($0)" } ?? "signal \(signal ?? 0)" }
}

/// Runs the `antrain-stress` binary built beside the tests.
///
/// Spawned with `posix_spawn` on pipes opened close-on-exec, so that no other child of this
/// process keeps them open; stdout and stderr are read while it runs (it never blocks on a
/// full pipe) on a thread of its own, off the cooperative pool.
enum StressProcess {
    /// `ANTRAIN_STRESS_BIN`, or the binary beside this test binary (debug or release), or the debug build's.
    static let path: String = {
        if let path = ProcessInfo.processInfo.environment["ANTRAIN_STRESS_BIN"] { return path }
        if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            let sibling = URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent("antrain-stress").path
            if FileManager.default.isExecutableFile(atPath: sibling) { return sibling }
        }
        return antrainLog.deletingLastPathComponent().appendingPathComponent("antrain-stress").path
    }()

    struct SpawnError: Error, CustomStringConvertible { let description: String }

    /// When to send SIGKILL.
    enum Kill: Sendable, CustomStringConvertible {
        /// This long after it was spawned.
        case afterStart(Duration)
        /// This long after its first line of output arrived.
        case afterFirstLine(Duration)

        var description: String {
            switch self {
            case let .afterStart(delay): "\(delay) after its start"
            case let .afterFirstLine(delay): "\(delay) after its first ack"
            }
        }
    }

    /// Runs it to its end, or kills it with SIGKILL as `kill` says. A run that outlasts
    /// `timeout` (five minutes scaled by ``Patience``, by default: a hang, not a slow
    /// machine), or whose task is cancelled, is killed too (and shows as killed by SIGKILL).
    static func run(_ arguments: [String], kill: Kill? = nil, timeout: Duration = Patience.duration(300)) async throws -> StressOutput {
        let cancelled = CancelFlag()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                Thread.detachNewThread {
                    continuation.resume(with: Result {
                        try runBlocking(arguments, kill: kill, timeout: timeout) { cancelled.isSet }
                    })
                }
            }
        } onCancel: {
            cancelled.set()
        }
    }

    /// Set when the task running a child is cancelled; read by the thread that waits for it.
    private final class CancelFlag: Sendable {
        private let value = Atomic<Bool>(false)
        var isSet: Bool { value.load(ordering: .relaxed) }
        func set() { value.store(true, ordering: .relaxed) }
    }

    private static func runBlocking(_ arguments: [String], kill plan: Kill?, timeout: Duration,
                                    isCancelled: () -> Bool) throws -> StressOutput {
        // pipe2 is not imported; a child spawned by another thread in the instant before
        // FD_CLOEXEC is set may keep a copy, which the read loop below copes with.
        var out: [Int32] = [-1, -1]
        var err: [Int32] = [-1, -1]
        guard pipe(&out) == 0 else { throw SpawnError(description: "pipe: \(String(cString: strerror(errno)))") }
        guard pipe(&err) == 0 else {
            close(out[0])
            close(out[1])
            throw SpawnError(description: "pipe: \(String(cString: strerror(errno)))")
        }
        for fd in out + err { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        let process: SpawnedProcess
        do {
            process = try SpawnedProcess(executable: path, arguments: arguments, stdout: .descriptor(out[1]), stderr: .descriptor(err[1]))
        } catch {
            for fd in out + err { close(fd) }
            throw SpawnError(description: "posix_spawn \(path): \(error)")
        }
        close(out[1])
        close(err[1])
        let pid = process.processIdentifier

        let start = ContinuousClock.now
        var killAt: ContinuousClock.Instant?
        if case let .afterStart(delay) = plan { killAt = start + delay }
        let giveUpAt = start + timeout
        var killed = false
        var status: Int32?
        var exitedAt = start
        var stdoutBytes: [UInt8] = []
        var stderrBytes: [UInt8] = []
        var open = [true, true]
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let now = ContinuousClock.now
            if !killed, status == nil, now >= (killAt ?? giveUpAt) || now >= giveUpAt || isCancelled() {
                Glibc.kill(pid, SIGKILL)
                killed = true
            }
            var wait = Duration.milliseconds(20)
            if !killed, let killAt { wait = min(wait, max(.zero, killAt - now)) }
            var fds = [pollfd(fd: open[0] ? out[0] : -1, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: open[1] ? err[0] : -1, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, 2, Int32(wait / .milliseconds(1)))
            var readSomething = false
            if ready > 0 {
                for (index, fd) in fds.enumerated() where fd.fd >= 0 && fd.revents != 0 {
                    let count = buffer.withUnsafeMutableBytes { read(fd.fd, $0.baseAddress, $0.count) }
                    if count > 0 {
                        readSomething = true
                        if index == 0 {
                            if killAt == nil, case let .afterFirstLine(delay) = plan, buffer[0..<count].contains(UInt8(ascii: "\n")) {
                                killAt = ContinuousClock.now + delay
                            }
                            stdoutBytes += buffer[0..<count]
                        } else {
                            stderrBytes += buffer[0..<count]
                        }
                    } else if count == 0 || errno != EINTR {
                        open[index] = false
                    }
                }
            }
            if status == nil {
                if !process.isRunning {
                    status = process.rawWaitStatus
                    exitedAt = ContinuousClock.now
                }
            }
            // Done at end of file on both pipes; or, once it has exited and the pipes are
            // drained, even when another process spawned meanwhile holds a copy of them.
            if status != nil, (!open[0] && !open[1]) || (!readSomething && ContinuousClock.now - exitedAt > .milliseconds(200)) { break }
        }
        close(out[0])
        close(err[0])
        let raw = status!
        let text = String(decoding: stdoutBytes, as: UTF8.self)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines.removeLast()  // after the last newline: empty, or a line cut short
        return StressOutput(lines: lines, stderr: String(decoding: stderrBytes, as: UTF8.self),
                            exitStatus: raw & 0x7F == 0 ? (raw >> 8) & 0xFF : nil,
                            signal: raw & 0x7F == 0 ? nil : raw & 0x7F)
    }
}
