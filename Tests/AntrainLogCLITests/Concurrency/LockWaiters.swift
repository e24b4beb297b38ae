import AntrainTestSupport
import Foundation
import Glibc
import Testing

/// Tells when a process started by a test waits for SQLite's write lock, so that a test can
/// order two such processes by stopping one (SIGSTOP) while the other takes the lock.
///
/// SQLite's busy handler waits by sleeping (`nanosleep` or `clock_nanosleep`) on the thread
/// that runs the catch-up, and nothing else in a query sleeps in the kernel that way, so such
/// a thread in one of those calls is the wait. The kernel shows each thread's current call in
/// `/proc/PID/task/TID/syscall`. Threads named as the process is (its main thread, which waits
/// in `sigsuspend`, and a sanitizer's background thread, which sleeps all the time) are not it.
enum LockWaiters {
    #if arch(x86_64)
    static let sleepCalls: Set<Int> = [35, 230]
    #elseif arch(arm64)
    static let sleepCalls: Set<Int> = [101, 115]
    #else
    static let sleepCalls: Set<Int> = []
    #endif

    /// Whether some worker thread of `pid` sleeps in the kernel now.
    static func isSleeping(_ pid: pid_t) -> Bool {
        let tasks = "/proc/\(pid)/task"
        let processName = try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)
        for thread in (try? FileManager.default.contentsOfDirectory(atPath: tasks)) ?? [] {
            guard (try? String(contentsOfFile: "\(tasks)/\(thread)/comm", encoding: .utf8)) != processName,
                  let line = try? String(contentsOfFile: "\(tasks)/\(thread)/syscall", encoding: .utf8),
                  let number = line.split(separator: " ").first.flatMap({ Int($0) }) else { continue }
            if sleepCalls.contains(number) { return true }
        }
        return false
    }

    /// Stops `running` (SIGSTOP) and waits until every thread of it has stopped: the signal
    /// takes effect asynchronously, and a thread still running could take the lock meanwhile,
    /// then hold it while stopped (another process would wait on it until SQLite's timeout).
    static func stop(_ running: CLI.Running) async throws {
        let pid = running.process.processIdentifier
        kill(pid, SIGSTOP)
        let started = ContinuousClock.now
        let bound = Patience.seconds(120)
        while !isStopped(pid) {
            guard ContinuousClock.now - started < .seconds(bound) else {
                Issue.record("\(Patience.describe("`\(running.command)` had not stopped", after: bound))")
                throw CancellationError()
            }
            try await Task.sleep(for: .milliseconds(1))
        }
    }

    /// Whether every thread of `pid` is stopped (state `T` in `/proc/PID/task/TID/stat`).
    static func isStopped(_ pid: pid_t) -> Bool {
        let tasks = "/proc/\(pid)/task"
        let threads = (try? FileManager.default.contentsOfDirectory(atPath: tasks)) ?? []
        return !threads.isEmpty && threads.allSatisfy { thread in
            guard let stat = try? String(contentsOfFile: "\(tasks)/\(thread)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return false }
            // After "PID (NAME) ", the state letter.
            return stat[stat.index(close, offsetBy: 2)...].first == "T"
        }
    }

    /// Waits until `running` waits for the lock (fails if it ends first, or after Patience's
    /// bound for a hang).
    static func waitUntilWaiting(_ running: CLI.Running) async throws {
        let started = ContinuousClock.now
        let bound = Patience.seconds(120)
        while !isSleeping(running.process.processIdentifier) {
            guard running.process.isRunning else {
                Issue.record("`\(running.command)` ended before it waited for the state's lock: \(running.stderr)")
                throw CancellationError()
            }
            guard ContinuousClock.now - started < .seconds(bound) else {
                Issue.record("\(Patience.describe("`\(running.command)` had not waited for the state's lock", after: bound))")
                throw CancellationError()
            }
            try await Task.sleep(for: .milliseconds(2))
        }
    }
}
