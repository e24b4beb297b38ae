import AntrainTestSupport
import Foundation
import Testing

/// Issue 39: shell completion comes from swift-argument-parser's own generator, so it always
/// holds the commands the binary has; each script parses in its shell (bash always; zsh,
/// which scripts/setup.sh installs, and fish when present).
@Suite struct CompletionScriptTests {
    static let shells: [(name: String, check: [String]?)] = [
        ("bash", ["/bin/bash", "-n"]),
        ("zsh", FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh") ? ["/usr/bin/zsh", "-n"] : nil),
        ("fish", FileManager.default.isExecutableFile(atPath: "/usr/bin/fish") ? ["/usr/bin/fish", "--no-execute"] : nil),
    ]

    @Test(arguments: ["bash", "zsh", "fish"])
    func theCompletionScriptParsesAndNamesTheCommands(_ shell: String) async throws {
        let scratch = try Scratch()
        let result = try await scratch.run(["--generate-completion-script", shell])
        #expect(result.status == 0, "\(result.stderr)")
        for command in ["workout", "seed", "replay", "copy", "nutrition", "log-dir"] {
            #expect(result.stdout.contains(command), "\(shell): \(command) missing")
        }
        let check = try #require(Self.shells.first { $0.name == shell }).check
        if shell == "bash" || shell == "zsh" {
            try #require(check != nil, "\(shell) is not installed: run scripts/setup.sh")
        }
        guard let check else { return }
        let script = try scratch.file("completion.\(shell)", result.stdout)
        let parsed = try SpawnedProcess.run(check[0], Array(check.dropFirst()) + [script])
        #expect(parsed.status == 0, "\(shell) cannot parse the script: \(String(decoding: parsed.stderr, as: UTF8.self))")
    }

    /// Names complete from the log the command line names: a preset and an exercise the user
    /// added, a food with spaces in its name, a template; no log, no names and no error.
    @Test func namesCompleteFromTheLog() async throws {
        let scratch = try await seededScratch()
        _ = try await scratch.record(["exercise", "add", "Zercher Squat", "--muscles", "quads", "--category", "barbell"])
        let script = try scratch.file("completion.bash", try await scratch.run(["--generate-completion-script", "bash"]).stdout)
        /// What bash offers for the last of `words` (typed after the binary), as a user's Tab
        /// would ask: the completion function called as `complete -F` calls it (command, the
        /// word being completed, the word before it).
        func offered(_ words: [String], environment: [String: String] = [:]) throws -> [String] {
            let quoted = ([CLI.binary.path] + words).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
            let program = """
                source '\(script)'
                COMP_WORDS=(\(quoted.joined(separator: " "))); COMP_CWORD=\(words.count)
                COMP_LINE="${COMP_WORDS[*]}"; COMP_POINT=${#COMP_LINE}
                _antrain-log "${COMP_WORDS[0]}" "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"; printf '%s\\n' "${COMPREPLY[@]}"
                """
            var env = ProcessInfo.processInfo.environment
            env["ANTRAIN_LOG_DIR"] = nil
            for (key, value) in environment { env[key] = value }
            let result = try SpawnedProcess.run("/bin/bash", ["-c", program], environment: env)
            #expect(result.status == 0, "\(String(decoding: result.stderr, as: UTF8.self))")
            return String(decoding: result.stdout, as: UTF8.self).split(separator: "\n").map(String.init)
        }
        #expect(try offered(["workout", "set", "--log-dir", scratch.log, "Zer"]) == ["Zercher Squat"])
        #expect(try offered(["prs", "--log-dir", scratch.log, "Barbell B"]).sorted() == ["Barbell Back Squat", "Barbell Bench Press"])
        #expect(try offered(["eat", "Chicken b"], environment: ["ANTRAIN_LOG_DIR": scratch.log]) == ["Chicken breast, cooked"])
        #expect(try offered(["workout", "start", "--log-dir", scratch.log, "--template", "Push"]) == ["Push Day"])
        #expect(try offered(["program", "activate", "--log-dir", scratch.log, "Beginner"]) == ["Beginner Linear Strength"])
        #expect(try offered(["workout", "set", "--log-dir", scratch.url.appendingPathComponent("none").path, "Zer"]).isEmpty)
    }
}
