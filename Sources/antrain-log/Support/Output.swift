#if canImport(Glibc)
import AntrainJSON
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Buffered writes to standard output and direct writes to standard error.
///
/// Written on `write(2)` rather than `print` so that `cat` of a large log is not one system
/// call per line, and so that `tail --follow` can flush after each record: C's `stdout`
/// global cannot be flushed from Swift 6 code without a concurrency-safety error.
struct Output {
    private var buffer: [UInt8] = []
    private static let flushThreshold = 64 << 10

    init() { buffer.reserveCapacity(Self.flushThreshold) }

    /// Adds a line (a newline is appended) to standard output.
    mutating func line(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        buffer.append(0x0A)
        if buffer.count >= Self.flushThreshold { flush() }
    }

    /// Adds the compact text of a JSON value and a newline (one JSON Lines record).
    mutating func jsonLine(_ value: JSONValue) {
        value.write(to: &buffer)
        buffer.append(0x0A)
        if buffer.count >= Self.flushThreshold { flush() }
    }

    /// Writes out what is buffered.
    mutating func flush() {
        Self.writeAll(buffer, to: 1)
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes a line to standard error at once (errors, notes and progress must not wait
    /// behind buffered output).
    static func error(_ text: String) {
        writeAll(Array((text + "\n").utf8), to: 2)
    }

    /// Writes raw text to standard error without a newline (for progress bars).
    static func errorRaw(_ text: String) {
        writeAll(Array(text.utf8), to: 2)
    }

    /// Whether standard error is a terminal (progress bars go only there, never into a pipe).
    static var standardErrorIsTerminal: Bool { isatty(2) == 1 }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
        var done = 0
        while done < bytes.count {
            let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + done, $0.count - done) }
            if count > 0 {
                done += count
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                // The reader went away (`antrain-log cat | head`) and SIGPIPE is ignored (by
                // default the signal ends the process first): stop quietly, as filters do;
                // there is no one left to tell.
                if descriptor == 1 { exit(0) }
                return
            }
        }
    }
}
