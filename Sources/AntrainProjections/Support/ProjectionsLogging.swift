import Logging

/// The projections' loggers (swift-log): what a catch-up decided and how a rebuild spent its
/// time, at debug level. The application chooses where they go (`LoggingSystem.bootstrap`);
/// the CLI shows them with `--verbose`.
///
/// ```swift
/// LoggingSystem.bootstrap { label in
///     var handler = StreamLogHandler.standardError(label: label)
///     handler.logLevel = label.hasPrefix("antrain.") ? .debug : .info
///     return handler
/// }
/// ```
package enum ProjectionsLogging {
    /// Catch-ups: the look at the log, the plan, the state opened or set aside.
    package static let state = Logger(label: "antrain.projections.state")
    /// Rebuilds: folding, the lanes, the writer, the commit.
    package static let rebuild = Logger(label: "antrain.projections.rebuild")
}
