import Foundation
import Logging

/// `--verbose` (or `ANTRAIN_TRACE` in the environment): the libraries' debug logs (swift-log)
/// on standard error, such as what a catch-up decided and how a rebuild spent its time.
/// Without it only critical messages would show: standard output stays the command's answer.
enum Verbosity {
    /// Whether the command line or the environment asks for the logs.
    static let isOn = CommandLine.arguments.dropFirst().contains("--verbose")
        || ProcessInfo.processInfo.environment["ANTRAIN_TRACE"] != nil

    /// The arguments without `--verbose`, which every command takes and none declares.
    static func stripped(_ arguments: [String]) -> [String] {
        arguments.filter { $0 != "--verbose" }
    }

    /// Sends every logger to standard error: the package's own (`antrain.*`) at debug level and
    /// the libraries under it (PostgresNIO) at info when verbose, nothing below critical otherwise.
    static func bootstrap() {
        let verbose = isOn
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = verbose ? (label.hasPrefix("antrain.") ? .debug : .info) : .critical
            return handler
        }
    }
}
