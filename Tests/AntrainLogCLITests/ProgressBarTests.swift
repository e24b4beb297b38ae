import Foundation
import Testing

/// `script` (util-linux, in Debian's essential bsdutils) runs a command on a pseudo-terminal.
private let scriptTool = ["/usr/bin/script", "/bin/script"].first { FileManager.default.isExecutableFile(atPath: $0) }

@Suite("Progress on a terminal")
struct ProgressBarTests {
    @Test("verify draws a progress bar on a terminal, in place, and clears it (never on a pipe: see verifyJSONOnASoundLogExitsZero)",
          .enabled(if: scriptTool != nil, "needs script(1) for a pseudo-terminal"))
    func progressBarOnATerminal() async throws {
        let scratch = try Scratch()
        try await InfoVerifyRepairTests.fill(scratch, count: 200, segmentSize: 4096)
        let command = "\(CLI.binary.path) --log-dir \(scratch.log) verify"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: scriptTool!)
        process.arguments = ["-qec", command, "/dev/null"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(text.contains("\rverifying ["), "the bar is redrawn in place with a carriage return")
        #expect(text.contains("100%"))
        #expect(text.contains("\r\u{1B}[2K"), "the bar's line is cleared before the report")
        #expect(text.contains("every checksum and every hash-chain link holds"))
    }
}
