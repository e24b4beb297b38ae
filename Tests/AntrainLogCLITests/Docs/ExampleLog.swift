import AntrainLog
import AntrainTestSupport
import Foundation
import Testing

/// The log the documented examples run on, and the state each example expects of a person's
/// log: a seeded library, a workout in progress for the commands that act on one (none for
/// `workout start`), a completed workout for `show` and `workout delete`, a diary entry on the
/// day `diary` names, the files `import`, `append` and `program add --file` read. Placeholder
/// ids (`3F2A9C1B`, `77D0`, `3c58c5d6`...) become the ids of those.
final class ExampleLog {
    let scratch: Scratch
    let repository: URL

    init(repository: URL) async throws {
        self.repository = repository
        scratch = try Scratch()
        #expect(try await scratch.runOnLog(["seed"]).status == 0)
        try writeFiles()
        // Template items name exercises by id, as the person's file would.
        let squat = try #require(try JSONSerialization.jsonObject(with: Data(try await scratch.runOnLog(
            ["exercise", "show", "Barbell Back Squat", "--format", "json"]).stdout.utf8)) as? [String: Any])
        let id = try #require(squat["id"] as? String)
        try #"[{"kind": "exercise", "position": 1, "exerciseID": "\#(id)", "target": "repetitions", "sets": 5, "repsPerSet": 5, "restSeconds": 180}]"#
            .write(to: scratch.url.appendingPathComponent("legs-items.json"), atomically: true, encoding: .utf8)
    }

    /// Runs `command` through `bash -c` (with pipefail) in the scratch directory, with `antrain-log` on the
    /// path and the log as `ANTRAIN_LOG_DIR`.
    func shell(_ command: String) async throws -> CLI.Result {
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = CLI.binary.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["ANTRAIN_LOG_DIR"] = scratch.log
        environment["TZ"] = "UTC"
        environment["HOME"] = scratch.url.path
        let files = scratch.url.appendingPathComponent(".shell-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
        let out = files.appendingPathComponent("stdout"), err = files.appendingPathComponent("stderr")
        try Data().write(to: out)
        try Data().write(to: err)
        let process = try SpawnedProcess(executable: "/bin/bash", arguments: ["-c", "set -o pipefail; " + command],
                                         environment: environment, workingDirectory: scratch.url.path, stdin: .null,
                                         stdout: .path(out.path), stderr: .path(err.path))
        return try await CLI.Running(process: process, stdoutFile: out, stderrFile: err, command: command).finish()
    }

    /// `line` with its placeholders made real, after putting the log in the state it expects.
    func prepare(_ line: String) async throws -> String {
        var command = line
        let words = line.split(separator: " ").map(String.init)
        let sub = words.count > 2 ? words[2] : ""
        if words.count > 1, words[1] == "workout" {
            if sub == "start" { try await endActiveWorkout() } else if sub != "delete" { try await ensureActiveWorkout() }
        }
        if words.count > 1, ["cardio", "metcon"].contains(words[1]) || (words[1] == "program" && sub == "start") {
            try await endActiveWorkout()
        }
        if sub == "complete", let end = line.firstMatch(of: #/--at (\d{4}-\d\d-\d\dT)(\d\d):(\d\d)/#), let hour = Int(end.output.2), hour > 0 {
            // A past day's workout, entered afterwards: it started an hour before its end.
            try await endActiveWorkout()
            let start = String(format: "%@%02d:%@", String(end.output.1), hour - 1, String(end.output.3))
            #expect(try await scratch.runOnLog(["workout", "start", "--at", start]).status == 0)
            #expect(try await scratch.runOnLog(["workout", "set", "Barbell Bench Press", "100kg", "x", "5", "--at", start]).status == 0)
        } else if sub == "complete", line.contains("--duration") {
            // A workout ends its length after its start, and not in the future (issue 38): one
            // that started two hours ago, its set at its start.
            try await endActiveWorkout()
            #expect(try await scratch.runOnLog(["workout", "start", "--at", localTime(secondsAgo: 7200)]).status == 0)
            _ = try await ensureSet(timed: false)
        } else if sub == "complete" {
            _ = try await ensureSet(timed: false)
        }
        if line.contains("--workout "), line.contains("--at ") {
            // A forgotten set: the workout it names was done around the time given.
            let at = try #require(line.firstMatch(of: #/--at (\S+)/#).map { String($0.output.1) })
            let done = try await completedWorkout(around: at)
            command = command.replacing(#/--workout [0-9A-Fa-f]{4,}/#, with: "--workout \(done)")
        } else if line.contains("--workout ") {
            let workout = try await ensureActiveWorkout()
            command = command.replacing(#/--workout [0-9A-Fa-f]{4,}/#, with: "--workout \(workout)")
        }
        if sub == "correct-set" || sub == "remove-set" || sub == "done" {
            let set = try await ensureSet(timed: line.contains("--time"), planned: sub == "done")
            command = command.replacing(#/(correct-set|remove-set|done) [0-9A-Fa-f]{4,}/#) { "\($0.output.1) \(set)" }
        }
        if sub == "delete", words[1] == "workout" {
            let done = try await completedWorkout()
            command = command.replacing(#/delete [0-9A-Fa-f]{4,}/#, with: "delete \(done)")
        }
        if words.count > 1, words[1] == "show" {
            let done = try await completedWorkout()
            command = command.replacing(#/show [0-9A-Fa-f-]{8,}/#, with: "show \(done)")
        }
        if words.count > 1, words[1] == "diary" {
            let day = line.firstMatch(of: #/--date (\S+)/#).map { String($0.output.1) } ?? "today"
            let entry = try await entry(on: day)
            command = command.replacing(#/(correct|remove) [0-9a-fA-F]{4,}/#) { "\($0.output.1) \(entry)" }
        }
        if line.contains("--expect-head") {
            let info = try #require(try await scratch.runOnLog(["info", "--format", "json"]).jsonLines().first)
            let head = try #require(info["chainHead"] as? String ?? info["head"] as? String, "info names the chain head: \(info.keys)")
            command = command.replacing(#/--expect-head [0-9a-f]{64}/#, with: "--expect-head \(head)")
        }
        command = command.replacingOccurrences(of: "/var/lib/antrain/log", with: scratch.log)
            .replacingOccurrences(of: "/tmp/restored", with: scratch.url.appendingPathComponent("restored").path)
            .replacingOccurrences(of: "~/antrain/library", with: repository.appendingPathComponent("fixtures/library").path)
        // The person's own log directory, as `copy` examples name it: the seeded one.
        command = command.replacing(#/~\/antrain(?=\s|$)/#, with: scratch.log)
        if line.contains("postgres") {
            // A server of the person's own: the test's throwaway one.
            let server = try PostgresTestServer.shared().url
            command = command.replacing(#/--(store|to|from) '?postgres(ql)?:[^ ']*'?/#) { "--\($0.output.1) '\(server)'" }
        }
        if words.count > 1, words[1] == "generate" {
            // Into a new log of its own: generate writes only into an empty one.
            let fresh = scratch.url.appendingPathComponent("generated-\(UUID().uuidString)").path
            command = line.contains("--log-dir ") ? command.replacing(#/--log-dir \S+/#, with: "--log-dir \(fresh)") : command + " --log-dir " + fresh
        }
        return command
    }

    // MARK: The state examples expect

    @discardableResult
    private func ensureActiveWorkout() async throws -> String {
        if let active = try await activeWorkout() {
            if active.type == "lifting" { return active.id }
            try await endActiveWorkout()
        }
        let started = try await scratch.runOnLog(["workout", "start", "--format", "json"])
        return try #require(try started.jsonLines().first?["workoutId"] as? String, "\(started.stderr)")
    }

    private func endActiveWorkout() async throws {
        guard try await activeWorkout() != nil else { return }
        _ = try await scratch.runOnLog(["workout", "cancel"])
    }

    private func activeWorkout() async throws -> (id: String, type: String)? {
        let history = try await scratch.runOnLog(["history", "--format", "json"])
        let workouts = try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [[String: Any]] ?? []
        guard let active = workouts.first(where: { $0["status"] as? String == "active" }), let id = active["id"] as? String else { return nil }
        return (id, active["type"] as? String ?? "")
    }

    private func ensureSet(timed: Bool, planned: Bool = false) async throws -> String {
        try await ensureActiveWorkout()
        let set = timed ? ["Plank", "--time", "60s"] : ["Barbell Bench Press", "100kg", "x", "5"]
        let logged = try await scratch.runOnLog(["workout", "set"] + set + (planned ? ["--planned"] : []) + ["--format", "json"])
        #expect(logged.status == 0, "\(logged.stderr)")
        return try #require(try logged.jsonLines().first?["setId"] as? String, "\(logged.stdout)")
    }

    private func completedWorkout() async throws -> String {
        try await endActiveWorkout()
        _ = try await scratch.runOnLog(["workout", "start"])
        _ = try await scratch.runOnLog(["workout", "set", "Barbell Back Squat", "100kg", "x", "5"])
        let completed = try await scratch.runOnLog(["workout", "complete", "--format", "json"])
        return try #require(try completed.jsonLines().first?["workoutId"] as? String, "\(completed.stderr)")
    }

    /// A completed workout started half an hour before `at` (a local time) and ended an hour after.
    private func completedWorkout(around at: String) async throws -> String {
        try await endActiveWorkout()
        // `2026-11-21T07:50` in UTC, the zone the examples run in.
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm"
        let time = try #require(formatter.date(from: at), "a time such as 2026-11-21T07:50: \(at)")
        let start = formatter.string(from: time.addingTimeInterval(-1800))
        let end = formatter.string(from: time.addingTimeInterval(3600))
        let started = try await scratch.runOnLog(["workout", "start", "--at", start, "--format", "json"])
        let id = try #require(try started.jsonLines().first?["workoutId"] as? String, "\(started.stderr)")
        #expect(try await scratch.runOnLog(["workout", "set", "Barbell Back Squat", "100kg", "x", "5", "--at", start]).status == 0)
        let completed = try await scratch.runOnLog(["workout", "complete", "--at", end])
        #expect(completed.status == 0, "\(completed.stderr)")
        return id
    }

    private func entry(on day: String) async throws -> String {
        let eaten = try await scratch.runOnLog(["eat", "Rolled oats", "80g", "--meal", "breakfast", "--date", day, "--format", "json"])
        return try #require(try eaten.jsonLines().first?["entryId"] as? String, "\(eaten.stderr)")
    }

    // MARK: Files the examples read

    private func writeFiles() throws {
        let fixtures = repository.appendingPathComponent("fixtures")
        let here = scratch.url
        let manager = FileManager.default
        try manager.createDirectory(at: here.appendingPathComponent("fixtures/events"), withIntermediateDirectories: true)
        try manager.copyItem(at: fixtures.appendingPathComponent("events/training-week.jsonl"),
                             to: here.appendingPathComponent("fixtures/events/training-week.jsonl"))
        let week = try String(contentsOf: fixtures.appendingPathComponent("events/training-week.jsonl"), encoding: .utf8)
        for name in ["events.jsonl", "import.jsonl", "backup.jsonl"] { try week.write(to: here.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        let imports = fixtures.appendingPathComponent("imports")
        let layouts = try manager.contentsOfDirectory(atPath: imports.path)
        func copy(_ prefix: String, to name: String) throws {
            let file = try #require(layouts.sorted().first { $0.hasPrefix(prefix) }, "a fixture \(prefix)* in fixtures/imports: \(layouts)")
            try manager.copyItem(at: imports.appendingPathComponent(file), to: here.appendingPathComponent(name))
        }
        try copy("strong", to: "strong.csv")
        try copy("hevy", to: "hevy_workouts.csv")
        try copy("cronometer", to: "servings.csv")
        try #"{"weeks": [{"days": [{"dayOfWeek": 1, "template": "Legs Day"}, {"dayOfWeek": 4, "template": "Push Day"}]}]}"#
            .write(to: here.appendingPathComponent("block.json"), atomically: true, encoding: .utf8)
        try #"{"weeks": [{"days": [{"dayOfWeek": 2, "template": "Legs Day"}, {"dayOfWeek": 5, "template": "Pull Day"}]}]}"#
            .write(to: here.appendingPathComponent("block-v2.json"), atomically: true, encoding: .utf8)
    }
}

