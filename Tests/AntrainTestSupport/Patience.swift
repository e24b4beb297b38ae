import Foundation

/// How long a test waits for a process or a condition before it calls it stuck.
///
/// A test may not fail because the machine is slow (issue 41): CI runs the suite on two
/// cores beside the other suites, and again under the sanitizers, which slow a process five
/// to fifteen times. So a wait is always for a condition (a process ended, a line appeared),
/// and its bound is not a measure of speed but a guard against a real hang: many times the
/// longest normal wait, multiplied for a sanitizer build, and by `ANTRAIN_TEST_PATIENCE`
/// (a number) for a machine slower still. A bound that fires says what it waited for, how
/// long, and under which build (``describe(_:)``), so a hang is told from a slow machine.
///
/// ```swift
/// let result = try await running.finish()                    // waits up to Patience.seconds(300)
/// alarm(Patience.alarmSeconds(120))                           // a child process's own guard
/// ```
package enum Patience {
    /// The multiplier of every bound: 6 under a sanitizer, 1 otherwise, times
    /// `ANTRAIN_TEST_PATIENCE` when it is set to a number above 0.
    package static let factor: Double = {
        let build: Double = Sanitizer.active == nil ? 1 : 6
        let asked = ProcessInfo.processInfo.environment["ANTRAIN_TEST_PATIENCE"].flatMap(Double.init) ?? 1
        return build * (asked > 0 ? asked : 1)
    }()

    /// The build this process runs: "debug", "release", or the sanitizer's, for messages.
    package static let build: String = {
        #if DEBUG
        let configuration = "debug"
        #else
        let configuration = "release"
        #endif
        guard let sanitizer = Sanitizer.active else { return configuration }
        return "\(configuration), \(sanitizer.rawValue) sanitizer"
    }()

    /// `base` seconds, scaled for this build and machine.
    package static func seconds(_ base: Double) -> Double { base * factor }

    /// `base` scaled, as a `Duration`.
    package static func duration(_ base: Double) -> Duration { .milliseconds(Int64(seconds(base) * 1000)) }

    /// `base` scaled and rounded up, for `alarm(2)` in a child process.
    package static func alarmSeconds(_ base: Double) -> UInt32 { UInt32(seconds(base).rounded(.up)) }

    /// Why a wait for `what` gave up after `seconds`: the bound and the build.
    package static func describe(_ what: String, after seconds: Double) -> String {
        "\(what) after \(Int(seconds.rounded())) s (a bound for a hang, not for speed: build \(build), patience ×\(factor.formatted()); set ANTRAIN_TEST_PATIENCE to wait longer)"
    }
}
