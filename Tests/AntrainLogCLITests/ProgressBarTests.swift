import AntrainTestSupport
import Foundation
import Testing

/// `script` (util-linux, in Debian's essential bsdutils) runs a command on a pseudo-terminal.
private let scriptTool = ["/usr/bin/script", "/bin/script"].first { FileManager.default.isExecutableFile(atPath: $0) }

/// The long commands (verify, import, rebuild, generate) draw a bar on standard error when it
/// is a terminal, and never when it is a pipe.
@Suite("Progress on a terminal")
struct ProgressBarTests {
    /// Three workouts on three days: three streams, so the import bar moves between them.
    static let strong = """
        Date;Workout Name;Exercise Name;Set Order;Weight;Weight Unit;Reps;RPE;Distance;Distance Unit;Seconds;Notes;Workout Notes
        2023-05-01 07:30:00;Legs;Squat (Barbell);1;100;kg;5;8;0;;0;;
        2023-05-03 07:30:00;Push;Bench Press (Barbell);1;80;kg;5;8;0;;0;;
        2023-05-05 07:30:00;Pull;Deadlift (Barbell);1;140;kg;5;8;0;;0;;

        """

    /// The four commands, each on a log (or file) prepared in `scratch`, with the bar's label
    /// and what its report says.
    static func commands(_ scratch: Scratch) async throws -> [(arguments: [String], label: String, report: String)] {
        try await InfoVerifyRepairTests.fill(scratch, count: 200, segmentSize: 4096)
        let seeded = scratch.url.appendingPathComponent("seeded").path
        #expect(try await scratch.run(["seed", "--log-dir", seeded]).status == 0)
        let file = try scratch.file("strong.csv", strong)
        return [
            (["verify", "--log-dir", scratch.log], "verifying", "every checksum and every hash-chain link holds"),
            (["import", file, "--source", "strong", "--log-dir", scratch.url.appendingPathComponent("imported").path],
             "importing", "read strong export"),
            (["rebuild", "--log-dir", seeded], "rebuilding", "rebuilt training"),
            (["generate", "--athletes", "1", "--weeks", "1", "--seed", "5", "--log-dir", scratch.url.appendingPathComponent("generated").path],
             "generating", "generated"),
        ]
    }

    @Test("verify, import, rebuild and generate draw a bar on a terminal, redrawn in place, to 100%, then cleared",
          .enabled(if: scriptTool != nil, "needs script(1) for a pseudo-terminal"))
    func barsOnATerminal() async throws {
        let scratch = try Scratch()
        for command in try await Self.commands(scratch) {
            let quoted = ([CLI.binary.path] + command.arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
            let (status, text) = try Self.run(scriptTool!, ["-qec", quoted.joined(separator: " "), "/dev/null"])
            #expect(status == 0, "\(command.arguments[0]): \(text)")
            #expect(text.contains("\r\(command.label) ["), "\(command.arguments[0]): the bar is redrawn in place with a carriage return: \(text)")
            #expect(text.contains("] 100% of "), "\(command.arguments[0]) reaches 100%: \(text)")
            #expect(text.contains("\r\u{1B}[2K"), "\(command.arguments[0]): the bar's line is cleared before the report")
            #expect(text.contains(command.report), "\(command.arguments[0]): \(text)")
        }
    }

    @Test("verify, import, rebuild and generate through pipes print no bar: stderr holds no carriage return or percentage")
    func noBarsOnPipes() async throws {
        let scratch = try Scratch()
        for command in try await Self.commands(scratch) {
            let (status, stdout, stderr) = try await Self.runPiped(CLI.binary.path, command.arguments)
            #expect(status == 0, "\(command.arguments[0]): \(stderr)")
            #expect(stdout.contains(command.report), "\(command.arguments[0]): \(stdout)")
            #expect(!stderr.contains("\r") && !stderr.contains("%") && !stderr.contains(command.label),
                    "\(command.arguments[0]) drew on a pipe: \(stderr.debugDescription)")
        }
    }

    /// Runs `tool arguments...` with standard output and error into one pipe.
    static func run(_ tool: String, _ arguments: [String]) throws -> (Int32, String) {
        let output = Pipe()
        let process = try SpawnedProcess(executable: tool, arguments: arguments,
                                         stdout: .descriptor(output.fileHandleForWriting.fileDescriptor), stderr: .descriptor(1))
        try output.fileHandleForWriting.close()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    /// Runs `tool arguments...` with standard output and error each into its own pipe, both
    /// read on their own threads so that neither can fill and block the other.
    static func runPiped(_ tool: String, _ arguments: [String]) async throws -> (Int32, String, String) {
        let (output, errors) = (Pipe(), Pipe())
        let process = try SpawnedProcess(executable: tool, arguments: arguments,
                                         stdout: .descriptor(output.fileHandleForWriting.fileDescriptor),
                                         stderr: .descriptor(errors.fileHandleForWriting.fileDescriptor))
        try output.fileHandleForWriting.close()
        try errors.fileHandleForWriting.close()
        let stdout = Task.detached { String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) }
        let stderr = Task.detached { String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) }
        let texts = (await stdout.value, await stderr.value)
        process.waitUntilExit()
        return (process.terminationStatus, texts.0, texts.1)
    }
}
