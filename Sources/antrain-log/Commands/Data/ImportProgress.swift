import AntrainEvents
import AntrainImport
import AntrainLog
import Foundation

extension ImportCommand {
    /// Appends `streams` with ``ImportAppender``, drawing a bar of the events done when
    /// standard error is a terminal; on a pipe it is exactly one `ImportAppender.append`.
    static func appendShowingProgress(_ streams: [PlannedStream], stored: Set<UUID>,
                                      to log: any LogWriter) async throws -> ImportAppender.Counts {
        guard Output.standardErrorIsTerminal else { return try await ImportAppender.append(streams, stored: stored, to: log) }
        let total = UInt64(streams.reduce(0) { $0 + $1.events.count })
        let bar = ProgressBar(label: "importing", describeTotal: { "\($0) events" })
        defer { bar.finish() }
        var counts = ImportAppender.Counts()
        var done: UInt64 = 0
        // One stream at a time, so that the bar can move between them; the appender still
        // batches inside each stream, and streams are appended in the same order as in one call.
        for stream in streams {
            let part = try await ImportAppender.append([stream], stored: stored, to: log)
            counts.appended += part.appended
            counts.alreadyStored += part.alreadyStored
            counts.appends += part.appends
            done += UInt64(stream.events.count)
            bar.update(done: done, total: total)
        }
        return counts
    }
}
