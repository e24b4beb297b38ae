import AntrainEvents
import AntrainLog
import Foundation
import SystemPackage

/// Entry points for coverage-guided fuzzing (the `Fuzz/` package, `scripts/fuzz.sh`) and for
/// the fuzz regression tests. Each takes arbitrary bytes and drives the code that meets bytes
/// from disk; whatever the bytes, it must return: no trap, no hang, no allocation that a
/// length field asks for but the bytes do not justify.
///
/// A segment input is one ``SegmentMode`` byte, then the segment's bytes. The modes let a
/// fuzzer get past what random mutation cannot forge (CRC-32C, xxHash32, SHA-256), so that
/// the fields behind the checksums are fuzzed as well; every block they produce is one a
/// hostile writer could have produced too.
public enum FuzzEntryPoints {
    /// How the bytes after the first are turned into a segment.
    public struct SegmentMode: OptionSet, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        /// Recompute each block header's CRC-32C and the LZ4 frame's descriptor and block
        /// checksums; drop its content checksum (the frame format makes it optional).
        public static let reseal = SegmentMode(rawValue: 1)
        /// With `reseal`, also recompute the SHA-256 chain: each previous hash and block hash.
        public static let rechain = SegmentMode(rawValue: 2)
        /// The bytes are the decompressed records of one block: compress and frame them here.
        public static let rawRecords = SegmentMode(rawValue: 4)
        /// Name the segment for its first block's first offset rather than 0.
        public static let baseFromFirstBlock = SegmentMode(rawValue: 8)
        /// File entry only: also open the log for writing (tail recovery) and append to it.
        public static let openForWriting = SegmentMode(rawValue: 16)
        /// File entry only: two bytes (little-endian) give a length; that many bytes are the
        /// segment's index entries (after a valid index header; `reseal` fixes their CRC-32Cs).
        public static let withIndex = SegmentMode(rawValue: 32)
    }

    /// What reading a segment found.
    public struct SegmentSummary: Sendable, Equatable {
        /// Blocks read whole.
        public var blocks = 0
        /// Records seen in them.
        public var records = 0
        /// Payloads that decoded to an event of the catalog.
        public var decodedEvents = 0
        /// Why reading stopped before the end of the bytes, if it did.
        public var fault: String?
        /// Blocks whose previous hash or block hash does not match (reads go on; verify stops).
        public var brokenLinks = 0
        /// A value folded from every field read, so that no read can be optimised away.
        public var fingerprint: UInt64 = 0
    }

    /// What decoding one payload as every event type found.
    public struct EventSummary: Sendable, Equatable {
        /// Decodes that gave an event.
        public var decoded = 0
        /// Broken promises: an event that decoded but did not re-encode, or did not come back
        /// equal through the binary or the JSON form. Empty unless there is a bug.
        public var problems: [String] = []
    }

    // MARK: - The segment and block reader, in memory

    /// Reads the bytes as a segment, block by block as ``LogCursor`` does, without files:
    /// header, LZ4 frame, records (every field of each), Bloom filters, the hash chain, the
    /// index entry each block would get.
    public static func segment(_ input: UnsafeRawBufferPointer) -> SegmentSummary {
        let (_, segment, _, base) = prepare(input)
        var summary = SegmentSummary()
        summary.fault = segment.withUnsafeBytes { walk($0, base: base, into: &summary) }
        return summary
    }

    /// Reads block after block; returns why it stopped before the end, if it did.
    private static func walk(_ bytes: UnsafeRawBufferPointer, base: UInt64, into summary: inout SegmentSummary) -> String? {
        let decoder = LZ4FrameDecoder()
        var (position, expected, head) = (0, base, ChainHash.zero)
        while position < bytes.count {
            guard bytes.count - position >= BlockHeader.frameSize else { return "the bytes end inside a block header" }
            let rawHeader = UnsafeRawBufferPointer(rebasing: bytes[position..<(position + BlockHeader.frameSize)])
            let header: BlockHeader
            do { header = try BlockHeader.decode(rawHeader) } catch { return "\(error)" }
            guard header.firstOffset == expected else { return "first offset \(header.firstOffset) where \(expected) belongs" }
            guard header.blockLength <= bytes.count - position else { return "the bytes end inside the LZ4 frame" }
            let frame = Array(bytes[(position + BlockHeader.frameSize)..<(position + header.blockLength)])
            let block: LogBlock
            do {
                block = try LogBlock.decode(header: header, frame: frame, decoder: decoder, segmentBase: base, position: UInt64(position))
            } catch {
                return "\(error)"
            }
            // Reads hand out a block without checking the chain (verify does): read it first.
            read(block, into: &summary)
            let entry = IndexEntry(header: header, position: UInt64(position))
            precondition(entry.encoded().withUnsafeBytes(IndexEntry.decode) == entry, "an index entry does not survive its encoding")
            if header.previousHash != head || LogBlock.hash(rawHeader: Array(rawHeader), frame: frame) != header.blockHash {
                summary.brokenLinks += 1
            }
            (head, position, expected) = (header.blockHash, position + header.blockLength, header.endOffset)
        }
        return nil
    }

    /// Reads every field of every record of `block`, checks its Bloom filters as verify does,
    /// and filters it as a read by stream and type does.
    static func read(_ block: LogBlock, into summary: inout SegmentSummary) {
        summary.blocks += 1
        var (streams, types) = (Bloom64(), Bloom64())
        for record in block.records {
            touch(record, into: &summary)
            streams.insert(mask: Bloom64.mask(for: record.streamIDBytes))
            types.insert(mask: Bloom64.mask(for: record.eventTypeBytes))
        }
        if streams != block.header.streamBloom || types != block.header.typeBloom { summary.fingerprint &+= 1 }
        guard let first = block.records.first else { return }
        let filter = ReadFilter(streamID: first.streamID, eventTypes: [first.eventType])
        if filter.mayMatch(block.header) { summary.fingerprint &+= UInt64(block.keeping(filter.matches).records.count) }
    }

    static func touch(_ record: LogRecord, into summary: inout SegmentSummary) {
        summary.records += 1
        var sink = record.offset &+ UInt64(bitPattern: record.recordedAtMicroseconds) &+ record.streamVersion
        sink &+= UInt64(record.schemaVersion) &+ UInt64(record.payloadSize) &+ UInt64(record.storedLength)
        sink &+= UInt64(record.streamID.utf8.count) &+ UInt64(record.eventType.utf8.count)
        sink &+= UInt64(record.eventID.uuid.0) &+ UInt64(record.correlationID?.uuid.1 ?? 0) &+ UInt64(record.causationID?.uuid.2 ?? 0)
        sink &+= UInt64(record.payload.count) &+ UInt64(record.storedBytes.count) &+ (record.recordedAt.timeIntervalSince1970.isFinite ? 1 : 0)
        sink &+= record.hasStreamID(utf8: Array(record.streamIDBytes)) && record.hasEventType(utf8: Array(record.eventTypeBytes)) ? 1 : 0
        if case .event? = try? EventCatalog.standard.decode(record) { summary.decodedEvents += 1 }
        summary.fingerprint &+= sink
    }

    // MARK: - The public read path, on a log directory

    /// Writes the bytes as the only segment (and index) of the log in `path` (emptied first: a
    /// scratch directory, on tmpfs for speed) and reads it: the reader's file path (chain checks,
    /// torn tails, header scan), then `EventLog.openReadOnly(at:)`: `records()`, filtered
    /// reads, `verify()`, `end()`, `info()`; by the mode, also tail recovery and an append.
    public static func logDirectory(_ input: [UInt8], at path: String) async -> SegmentSummary {
        let (mode, segment, index, base) = input.withUnsafeBytes { prepare($0) }
        var summary = SegmentSummary()
        let (files, directory) = (FileManager.default, LogDirectory(path: FilePath(path)))
        try? files.removeItem(atPath: path)
        try? files.createDirectory(atPath: path, withIntermediateDirectories: true)
        let indexFile = index.map { SegmentIndexFile.header(base: base) + (mode.contains(.reseal) ? resealIndex($0) : $0) }
        guard files.createFile(atPath: directory.segmentPath(base).string, contents: Data(segment)),
              indexFile.map({ files.createFile(atPath: directory.indexPath(base).string, contents: Data($0)) }) ?? true else {
            summary.fault = "cannot write to \(path)"
            return summary
        }
        if let reader = try? SegmentReader(directory: directory, base: base), let size = try? reader.size() {
            var (position, expected, head) = (UInt64(0), base, ChainHash.zero)
            while position < size, let result = try? TailRecovery.checkBlock(reader, at: position, expectedOffset: expected, previousHash: head) {
                switch result {
                case let .failure(fault):
                    summary.fault = fault.reason + ((try? reader.isTornTail(at: position)) == true ? " (a torn tail)" : "")
                    position = size
                case let .success(block):
                    read(block, into: &summary)
                    (position, expected, head) = (position + UInt64(block.header.blockLength), block.header.endOffset, block.header.blockHash)
                }
            }
            summary.fingerprint &+= UInt64((try? HeaderScan.entries(of: reader, from: []))?.count ?? 0)
        }
        if let log = try? await EventLog.openReadOnly(at: FilePath(path)) {
            await readPublicly(log, into: &summary)
        }
        if mode.contains(.openForWriting),
           let log = try? await EventLog.open(at: FilePath(path), options: LogOptions(segmentSize: 1 << 16, durability: .none)) {
            summary.fingerprint &+= log.openingCut == nil ? 0 : 1
            _ = try? await log.append([ProposedEvent(type: "FuzzProbe", payload: [1, 2, 3])], to: "fuzz-probe")
            await readPublicly(log, into: &summary)
            try? await log.close()
        }
        return summary
    }

    /// ``logDirectory(_:at:)`` for callers outside Swift concurrency (a fuzzer's C entry):
    /// blocks the calling thread, which must not be one of the cooperative pool's.
    public static func logDirectoryBlocking(_ input: UnsafeRawBufferPointer, at path: String) -> SegmentSummary {
        final class Box: @unchecked Sendable { var summary = SegmentSummary() }
        let (box, bytes, done) = (Box(), Array(input), DispatchSemaphore(value: 0))
        Task.detached { box.summary = await logDirectory(bytes, at: path); done.signal() }
        done.wait()
        return box.summary
    }

    private static func readPublicly(_ log: EventLogReader, into summary: inout SegmentSummary) async {
        var first: LogRecord?
        do {
            for try await record in log.records() {
                if first == nil { first = record }
                touch(record, into: &summary)
            }
        } catch {
            summary.fault = summary.fault ?? "\(error)"
        }
        if let first {
            summary.fingerprint &+= UInt64((try? await count(log.records(inStream: first.streamID))) ?? 0)
            summary.fingerprint &+= UInt64((try? await count(log.records(ofTypes: [first.eventType, "SetLogged"]))) ?? 0)
        }
        if let report = try? await log.verify() { summary.fingerprint &+= report.events &+ UInt64(report.problems.count) }
        if let end = try? await log.end() { summary.fingerprint &+= end.nextOffset }
        if let info = try? await log.info() { summary.fingerprint &+= info.events }
    }

    private static func count(_ records: LogRecords) async throws -> Int { try await records.reduce(0) { count, _ in count + 1 } }

    // MARK: - The binary event decoder

    static let eventTypes = EventCatalog.standard.eventTypes

    /// Input: a byte choosing the event type (of the catalog's sorted names), a byte giving the
    /// schema version (255: `UInt16.max`), the payload. Decodes it as that, then as every type
    /// at version 1 (through the upcasters) and at its current version. Each event that decodes
    /// is validated and must come back equal through its binary and its JSON form
    /// (``EventSummary/problems`` lists each time it does not).
    public static func eventPayload(_ input: UnsafeRawBufferPointer) -> EventSummary {
        var summary = EventSummary()
        guard input.count >= 2 else { return summary }
        let payload = UnsafeRawBufferPointer(rebasing: input[2...])
        let chosen = eventTypes[Int(input[0]) % eventTypes.count]
        let version = input[1] == 0xFF ? UInt16.max : UInt16(input[1])
        decode(chosen, version, payload, into: &summary)
        for type in eventTypes {
            let current = EventCatalog.standard.currentVersion(of: type) ?? 1
            for each in Set([1, current]) where !(type == chosen && each == version) {
                decode(type, each, payload, into: &summary)
            }
        }
        return summary
    }

    private static func decode(_ type: String, _ version: UInt16, _ payload: UnsafeRawBufferPointer, into summary: inout EventSummary) {
        let catalog = EventCatalog.standard
        let decoded = Result { () throws(CodecError) in try catalog.decode(eventType: type, schemaVersion: version, payload: payload) }
        guard case let .success(.event(event)) = decoded else { return }
        summary.decoded += 1
        _ = (event.streamID, try? event.validate())
        if let problem = roundTrip(event, type: type, current: catalog.currentVersion(of: type) ?? version) {
            summary.problems.append("\(type) (version \(version)) \(problem)")
        }
    }

    /// Why `event` does not come back equal through its binary form and its JSON form, if it does not.
    private static func roundTrip(_ event: any DomainEvent, type: String, current: UInt16) -> String? {
        let catalog = EventCatalog.standard
        do {
            let bytes = try BinaryEventEncoder.encode(event)
            let again = try bytes.withBytes { raw throws(CodecError) in try catalog.decode(eventType: type, schemaVersion: current, payload: raw) }
            guard case let .event(back) = again, eventsEqual(back, event) else { return "comes back as \(again) from its encoding \(bytes)" }
            let text = try EventJSON.text(event)
            guard eventsEqual(try catalog.decodeJSON(eventType: type, from: Data(text.utf8)), event) else { return "comes back unequal from its JSON \(text)" }
            return nil
        } catch {
            return "fails a round trip through its binary or JSON form: \(error)"
        }
    }

    // MARK: - Making segments from fuzz input

    /// Splits off the mode byte (and the index entries), builds the segment, and names it.
    static func prepare(_ input: UnsafeRawBufferPointer) -> (SegmentMode, [UInt8], [UInt8]?, UInt64) {
        guard let first = input.first else { return ([], [], nil, 0) }
        let mode = SegmentMode(rawValue: first)
        var (rest, index) = (UnsafeRawBufferPointer(rebasing: input[1...]), [UInt8]?.none)
        if mode.contains(.withIndex), rest.count >= 2 {
            let length = min(Int(rest[0]) | Int(rest[1]) << 8, rest.count - 2)
            (index, rest) = (Array(rest[2..<(2 + length)]), UnsafeRawBufferPointer(rebasing: rest[(2 + length)...]))
        }
        var segment = mode.contains(.rawRecords) ? frame(records: rest) : Array(rest)
        if mode.contains(.reseal) { segment = reseal(segment, rechain: mode.contains(.rechain)) }
        var base: UInt64 = 0
        if mode.contains(.baseFromFirstBlock), segment.count >= 24 {
            base = segment.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: 16, as: UInt64.self)) }
        }
        return (mode, segment, index, base)
    }

    /// Index entries with each one's CRC-32C made right for its bytes.
    static func resealIndex(_ entries: [UInt8]) -> [UInt8] {
        var entries = entries
        for at in stride(from: 0, to: entries.count - IndexEntry.size + 1, by: IndexEntry.size) {
            store32(&entries, at + 60, entries[at..<(at + 60)].withUnsafeBytes { CRC32C.checksum($0) })
        }
        return entries
    }

    /// One block holding `records` as its decompressed bytes, with a header made from a
    /// lenient walk of the records' length fields (so that it may well disagree with them).
    static func frame(records content: UnsafeRawBufferPointer) -> [UInt8] {
        func load<T: FixedWidthInteger>(_ at: Int, _: T.Type) -> T { T(littleEndian: content.loadUnaligned(fromByteOffset: at, as: T.self)) }
        func mask(_ at: Int, _ count: Int) -> UInt64 { Bloom64.mask(for: UnsafeRawBufferPointer(rebasing: content[at..<(at + count)])) }
        var (count, cursor) = (UInt32(0), 0)
        var (first, last, low, high) = (Int64(0), Int64(0), Int64.max, Int64.min)
        var (streams, types) = (Bloom64(), Bloom64())
        while content.count - cursor >= RecordLayout.fixedSize, count < UInt32.max {
            let (length, at) = (Int(load(cursor, UInt32.self)), load(cursor + 12, Int64.self))
            (first, last, low, high, count) = (count == 0 ? at : first, at, min(low, at), max(high, at), count + 1)
            let (stream, streamLength, typeLength) = (cursor + RecordLayout.fixedSize, Int(load(cursor + 48, UInt16.self)), Int(load(cursor + 50, UInt16.self)))
            if stream + streamLength + typeLength <= content.count {
                streams.insert(mask: mask(stream, streamLength))
                types.insert(mask: mask(stream + streamLength, typeLength))
            }
            guard length <= content.count - cursor - RecordLayout.lengthFieldSize else { break }
            cursor += length + RecordLayout.lengthFieldSize
        }
        guard content.count <= Int(UInt32.max), let frame = try? LZ4FrameEncoder().encode(content) else { return [] }
        let firstOffset: UInt64 = content.count >= 12 ? load(4, UInt64.self) : 0
        var header = BlockHeader(firstOffset: firstOffset, recordCount: max(count, 1), uncompressedSize: UInt32(content.count),
                                 compressedSize: UInt32(frame.count), firstTimestamp: first, lastTimestamp: last,
                                 minTimestamp: count == 0 ? 0 : low, maxTimestamp: count == 0 ? 0 : high,
                                 streamBloom: streams, typeBloom: types, previousHash: .zero)
        header.blockHash = LogBlock.hash(rawHeader: header.encoded(), frame: frame)
        return header.encoded() + frame
    }

    /// The segment with every block's checksums made right for its bytes (see ``SegmentMode/reseal``).
    static func reseal(_ bytes: [UInt8], rechain: Bool) -> [UInt8] {
        var (out, position, head) = ([UInt8](), 0, ChainHash.zero)
        while bytes.count - position >= BlockHeader.frameSize {
            var header = Array(bytes[position..<(position + BlockHeader.frameSize)])
            guard load32(header, 0) == BlockHeader.skippableMagic, load32(header, 4) == UInt32(BlockHeader.payloadSize) else { break }
            let (frameStart, declared) = (position + BlockHeader.frameSize, Int(load32(header, 8 + 24)))
            let complete = declared <= bytes.count - frameStart
            var frame = complete ? Array(bytes[frameStart..<(frameStart + declared)]) : []
            if complete {
                resealFrame(&frame)
                store32(&header, 8 + 24, UInt32(frame.count))
            }
            if rechain {
                header.replaceSubrange((8 + 80)..<(8 + 112), with: head.bytes)
                if complete { header.replaceSubrange((8 + 112)..<(8 + 144), with: LogBlock.hash(rawHeader: header, frame: frame).bytes) }
                head = ChainHash(bytes: Array(header[(8 + 112)..<(8 + 144)]))
            }
            store32(&header, 8 + BlockHeader.checksumPosition,
                    header[8..<(8 + BlockHeader.checksumPosition)].withUnsafeBytes { CRC32C.checksum($0) })
            // A header whose frame the bytes do not hold is resealed too (a large declared size
            // must be refused, not believed), and ends the walk.
            out += header + frame
            position = complete ? frameStart + declared : frameStart
            if !complete { break }
        }
        out += bytes[position...]
        return out
    }

    /// Fixes an LZ4 frame's descriptor and block checksums and drops its content checksum.
    static func resealFrame(_ frame: inout [UInt8]) {
        guard frame.count >= 7, load32(frame, 0) == 0x184D_2204 else { return }
        let (flags, descriptorEnd) = (frame[4], 4 + 2 + (frame[4] & 8 != 0 ? 8 : 0) + (frame[4] & 1 != 0 ? 4 : 0))
        guard descriptorEnd < frame.count else { return }
        var (cursor, ended) = (descriptorEnd + 1, false)
        while frame.count - cursor >= 4 {
            let (size, data) = (Int(load32(frame, cursor) & 0x7FFF_FFFF), cursor + 4)
            ended = load32(frame, cursor) == 0
            guard !ended, size <= frame.count - data else { cursor = data; break }
            cursor = data + size
            if flags & 0x10 != 0, frame.count - cursor >= 4 {
                store32(&frame, cursor, frame[data..<(data + size)].withUnsafeBytes { XXHash32.hash($0) })
                cursor += 4
            }
        }
        if ended, flags & 4 != 0, frame.count - cursor == 4 { frame.removeLast(4); frame[4] = flags & ~4 }
        frame[descriptorEnd] = UInt8(truncatingIfNeeded: frame[4..<descriptorEnd].withUnsafeBytes { XXHash32.hash($0) } >> 8)
    }

    private static func load32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        bytes.withUnsafeBytes { UInt32(littleEndian: $0.loadUnaligned(fromByteOffset: at, as: UInt32.self)) }
    }
    private static func store32(_ bytes: inout [UInt8], _ at: Int, _ value: UInt32) {
        withUnsafeBytes(of: value.littleEndian) { bytes.replaceSubrange(at..<(at + 4), with: $0) }
    }
}
