import Foundation
import SystemPackage

/// A segment's index file: a 32-byte header, then one 64-byte ``IndexEntry`` per block.
///
/// The index is a cache of the block headers. It is read to seek and to skip blocks, never
/// trusted blindly: entries carry checksums, a reader checks the header it lands on, and a
/// missing, short or damaged index is rebuilt from the segment.
package enum SegmentIndexFile {
    static let headerSize = 32
    /// "ANTI"
    static let signature: UInt32 = 0x4954_4E41
    static let version: UInt16 = 1

    package static func header(base: UInt64) -> [UInt8] {
        var writer = ByteWriter(capacity: headerSize)
        writer.write(signature)
        writer.write(version)
        writer.write(UInt16(0))
        writer.write(base)
        writer.write(zeros: 12)
        let checksum = writer.bytes.withUnsafeBytes { CRC32C.checksum($0) }
        writer.write(checksum)
        return writer.bytes
    }

    /// The valid entries at the start of the index of segment `base`; empty when the file is
    /// missing or its header is wrong. Reading stops at the first damaged entry.
    static func load(_ directory: LogDirectory, base: UInt64) -> [IndexEntry] {
        guard let file = try? LogFile(path: directory.indexPath(base), writable: false),
              let size = try? file.size(), size >= UInt64(headerSize),
              let bytes = try? file.read(at: 0, count: Int(size))
        else { return [] }
        guard bytes.prefix(headerSize).elementsEqual(header(base: base)) else { return [] }
        var entries: [IndexEntry] = []
        entries.reserveCapacity((bytes.count - headerSize) / IndexEntry.size)
        bytes.withUnsafeBytes { raw in
            var position = headerSize
            var expectedOffset = base
            var expectedPosition: UInt64 = 0
            while position + IndexEntry.size <= raw.count {
                guard let entry = IndexEntry.decode(UnsafeRawBufferPointer(rebasing: raw[position..<(position + IndexEntry.size)])),
                      entry.firstOffset == expectedOffset, entry.position == expectedPosition
                else { break }
                entries.append(entry)
                expectedOffset = entry.endOffset
                expectedPosition = entry.position + UInt64(entry.blockLength)
                position += IndexEntry.size
            }
        }
        return entries
    }

    /// Whether the index file of segment `base` is exactly a header and `count` entries long
    /// (no stale or torn entries after them).
    static func holdsExactly(_ count: Int, _ directory: LogDirectory, base: UInt64) -> Bool {
        guard let file = try? LogFile(path: directory.indexPath(base), writable: false), let size = try? file.size() else { return false }
        return size == UInt64(headerSize + count * IndexEntry.size)
    }

    /// Replaces the index of segment `base` with `entries`, atomically and durably
    /// (``AtomicFile``: its temporary file is the index's name plus ".tmp", which
    /// ``LogDirectory`` knows as an index being rewritten).
    static func write(_ entries: [IndexEntry], _ directory: LogDirectory, base: UInt64) throws(LogError) {
        var bytes = header(base: base)
        bytes.reserveCapacity(headerSize + entries.count * IndexEntry.size)
        for entry in entries { bytes.append(contentsOf: entry.encoded()) }
        do {
            try AtomicFile.write(bytes, to: directory.indexPath(base), temporarySuffix: ".tmp")
        } catch {
            throw .system(error)
        }
    }

    /// Appends entries to the index of the active segment, which holds `existing` entries.
    /// Not synced: after a crash the index may lag the segment, and opening catches it up.
    static func append(_ entries: [IndexEntry], to file: LogFile, existing: Int) throws(LogError) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(entries.count * IndexEntry.size)
        for entry in entries { bytes.append(contentsOf: entry.encoded()) }
        try bytes.withBytes { (raw: UnsafeRawBufferPointer) throws(LogError) in
            try file.write(raw, at: UInt64(headerSize + existing * IndexEntry.size))
        }
    }
}
