import Foundation

/// A mark of what made a fixture, kept in the fixture's directory: a fixture reused across
/// runs is reused only when the generator would write it the same today.
///
/// ```swift
/// let stamp = FixtureStamp.fingerprint(exportOfASmallGeneratedLog)
/// if FixtureStamp.isCurrent(target, stamp: stamp) { return target }   // else it is gone
/// ...build into scratch...
/// try FixtureStamp.write(stamp, into: scratch)
/// try TemporaryDirectory.publish(scratch, as: target)
/// ```
///
/// The fixtures under /tmp carry their parameters in their names, not the generator's
/// version: after the events gained a field, a run measured the old 5M log through the
/// upcasters, and the JSON peer failed to decode the old rows. The stamp is the fingerprint
/// of a small history as the generator writes it now (every event's JSON envelope), so a
/// change to what it writes (a field, a version, a realism rule) builds the fixture again.
public enum FixtureStamp {
    /// The stamp file's name in a fixture's directory.
    public static let fileName = "generator-stamp"

    /// 64-bit FNV-1a of `bytes`, as 16 hex digits: a mark, not a security hash.
    public static func fingerprint(_ bytes: some Sequence<UInt8>) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// Whether `directory` is a complete fixture made with `stamp`. One made with another
    /// stamp, or with none (built before stamps), is removed, so that it is built again.
    public static func isCurrent(_ directory: String, stamp: String) -> Bool {
        guard FileManager.default.fileExists(atPath: directory) else { return false }
        let kept = try? String(contentsOfFile: directory + "/" + fileName, encoding: .utf8)
        if kept == stamp { return true }
        print("\(directory) was made by another generator (stamp \(kept ?? "none"), now \(stamp)): building it again")
        try? FileManager.default.removeItem(atPath: directory)
        return false
    }

    /// Writes `stamp` into the fixture being built in `scratch`, before it is published.
    public static func write(_ stamp: String, into scratch: String) throws {
        try stamp.write(toFile: scratch + "/" + fileName, atomically: false, encoding: .utf8)
    }
}
