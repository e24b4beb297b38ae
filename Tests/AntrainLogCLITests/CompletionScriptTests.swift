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
}
