import Foundation

/// Directories under /tmp made with `mkdtemp`, for fixtures: a fixture is built in one and
/// renamed into place when complete, so that an interrupted build never looks finished.
public enum TemporaryDirectory {
    /// A new, empty directory `/tmp/LABEL-XXXXXX`.
    public static func make(_ label: String) throws -> String {
        var template = Array("/tmp/\(label)-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!).map { String(cString: $0) } }
        guard let made else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        return made
    }

    /// Renames the complete `scratch` to `target`, or, when another process put a complete
    /// `target` there first, removes `scratch` and keeps that one.
    public static func publish(_ scratch: String, as target: String) throws {
        if rename(scratch, target) == 0 { return }
        let failure = errno
        guard failure == ENOTEMPTY || failure == EEXIST else { throw POSIXError(.init(rawValue: failure) ?? .EIO) }
        try? FileManager.default.removeItem(atPath: scratch)
    }
}
