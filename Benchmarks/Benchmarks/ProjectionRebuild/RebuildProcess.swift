import Foundation
import RebuildSupport

/// A rebuild run in a child process: the RebuildRunner executable built beside this one
/// (see RebuildRunner.swift for why a rebuild is not measured in the harness's process).
struct RebuildProcess {
    /// What the child reported.
    struct Outcome {
        /// Events decoded.
        var events: Int
        /// The child's peak resident memory (VmHWM), megabytes.
        var peakMB: Int
        /// Bytes of the state file the rebuild wrote (0 for R0).
        var stateBytes: Int
    }

    /// Runs `body` on the fixture in `directory` and waits for it.
    static func run(_ body: RebuildBody, directory: String) throws -> Outcome {
        let process = Process()
        process.executableURL = try runnerURL()
        process.arguments = [body.rawValue, directory]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        guard process.terminationStatus == 0 else {
            throw BenchmarkFixtureError("RebuildRunner \(body.rawValue) exited \(process.terminationStatus): \(text)")
        }
        var fields: [String: Int] = [:]
        for pair in text.split(whereSeparator: \.isWhitespace) {
            let parts = pair.split(separator: "=")
            if parts.count == 2, let value = Int(parts[1]) { fields[String(parts[0])] = value }
        }
        guard let events = fields["events"], let peakMB = fields["peakMB"] else {
            throw BenchmarkFixtureError("RebuildRunner \(body.rawValue) printed \(text.debugDescription)")
        }
        return Outcome(events: events, peakMB: peakMB, stateBytes: fields["stateBytes"] ?? 0)
    }

    /// RebuildRunner in this executable's directory (both are products of this package).
    private static func runnerURL() throws -> URL {
        let me = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        let url = URL(fileURLWithPath: me).deletingLastPathComponent().appendingPathComponent("RebuildRunner")
        guard FileManager.default.isExecutableFile(atPath: url.path) else {
            throw BenchmarkFixtureError("no RebuildRunner beside \(me): build it with `swift build -c release --product RebuildRunner`")
        }
        return url
    }
}
