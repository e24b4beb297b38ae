import AntrainLog
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A command line that does not make sense: the message says why; exit status 2.
struct UsageError: Error {
    let message: String
}

/// `MODE --name value ...`: the mode and its options, each option given at most once.
struct Arguments {
    let mode: String
    private var values: [String: String]
    private var used: Set<String> = []

    init(_ words: [String]) throws(UsageError) {
        guard let mode = words.first else { throw UsageError(message: "no mode given") }
        self.mode = mode
        values = [:]
        var rest = words.dropFirst()
        while let name = rest.popFirst() {
            guard name.hasPrefix("--"), name.count > 2 else { throw UsageError(message: "expected an option (--name value), got '\(name)'") }
            guard let value = rest.popFirst() else { throw UsageError(message: "\(name) needs a value") }
            guard values.updateValue(value, forKey: String(name.dropFirst(2))) == nil else {
                throw UsageError(message: "\(name) is given twice")
            }
        }
    }

    /// A required text option.
    mutating func string(_ name: String) throws(UsageError) -> String {
        guard let value = optionalString(name) else { throw UsageError(message: "\(mode) needs --\(name)") }
        return value
    }

    mutating func optionalString(_ name: String) -> String? {
        used.insert(name)
        return values[name]
    }

    /// A whole-number option within `range`; `defaultValue` when absent (required when nil).
    mutating func int(_ name: String, _ range: ClosedRange<Int>, default defaultValue: Int? = nil) throws(UsageError) -> Int {
        guard let text = optionalString(name) else {
            guard let defaultValue else { throw UsageError(message: "\(mode) needs --\(name)") }
            return defaultValue
        }
        guard let value = Int(text), range.contains(value) else {
            throw UsageError(message: "--\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound), got '\(text)'")
        }
        return value
    }

    mutating func optionalInt(_ name: String, _ range: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard values[name] != nil else {
            used.insert(name)
            return nil
        }
        return try int(name, range)
    }

    /// Refuses options the mode does not know (call after reading all of them).
    func finish() throws(UsageError) {
        let unknown = Set(values.keys).subtracting(used)
        guard unknown.isEmpty else {
            throw UsageError(message: "\(mode) does not take \(unknown.sorted().map { "--" + $0 }.joined(separator: ", "))")
        }
    }
}

/// Unbuffered output: each call is one `write(2)` to the descriptor, so that a line written
/// before a SIGKILL is in the pipe, and lines of concurrent tasks never interleave (a pipe
/// write of at most PIPE_BUF bytes is atomic).
enum Output {
    static func line(_ text: String) { write(text + "\n", to: 1) }
    static func error(_ text: String) { write("antrain-stress: " + text + "\n", to: 2) }

    static func write(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)
        var done = 0
        while done < bytes.count {
            let written = bytes.withUnsafeMutableBytes { writeSome(descriptor, $0.baseAddress! + done, $0.count - done) }
            if written < 0 {
                if errno == EINTR { continue }
                exit(1)  // the reader is gone: nothing left to report to
            }
            done += written
        }
        bytes.removeAll()
    }
}

/// A failed invariant seen inside this process: reported on stderr, exit status 1.
struct InvariantViolation: Error, CustomStringConvertible {
    let description: String
}

/// SplitMix64: small, fast and seedable, so a run's choices follow from its arguments.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// How a stream version appears in the output: a number, or `none` for no stream.
func versionText(_ version: UInt64?) -> String { version.map(String.init) ?? "none" }

/// Stops the process with status 3 when `seconds` pass: a wait that never ends is a failure
/// the parent should see, not a hang.
func startWatchdog(seconds: Int, _ what: String) {
    Thread.detachNewThread {
        Thread.sleep(forTimeInterval: TimeInterval(seconds))
        Output.error("timed out after \(seconds) s: \(what)")
        exit(3)
    }
}

/// write(2), outside ``Output``, whose own `write` would hide the C function.
private func writeSome(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
