import Foundation

/// A one-line progress bar on standard error, redrawn in place with a carriage return.
///
/// Only for terminals: the caller checks ``Output/standardErrorIsTerminal`` so that logs
/// and pipes never fill with redraws. The engine reports progress from its own thread,
/// hence the lock; a class rather than an actor because the callback is synchronous.
final class ProgressBar: @unchecked Sendable {
    private let label: String
    private let lock = NSLock()
    private var lastDrawn = -1
    private var drawnAnything = false
    private let describeTotal: @Sendable (UInt64) -> String
    private static let width = 30

    /// A bar for `label`; `describeTotal` words the total (bytes unless told otherwise).
    init(label: String, describeTotal: @escaping @Sendable (UInt64) -> String = { ReportShapes.bytes($0) }) {
        self.label = label
        self.describeTotal = describeTotal
    }

    /// Redraws when the percentage changed (at most 101 redraws, however large the log).
    func update(done: UInt64, total: UInt64) {
        let percent = total == 0 ? 100 : Int(min(done, total) * 100 / total)
        lock.lock()
        defer { lock.unlock() }
        guard percent != lastDrawn else { return }
        lastDrawn = percent
        drawnAnything = true
        let filled = percent * Self.width / 100
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: Self.width - filled)
        Output.errorRaw("\r\(label) [\(bar)] \(percent)% of \(describeTotal(total))")
    }

    /// Clears the bar's line so that what follows starts on a clean line.
    func finish() {
        lock.lock()
        defer { lock.unlock() }
        if drawnAnything { Output.errorRaw("\r\u{1B}[2K") }
    }
}
