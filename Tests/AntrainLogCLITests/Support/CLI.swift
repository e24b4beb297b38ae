import AntrainTestSupport
import Foundation
import Testing

/// Runs the built `antrain-log` binary the way a user does: a real process, real files.
///
/// Output goes to files rather than pipes, so a chatty command can never block on a full
/// pipe buffer, and a long-running one (`tail --follow`) can be read while it runs.
struct CLI {
    /// The binary SwiftPM built before the tests (the test target depends on it), next to the
    /// test binary whatever the build folder (`.build`, or a sanitizer's `.build-tsan`).
    static let binary: URL = {
        if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            let sibling = URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent("antrain-log")
            if FileManager.default.isExecutableFile(atPath: sibling.path) { return sibling }
        }
        var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
            directory = directory.deletingLastPathComponent()
        }
        return directory.appendingPathComponent(".build/debug/antrain-log")
    }()

    /// What a finished run left behind.
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String

        /// Standard output split into lines (without the trailing empty one).
        var lines: [String] { stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }

        /// Each stdout line parsed as a JSON object (JSON Lines output).
        func jsonLines() throws -> [[String: Any]] {
            try lines.map { line in
                try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not a JSON object: \(line)")
            }
        }
    }

    /// How long a command may run before a test calls it stuck: minutes, where the slowest
    /// command of the suite takes seconds (see ``Patience``: scaled for sanitizer builds).
    static let patience: Double = 300

    /// A process started but not waited for.
    final class Running {
        let process: SpawnedProcess
        let stdoutFile: URL
        let stderrFile: URL
        /// The command as a user would type it, for messages.
        let command: String

        init(process: SpawnedProcess, stdoutFile: URL, stderrFile: URL, command: String) {
            self.process = process
            self.stdoutFile = stdoutFile
            self.stderrFile = stderrFile
            self.command = command
        }

        var stdout: String { (try? String(contentsOf: stdoutFile, encoding: .utf8)) ?? "" }
        var stderr: String { (try? String(contentsOf: stderrFile, encoding: .utf8)) ?? "" }

        /// Waits until `condition` holds for stdout; fails at once if the process ends first,
        /// and after ``CLI/patience`` (scaled) if it never comes.
        func waitForOutput(_ condition: (String) -> Bool) async throws {
            let bound = Patience.seconds(CLI.patience)
            let started = ContinuousClock.now
            while !condition(stdout) {
                guard process.isRunning else {
                    Issue.record("`\(command)` ended (status \(process.terminationStatus)) without the expected output; stdout: \(stdout) stderr: \(stderr)")
                    throw CancellationError()
                }
                guard ContinuousClock.now - started < .seconds(bound) else {
                    Issue.record("\(Patience.describe("`\(command)` had not printed the expected output", after: bound)); stdout: \(stdout) stderr: \(stderr)")
                    throw CancellationError()
                }
                try await Task.sleep(for: .milliseconds(20))
            }
        }

        /// Waits for the process to end and collects its output. One still running after
        /// ``CLI/patience`` (scaled) is stuck: it is killed and the test fails, naming it.
        func finish() async throws -> Result {
            let bound = Patience.seconds(CLI.patience)
            let started = ContinuousClock.now
            while process.isRunning {
                if ContinuousClock.now - started >= .seconds(bound) {
                    process.terminate()
                    Issue.record("\(Patience.describe("`\(command)` had not finished", after: bound)); stderr: \(stderr)")
                    process.waitUntilExit()
                    break
                }
                try await Task.sleep(for: .milliseconds(10))
            }
            process.waitUntilExit()
            return Result(status: process.terminationStatus, stdout: stdout, stderr: stderr)
        }
    }

    /// Starts `antrain-log arguments...` with `stdin` as its input and `environment` added to
    /// a clean copy of ours (no ANTRAIN_LOG_DIR; TZ=UTC so that local times are predictable).
    static func start(_ arguments: [String], stdin: String? = nil, environment: [String: String] = [:],
                      workingDirectory: URL) throws -> Running {
        var env = ProcessInfo.processInfo.environment
        env["ANTRAIN_LOG_DIR"] = nil
        env["TZ"] = "UTC"
        env.merge(environment) { $1 }
        let id = UUID().uuidString
        let files = workingDirectory.appendingPathComponent(".cli-\(id)")
        try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
        let stdoutFile = files.appendingPathComponent("stdout")
        let stderrFile = files.appendingPathComponent("stderr")
        try Data().write(to: stdoutFile)
        try Data().write(to: stderrFile)
        var stdinPath = "/dev/null"
        if let stdin {
            let stdinFile = files.appendingPathComponent("stdin")
            try Data(stdin.utf8).write(to: stdinFile)
            stdinPath = stdinFile.path
        }
        // posix_spawn, not Foundation's Process: see SpawnedProcess for why.
        let process = try SpawnedProcess(executable: binary.path, arguments: arguments, environment: env,
                                         workingDirectory: workingDirectory.path, stdin: .path(stdinPath),
                                         stdout: .path(stdoutFile.path), stderr: .path(stderrFile.path))
        return Running(process: process, stdoutFile: stdoutFile, stderrFile: stderrFile,
                       command: (["antrain-log"] + arguments).joined(separator: " "))
    }

    /// Runs `antrain-log arguments...` to the end.
    static func run(_ arguments: [String], stdin: String? = nil, environment: [String: String] = [:],
                    in workingDirectory: URL) async throws -> Result {
        try await start(arguments, stdin: stdin, environment: environment, workingDirectory: workingDirectory).finish()
    }
}

/// A fresh temporary directory per test, removed afterwards, and the log the test works on:
/// `log` in it, or a log of the test's own on a server.
final class Scratch: Sendable {
    let url: URL
    /// Where tests put their log (not created: `append` creates it).
    var log: String { url.appendingPathComponent("log").path }
    /// The server log's URL and name, when the test's log is on a server.
    let server: (url: String, name: String)?

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("antrain-log-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        server = nil
    }

    /// A scratch whose log is a new log named `name` (a new name when nil) on the server at `serverURL`.
    init(serverURL: String, name: String? = nil) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("antrain-log-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        server = (serverURL, name ?? "cli-\(UUID().uuidString.prefix(12))")
    }

    /// The options naming the test's log: `--log-dir LOG`, or `--store URL --log NAME`.
    var logOptions: [String] {
        if let server { ["--store", server.url, "--log", server.name] } else { ["--log-dir", log] }
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Runs `antrain-log` in this directory.
    func run(_ arguments: [String], stdin: String? = nil, environment: [String: String] = [:]) async throws -> CLI.Result {
        try await CLI.run(arguments, stdin: stdin, environment: environment, in: url)
    }

    /// Runs `antrain-log arguments...` on the test's log (``logOptions``).
    func runOnLog(_ arguments: [String], stdin: String? = nil, environment: [String: String] = [:]) async throws -> CLI.Result {
        try await run(arguments + logOptions, stdin: stdin, environment: environment)
    }
}

/// One `append` input line with the required fields and a payload given as JSON text.
func eventLine(stream: String, type: String = "RawNote", payload: String = "{}", extra: String = "") -> String {
    #"{"stream":"\#(stream)","type":"\#(type)","schemaVersion":1,\#(extra.isEmpty ? "" : extra + ",")"payload":\#(payload)}"#
}
