import Foundation

/// The built `antrain-log` the benchmarks run, and the repository around it.
///
/// `ANTRAIN_LOG_BIN` names the binary (relative to the current directory, as a shell would
/// read it); by default it is the main package's release build, `.build/release/antrain-log`
/// at the repository's root (`../.build/release/antrain-log` from Benchmarks/). Build it
/// first: `swift build -c release --product antrain-log` (scripts/bench-commands.sh does).
enum AntrainBinary {
    /// The repository, found from this file: Benchmarks/Benchmarks/CommandLatency/ up to it.
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The preset library `generate` writes into a new log.
    static let library = repository.appendingPathComponent("fixtures/library").path

    /// The absolute path of the binary; throws when there is none.
    static func path() throws -> String {
        let given = ProcessInfo.processInfo.environment["ANTRAIN_LOG_BIN"]
        let path: String
        if let given, !given.isEmpty {
            path = given.hasPrefix("/") ? given
                : URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(given).standardized.path
        } else {
            path = repository.appendingPathComponent(".build/release/antrain-log").path
        }
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw ChildProcessError("no antrain-log at \(path): build it with `swift build -c release --product antrain-log` "
                + "at the repository's root, or set ANTRAIN_LOG_BIN")
        }
        return path
    }
}
