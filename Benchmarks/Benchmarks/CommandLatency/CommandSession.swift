import BenchmarkSupport
import Foundation

/// The binary run on one log, as a user runs it, for one benchmark's process: commands to
/// measure, and the commands around them that set the log up and append before each.
///
/// `@unchecked Sendable`: package-benchmark hands it from setup to the iterations and to
/// teardown, which run one after another, never at once.
final class CommandSession: @unchecked Sendable {
    let logDirectory: String
    private let child: ChildProcess
    private let scratch: String
    /// The workout the session started, when its case needs one active (see ``CommandCase``).
    private(set) var workoutID: String?

    /// A session on the log of `size`, built first if missing.
    init(_ size: CommandFixtures.Size) throws {
        let binary = try AntrainBinary.path()
        logDirectory = try CommandFixtures.log(size, binary: binary)
        scratch = try TemporaryDirectory.make("antrain-bench-commands-output")
        child = ChildProcess(executable: binary, outputPath: scratch + "/stdout", errorsPath: scratch + "/stderr")
    }

    /// Runs `arguments` on the log and waits: what a benchmark times. `{workout}` stands for
    /// the session's workout id.
    func run(_ arguments: [String]) throws -> ChildProcess.Outcome {
        try child.run(resolved(arguments) + ["--log-dir", logDirectory])
    }

    /// Runs `arguments` and throws unless it exits 0; what it printed.
    @discardableResult
    func must(_ arguments: [String]) throws -> String {
        let outcome = try run(arguments)
        guard outcome.status == 0 else { throw failure(arguments, outcome) }
        return child.output()
    }

    /// The error of `arguments` that ended as `outcome`, with what it printed on stderr.
    func failure(_ arguments: [String], _ outcome: ChildProcess.Outcome) -> ChildProcessError {
        ChildProcessError("antrain-log \(resolved(arguments).joined(separator: " ")) exited \(outcome.status): \(child.errors())")
    }

    /// What the last command printed on standard output.
    func output() -> String { child.output() }

    /// Puts the log in the state a case starts from: no workout active, or a new one active
    /// (its id kept for `{workout}`). A workout left active by an earlier case or an
    /// interrupted run is cancelled first.
    func prepare(_ state: CommandCase.WorkoutState) throws {
        let cancel = try run(["workout", "cancel"])
        // 0: one was active and is now cancelled; 65: none was active.
        guard cancel.status == 0 || cancel.status == 65 else { throw failure(["workout", "cancel"], cancel) }
        guard state == .active else { return }
        let started = try must(["workout", "start", "--name", "Benchmark", "--format", "json"])
        guard let data = started.data(using: .utf8),
              let object = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              let id = (object["id"] ?? object["workoutId"]) as? String else {
            throw ChildProcessError("workout start --format json printed no id: \(started)")
        }
        workoutID = id
    }

    func close() {
        try? FileManager.default.removeItem(atPath: scratch)
    }

    private func resolved(_ arguments: [String]) -> [String] {
        arguments.map { $0 == "{workout}" ? (workoutID ?? $0) : $0 }
    }
}
