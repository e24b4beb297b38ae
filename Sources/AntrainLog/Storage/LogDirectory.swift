import Foundation
import SystemPackage

/// The files of a log directory and their names.
///
/// ```
/// LOG_DIR/
///   LOCK                         writer lock; holds the writer's process id
///   00000000000000000000.log     segment: blocks from offset 0
///   00000000000000000000.index   its index (a cache)
///   00000000000001048576.log     next segment, first offset 1048576
///   damage.json                  present while verified damage awaits `repair`
///   writer-state.sqlite          the writer's state (stream versions, recent event ids): a cache
///   writer-state.sqlite-wal      its SQLite write-ahead log, and -shm its shared memory
///   quarantine/                  what `repair` and tail recovery moved aside
/// ```
public struct LogDirectory: Sendable {
    /// The directory.
    public let path: FilePath

    static let segmentExtension = "log"
    static let indexExtension = "index"
    static let lockName = "LOCK"
    static let damageName = "damage.json"
    static let quarantineName = "quarantine"
    /// The writer's state and the files SQLite keeps beside it.
    static let stateNames = ["", "-wal", "-shm", "-journal"].map { WriterStateStore.fileName + $0 }

    /// A log at `path`.
    public init(path: FilePath) { self.path = path }

    /// The 20-digit, zero-padded file stem of a segment starting at `offset`.
    public static func stem(for offset: UInt64) -> String {
        let digits = String(offset)
        return String(repeating: "0", count: max(0, 20 - digits.count)) + digits
    }

    package func segmentPath(_ base: UInt64) -> FilePath { path.appending("\(Self.stem(for: base)).\(Self.segmentExtension)") }
    package func indexPath(_ base: UInt64) -> FilePath { path.appending("\(Self.stem(for: base)).\(Self.indexExtension)") }
    var lockPath: FilePath { path.appending(Self.lockName) }
    var damagePath: FilePath { path.appending(Self.damageName) }
    var quarantinePath: FilePath { path.appending(Self.quarantineName) }
    var statePath: FilePath { path.appending(WriterStateStore.fileName) }

    /// The first offsets of all segments, ascending. Throws when the directory cannot be listed.
    func segmentBases() throws(LogError) -> [UInt64] {
        try Self.segmentBases(among: try names())
    }

    /// The names in the directory.
    private func names() throws(LogError) -> [String] {
        do {
            return try FileManager.default.contentsOfDirectory(atPath: path.string)
        } catch {
            throw LogError.notALog(path: path.string, reason: "the directory cannot be listed (\(error.localizedDescription))")
        }
    }

    /// The first offsets of the segments among `names`, ascending.
    private static func segmentBases(among names: [String]) throws(LogError) -> [UInt64] {
        var bases: [UInt64] = []
        for name in names {
            guard let base = offset(named: name, extension: segmentExtension) else { continue }
            // Offsets stay below 2^63 (see BlockHeader): a name beyond is no segment this
            // format can write, and ignoring it would hide a file from verify.
            guard base <= UInt64(Int64.max) else {
                throw LogError.damaged(Damage(segment: name, position: 0, firstOffset: base, endOffset: nil,
                                              reason: "the segment's name gives first offset \(base), not below 2^63"))
            }
            bases.append(base)
        }
        return bases.sorted()
    }

    /// The offset a 20-digit file name with `fileExtension` (and optionally a further
    /// suffix) gives, or nil for any other name.
    private static func offset(named name: String, extension fileExtension: String, suffix: String = "") -> UInt64? {
        let ending = ".\(fileExtension)\(suffix)"
        guard name.hasSuffix(ending) else { return nil }
        let stem = name.dropLast(ending.count)
        guard stem.count == 20, stem.allSatisfy(\.isASCII) else { return nil }
        return UInt64(stem)
    }

    /// Whether the directory holds at least one segment file: a log (a new log has an empty one).
    public var holdsLog: Bool { ((try? segmentBases()) ?? []).isEmpty == false }

    /// Whether the directory exists.
    var exists: Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path.string, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// Refuses a directory that holds other files and no segment: so that a mistyped
    /// `--log-dir` (a home directory, say) is never turned into a log.
    ///
    /// Called twice by a writer opening the log. Before it takes the lock (so that a foreign
    /// directory never gets a `LOCK` file), another writer may be creating the log meanwhile:
    /// its new segment's index can be listed without the segment when the listing races the
    /// creation, so index files are the log's own then. Once the lock is held
    /// (`lockHeld`, just before a first segment would be created), nobody else creates
    /// files: an index without any segment means the segments are missing, and that is
    /// refused too, never taken for a new log.
    func checkHoldsALogOrNothing(lockHeld: Bool) throws(LogError) {
        let names = try names()
        guard try Self.segmentBases(among: names).isEmpty else { return }
        let ours = Set([Self.lockName, Self.damageName, Self.quarantineName] + Self.stateNames)
        let others = names.filter { !ours.contains($0) && (lockHeld || !Self.isIndex($0)) }
        if !others.isEmpty, others.allSatisfy(Self.isIndex) {
            throw .notALog(path: path.string, reason: "it holds segment indexes (\(others.sorted().prefix(3).joined(separator: ", "))) but no segment: the log's segments are missing; restore them, or move the indexes away to start a new log here")
        }
        guard others.isEmpty else {
            throw .notALog(path: path.string, reason: "it holds other files (\(others.sorted().prefix(3).joined(separator: ", "))) and no segment; choose an empty or new directory")
        }
    }

    /// Whether `name` is a segment's index, or one being rewritten.
    private static func isIndex(_ name: String) -> Bool {
        offset(named: name, extension: indexExtension) != nil || offset(named: name, extension: indexExtension, suffix: ".tmp") != nil
    }

    /// Creates the directory (and its parents) if missing.
    func create() throws(LogError) {
        do {
            try FileManager.default.createDirectory(atPath: path.string, withIntermediateDirectories: true)
        } catch {
            let code = (error as NSError).userInfo[NSUnderlyingErrorKey].flatMap { ($0 as? NSError)?.code } ?? Int(EACCES)
            throw LogError.system("mkdir", path: path.string, Errno(rawValue: Int32(code)))
        }
    }
}
