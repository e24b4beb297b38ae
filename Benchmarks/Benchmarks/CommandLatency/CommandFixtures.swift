import BenchmarkSupport
import Foundation

/// The logs the commands run on, made by `antrain-log generate` as a user would make them,
/// with their state built (`antrain-log rebuild`) before any measurement.
///
/// package-benchmark runs every benchmark in a process of its own, and generating the 5M
/// log takes minutes, so each log is built once into `/tmp/antrain-bench-commands-*`
/// (made with mkdtemp, renamed into place when complete) and reused by later processes and
/// runs. The benchmarks append to it as they go (two or three events per iteration): a few
/// thousand events per run, nothing next to 5M; remove the directories, or set
/// ANTRAIN_BENCH_COMMANDS_FRESH=1, to start again from the generated log. A log made by
/// another build's `generate` than the one measured (``FixtureStamp``) is made again.
///
/// `ANTRAIN_BENCH_5M=/path/to/log` names a copy of the 5M log made earlier by the same
/// `generate` command: it is copied, never written, which saves the minutes of generating.
enum CommandFixtures {
    struct Size: Sendable {
        /// How the benchmarks' names call it.
        var label: String
        var athletes: Int
        var weeks: Int
        var seed: Int
        /// The environment variable that may name a copy to start from.
        var copyVariable: String?
    }

    /// About 100,000 events.
    static let small = Size(label: "100k", athletes: 25, weeks: 26, seed: 21, copyVariable: nil)
    /// About 5 million events (404 MB on disk).
    static let large = Size(label: "5M", athletes: 1250, weeks: 26, seed: 21, copyVariable: "ANTRAIN_BENCH_5M")
    static let sizes = [small, large]

    /// The last day of both logs' history (`generate` starts on 2025-01-06; 26 weeks): the
    /// queries count it as today, so that their answers hold the generated history.
    static let lastDay = "2025-07-06"

    /// The log directory of `size`, built if missing.
    static func log(_ size: Size, binary: String) throws -> String {
        let target = "/tmp/antrain-bench-commands-\(size.athletes)x\(size.weeks)-seed\(size.seed)"
        let environment = ProcessInfo.processInfo.environment
        if environment["ANTRAIN_BENCH_COMMANDS_FRESH"] != nil { try? FileManager.default.removeItem(atPath: target) }
        let stamp = try generatorStamp(binary: binary)
        if FixtureStamp.isCurrent(target, stamp: stamp), FileManager.default.fileExists(atPath: target + "/log") { return target + "/log" }
        let scratch = try TemporaryDirectory.make("antrain-bench-commands-building")
        let child = ChildProcess(executable: binary, outputPath: scratch + "/stdout", errorsPath: scratch + "/stderr")
        func must(_ arguments: [String]) throws {
            try run(child, arguments + ["--log-dir", scratch + "/log"])
        }
        if let variable = size.copyVariable, let source = environment[variable], !source.isEmpty {
            // Copied whole (segments, indexes, any state); the source is only read.
            try FileManager.default.copyItem(atPath: source, toPath: scratch + "/log")
        } else {
            try must(["generate", "--athletes", String(size.athletes), "--weeks", String(size.weeks), "--seed", String(size.seed),
                      "--library", AntrainBinary.library])
        }
        try must(["rebuild"])
        try FixtureStamp.write(stamp, into: scratch)
        try TemporaryDirectory.publish(scratch, as: target)
        return target + "/log"
    }

    /// The binary's ``FixtureStamp``: a small history (one athlete, two weeks) generated and
    /// exported as JSON Lines by `binary`, fingerprinted. A copy named by `ANTRAIN_BENCH_5M`
    /// is trusted to come from the same `generate`.
    static func generatorStamp(binary: String) throws -> String {
        let scratch = try TemporaryDirectory.make("antrain-bench-commands-stamp")
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let child = ChildProcess(executable: binary, outputPath: scratch + "/export.jsonl", errorsPath: scratch + "/stderr")
        try run(child, ["generate", "--athletes", "1", "--weeks", "2", "--seed", "1", "--library", AntrainBinary.library,
                        "--log-dir", scratch + "/log"])
        try run(child, ["export", "--format", "jsonl", "--log-dir", scratch + "/log"])
        return FixtureStamp.fingerprint(try Data(contentsOf: URL(fileURLWithPath: scratch + "/export.jsonl")))
    }

    /// Runs `antrain-log arguments`, throwing with its errors unless it exits 0.
    private static func run(_ child: ChildProcess, _ arguments: [String]) throws {
        let outcome = try child.run(arguments)
        guard outcome.status == 0 else {
            throw ChildProcessError("antrain-log \(arguments.joined(separator: " ")) exited \(outcome.status): \(child.errors())")
        }
    }
}
