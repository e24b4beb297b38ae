import Foundation
import SystemPackage

/// The `quarantine/` folder beside the segments: where damaged or torn bytes are moved
/// instead of being deleted, so that nothing is ever thrown away by the log itself.
enum Quarantine {
    /// Writes `bytes` to a new file in quarantine and makes it durable.
    static func store(_ bytes: [UInt8], named name: String, in directory: LogDirectory) throws(LogError) {
        try LogDirectory(path: directory.quarantinePath).create()
        do {
            try AtomicFile.write(bytes, to: directory.quarantinePath.appending(name))
        } catch {
            throw .system(error)
        }
    }

    /// Moves a file of the log into quarantine under `name`.
    static func move(_ source: FilePath, named name: String, in directory: LogDirectory) throws(LogError) {
        try LogDirectory(path: directory.quarantinePath).create()
        let target = directory.quarantinePath.appending(name)
        guard rename(source.string, target.string) == 0 else {
            throw .system("rename", path: source.string, Errno(rawValue: errno))
        }
    }
}

/// `damage.json`: the damage that verification found, kept until `repair`, so that every
/// writer (in any process) refuses appends until then.
enum DamageMarker {
    static func read(_ directory: LogDirectory) -> Damage? {
        // One cheap system call on the common path: the writer checks before every commit.
        guard access(directory.damagePath.string, F_OK) == 0 else { return nil }
        guard let data = FileManager.default.contents(atPath: directory.damagePath.string) else { return nil }
        return try? JSONDecoder().decode(Damage.self, from: data)
    }

    /// Replaces the marker with `damage`, atomically and durably: every process sees the
    /// whole marker or none.
    static func write(_ damage: Damage, _ directory: LogDirectory) throws(LogError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let bytes = Array((try? encoder.encode(damage)) ?? Data())
        do {
            try AtomicFile.write(bytes, to: directory.damagePath)
        } catch {
            throw .system(error)
        }
    }

    static func remove(_ directory: LogDirectory) throws(LogError) {
        guard unlink(directory.damagePath.string) == 0 || errno == ENOENT else {
            throw .system("unlink", path: directory.damagePath.string, Errno(rawValue: errno))
        }
    }
}
