import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One run of an executable as a shell runs it (`posix_spawn`, then `wait4`), which gives
/// what `Foundation.Process` does not: the child's own resource usage, its peak resident
/// memory above all (`ru_maxrss`).
struct ChildProcess {
    /// What a finished child left.
    struct Outcome {
        /// The exit status (128 + the signal's number when a signal ended it).
        var status: Int32
        /// The child's peak resident memory, kilobytes (Linux's `ru_maxrss`).
        var peakKilobytes: Int
    }

    let executable: String
    /// Where its standard output and error go (truncated each run), to be read back after.
    let outputPath: String
    let errorsPath: String

    /// Runs `arguments` and waits for the child; the caller's timing brackets this call.
    func run(_ arguments: [String]) throws -> Outcome {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, errorsPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        // This process's environment, as a shell passes it on (C's `environ` is a mutable
        // global, which Swift 6 does not let concurrent code touch).
        let envp: [UnsafeMutablePointer<CChar>?] = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        guard spawned == 0 else { throw ChildProcessError("posix_spawn \(executable): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw ChildProcessError("wait4: \(String(cString: strerror(errno)))") }
        }
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import (they are macros).
        let signal = status & 0x7f
        let code = signal == 0 ? (status >> 8) & 0xff : 128 + signal
        return Outcome(status: code, peakKilobytes: usage.ru_maxrss)
    }

    /// What the last run wrote on standard output (read after the timing stopped).
    func output() -> String { (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "" }

    /// What the last run wrote on standard error.
    func errors() -> String { (try? String(contentsOfFile: errorsPath, encoding: .utf8)) ?? "" }
}

/// A child that could not be run, or that failed.
struct ChildProcessError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
