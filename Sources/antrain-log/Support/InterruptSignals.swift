import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns SIGINT (Ctrl-C) and SIGTERM into the cancellation of a task, so that a command that
/// runs until interrupted (`tail --follow`) ends through its normal path and exits 0.
///
/// The default action of both signals kills the process at once, with a non-zero status and
/// output still in the buffer; handling them through Dispatch runs the handler on a queue
/// rather than in signal context, where almost nothing is safe to call.
final class InterruptSignals {
    private let sources: [any DispatchSourceSignal]

    /// Starts cancelling `task` on SIGINT or SIGTERM.
    init<Success, Failure>(cancelling task: Task<Success, Failure>) {
        sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { task.cancel() }
            source.resume()
            return source
        }
    }

    deinit {
        sources.forEach { $0.cancel() }
    }
}
