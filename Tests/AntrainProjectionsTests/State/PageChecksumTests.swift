@testable import AntrainProjections
import AntrainTestSupport
import Foundation
import Testing

/// The page checksums of the state (docs/FORMAT.md, "Page checksums"), in the database file and
/// in its write-ahead log, where SQLite's own frame sums must stay right too.
@Suite("Keyed state: page checksums")
struct PageChecksumTests {
    static let keyspace = StateKeyspace(projection: "checksum-test", name: "values")

    /// A store at `directory/state.sqlite` holding `count` keys, each put by a transaction of
    /// its own (so the WAL holds many commits, several frames each, some pages written twice).
    static func filled(_ directory: TemporaryDirectory, count: Int) throws -> SQLiteStateStore {
        let store = try SQLiteStateStore(path: directory.file("state.sqlite"))
        try store.write { try $0.reset([keyspace], of: "checksum-test") }
        for number in 0..<count {
            try store.write { state in
                try state.put(keyspace, key: Self.key(number), value: Self.value(number), columns: [])
            }
        }
        return store
    }

    static func key(_ number: Int) -> [UInt8] { withUnsafeBytes(of: UInt32(number).bigEndian) { Array($0) } }
    static func value(_ number: Int) -> [UInt8] { (0..<700).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ number) } }

    @Test("Every commit written through the checksums survives SQLite's recovery of the log alone")
    func walRecoversWhole() throws {
        let directory = TemporaryDirectory("checksums")
        let store = try Self.filled(directory, count: 300)
        #expect(FileManager.default.fileExists(atPath: directory.file("state.sqlite-wal")))
        // As a crash leaves them: the database and its log, without the shared memory, so
        // that the next open rebuilds its index of the log and checks every frame's sums.
        let copy = TemporaryDirectory("checksums-copy")
        for suffix in ["", "-wal"] {
            try FileManager.default.copyItem(atPath: directory.file("state.sqlite" + suffix), toPath: copy.file("state.sqlite" + suffix))
        }
        _ = store
        let recovered = try SQLiteStateStore(path: copy.file("state.sqlite"), readOnly: true)
        let checkedBefore = PageChecksums.counts.checked
        #expect(try recovered.read { try $0.count(in: Self.keyspace) } == 300)
        for number in [0, 1, 150, 298, 299] {
            #expect(try recovered.read { try $0.value(in: Self.keyspace, key: Self.key(number)) } == Self.value(number))
        }
        #expect(PageChecksums.counts.checked > checkedBefore, "the reads were checked")
    }

    @Test("A generation's state (16 KiB pages, checksums) copies into memory whole, as read-only storage needs")
    func generationCopiesIntoMemory() throws {
        let directory = TemporaryDirectory("checksums-copy-memory")
        let building = try SQLiteStateStore(building: directory.file("state-1.sqlite"))
        try building.write { state in
            try state.reset([Self.keyspace], of: "checksum-test")
            for number in 0..<500 { try state.put(Self.keyspace, key: Self.key(number), value: Self.value(number), columns: []) }
        }
        try building.seal()
        let store = try SQLiteStateStore(path: directory.file("state-1.sqlite"), readOnly: true)
        // Before the copy was made with the file's page size, SQLite refused it (SQLITE_READONLY).
        let copy = try store.copyIntoMemory()
        #expect(try copy.read { try $0.count(in: Self.keyspace) } == 500)
        #expect(try copy.read { try $0.value(in: Self.keyspace, key: Self.key(499)) } == Self.value(499))
    }

    @Test("A flipped bit in a page of the write-ahead log fails its read as damage")
    func walPageDamageIsFound() throws {
        let directory = TemporaryDirectory("checksums-wal")
        let store = try Self.filled(directory, count: 40)
        let wal = directory.file("state.sqlite-wal")
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: wal)))
        // The page size, from the log's header (bytes 8 to 11, big-endian).
        let pageSize = bytes[8..<12].reduce(0) { $0 << 8 | Int($1) }
        #expect(pageSize >= 512 && bytes.count > 32 + pageSize)
        _ = store
        // The last frame's page: flip a byte in its middle.
        bytes[bytes.count - pageSize / 2] ^= 0x20
        try Data(bytes).write(to: URL(fileURLWithPath: wal))
        // Another connection reads through the live index of the log, from the frame.
        let reader = try SQLiteStateStore(path: directory.file("state.sqlite"), readOnly: true)
        let failedBefore = PageChecksums.counts.failed
        #expect {
            for number in 0..<40 { _ = try reader.read { try $0.value(in: Self.keyspace, key: Self.key(number)) } }
        } throws: { error in
            (error as? StateStoreError)?.isDamage == true
        }
        #expect(PageChecksums.counts.failed > failedBefore)
    }
}
