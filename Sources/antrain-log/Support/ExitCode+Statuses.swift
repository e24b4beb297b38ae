import ArgumentParser

/// The exit statuses of `antrain-log`, documented in docs/CLI.md, as swift-argument-parser's
/// own ``ExitCode``: ``ExitCode/success`` (0) and ``ExitCode/validationFailure`` (64, a bad
/// command line, as ArgumentParser's own validation exits) are its own; these are the rest.
///
/// The 6x/7x codes follow BSD `sysexits.h`, so scripts and supervisors already know them;
/// the small ones are outcomes particular to a log.
extension ExitCode {
    /// The log holds damaged data (found by `verify`, or met while reading or appending).
    static let damaged = ExitCode(2)
    /// `verify --expect-head`: the log is sound but does not contain the expected block.
    static let headMismatch = ExitCode(3)
    /// `verify`: the log is sound, but the read models' state is damaged (`rebuild` makes it anew).
    static let stateDamaged = ExitCode(4)
    /// Input rejected: malformed JSON Lines, a wrong expected version, a reused event id.
    static let rejectedInput = ExitCode(65)
    /// No log (or no input file) where one was named.
    static let noInput = ExitCode(66)
    /// A bug in antrain-log or the engine.
    static let internalError = ExitCode(70)
    /// Another process holds the writer lock.
    static let locked = ExitCode(73)
    /// A system call failed: disk full, file too large, not writable, other I/O errors.
    static let ioFailure = ExitCode(74)
}
