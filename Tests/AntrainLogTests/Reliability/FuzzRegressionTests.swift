@testable import AntrainEvents
import AntrainFuzzSupport
@testable import AntrainLog
import AntrainTestSupport
import Foundation
import Glibc
import Testing

/// The short version of scripts/fuzz.sh, in the suite (issue 6, "hostile bytes"): every input
/// that fuzzing kept in fixtures/fuzz/ (crashes, hangs and out-of-memory inputs it found), then
/// a few hundred seeded-random and mutated inputs, through the entry points the fuzz targets
/// call (`FuzzEntryPoints`). Each call must return; each event that decodes must re-encode.
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
    static let fuzzRoot = packageRoot().appendingPathComponent("fixtures/fuzz")
    static let v1Log = packageRoot().appendingPathComponent("fixtures/schema-v1/log")
    static let targets = ["FuzzSegmentReader", "FuzzEventDecoder", "FuzzLogDirectory"]

    /// Engine bugs that fuzzing found and that are not fixed yet, by the start of their input's
    /// name in fixtures/fuzz/<target>/. Replaying such an input is a known issue; once the fix
    /// lands the replay passes, the known issue is not recorded, the test fails, and the entry
    /// comes out of this list.
    static let knownBugs: [String: Comment] = [:]

    /// One kept input: its target (the folder) and its file.
    struct KeptInput: Sendable, CustomTestStringConvertible {
        var target: String
        var path: String
        var name: String { URL(fileURLWithPath: path).lastPathComponent }
        var testDescription: String { "\(target)/\(name)" }
    }

    static let keptInputs: [KeptInput] = targets.flatMap { target in
        let folder = fuzzRoot.appendingPathComponent(target)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { KeptInput(target: target, path: folder.appendingPathComponent($0).path) }
    }

    @Test("An input kept in fixtures/fuzz returns (no hang), in a process of its own with 1 GiB of address space to spare",
          arguments: keptInputs)
    func keptInput(_ input: KeptInput) async {
        let bug = Self.knownBugs.first { input.name.hasPrefix($0.key) }?.value
        await withKnownIssue(bug) {
            await #expect(processExitsWith: .success, "\(input.testDescription)") { [target = input.target as String, path = input.path as String] in
                limitAddressSpace(spare: 1 << 30)
                // A hang ends the process (SIGALRM) and fails the test. The inputs take
                // milliseconds; the bound is for a hang, not for speed (see Patience).
                alarm(Patience.alarmSeconds(60))
                let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
                try await replay(bytes, target: target)
            }
        } when: {
            bug != nil
        }
    }

    @Test("The seeds read whole: every block and record of the schema-v1 segments, as they are, resealed and re-framed")
    func seedsReadWhole() async throws {
        for segment in try Self.v1Segments() {
            for mode: FuzzEntryPoints.SegmentMode in [.baseFromFirstBlock, [.baseFromFirstBlock, .reseal, .rechain]] {
                let summary = ([mode.rawValue] + segment).withUnsafeBytes { FuzzEntryPoints.segment($0) }
                #expect(summary.fault == nil && summary.blocks > 0 && summary.records >= summary.blocks, "\(summary)")
                #expect(summary.brokenLinks <= 1, "only the first block links to another segment")
            }
        }
        let log = try await EventLog.openReadOnly(at: .init(Self.v1Log.path))
        for try await block in log.blocks() {
            let input = [FuzzEntryPoints.SegmentMode([.rawRecords, .baseFromFirstBlock]).rawValue] + block.records.flatMap(\.storedBytes)
            let summary = input.withUnsafeBytes { FuzzEntryPoints.segment($0) }
            #expect(summary.fault == nil && summary.records == block.records.count, "\(summary)")
        }
        let scratch = TemporaryDirectory("fuzz")
        let first = try #require(try Self.v1Segments().first)
        let summary = await FuzzEntryPoints.logDirectory([FuzzEntryPoints.SegmentMode.openForWriting.rawValue] + first, at: scratch.file("log"))
        #expect(summary.fault == nil && summary.records > 0, "\(summary)")
    }

    @Test("xxHash32, which resealing uses for LZ4 frames, gives the values of the lz4 tool")
    func xxHash32() {
        #expect([UInt8]().withUnsafeBytes(XXHash32.hash) == 0x02CC_5D05)
        #expect(Array("abc".utf8).withUnsafeBytes(XXHash32.hash) == 0x32D1_53FF)
        #expect(Array("Nobody inspects the spammish repetition".utf8).withUnsafeBytes(XXHash32.hash) == 0xE229_3B2F)
        // The descriptor checksum byte of `lz4 --content-size` on "abc": FLG, BD, content size 3.
        #expect([UInt8]([0x6C, 0x40, 3, 0, 0, 0, 0, 0, 0, 0]).withUnsafeBytes(XXHash32.hash) >> 8 & 0xFF == 0x29)
    }

    @Test("Random and mutated segments return from the in-memory reader")
    func randomSegments() throws {
        var random = SplitMix64(seed: 0x5E6_0001)
        let (segments, blocks) = (try Self.v1Segments(), try Self.v1Blocks())
        var read = 0
        for round in 0..<400 {
            var input: [UInt8]
            switch round % 4 {
            case 0:  // noise, under any mode
                input = random.bytes(random.below(600))
            case 1:  // a real segment with a few bytes changed: checksums and hashes catch it
                let segment = random.pick(segments)
                input = [FuzzEntryPoints.SegmentMode.baseFromFirstBlock.rawValue] + random.mutate(segment)
            case 2:  // resealed, changed inside the first LZ4 frame only: every header's sizes stay true
                var segment = random.pick(segments)
                let header = try segment.prefix(BlockHeader.frameSize).withUnsafeBytes { try BlockHeader.decode($0) }
                let frame = BlockHeader.frameSize..<header.blockLength
                segment.replaceSubrange(frame, with: random.mutate(Array(segment[frame])))
                input = [FuzzEntryPoints.SegmentMode([.baseFromFirstBlock, .reseal, .rechain]).rawValue] + segment
            default:  // a block's records, changed, framed with a header made from them
                let records = random.pick(blocks)
                input = [FuzzEntryPoints.SegmentMode([.rawRecords, .baseFromFirstBlock]).rawValue] + random.mutate(records)
            }
            let summary = input.withUnsafeBytes { FuzzEntryPoints.segment($0) }
            read += summary.records
        }
        #expect(read > 0, "some mutated inputs still hold readable records")
    }

    @Test("Random and mutated payloads decode or are refused; whatever decodes comes back equal")
    func randomPayloads() async throws {
        var random = SplitMix64(seed: 0xDEC0_0002)
        let types = EventCatalog.standard.eventTypes
        var payloads: [[UInt8]] = []
        let log = try await EventLog.openReadOnly(at: .init(Self.v1Log.path))
        for try await record in log.records() {
            payloads.append([UInt8(types.firstIndex(of: record.eventType) ?? 0), UInt8(record.schemaVersion)] + record.payload)
        }
        var decoded = 0
        for round in 0..<400 {
            let payload = random.pick(payloads)
            let input = round % 3 == 0 ? random.bytes(2 + random.below(80)) : random.mutate(payload)
            let summary = input.withUnsafeBytes { FuzzEntryPoints.eventPayload($0) }
            #expect(summary.problems.isEmpty, "\(input): \(summary.problems)")
            decoded += summary.decoded
        }
        #expect(decoded > 0)
    }

    @Test("Mutated segments and index files return from the public read path on a log directory, and from opening it for writing")
    func mutatedLogDirectories() async throws {
        var random = SplitMix64(seed: 0x10C_0003)
        let segments = try Self.v1Segments()
        let scratch = TemporaryDirectory("fuzz")
        let index = [UInt8](try Data(contentsOf: Self.v1Log.appendingPathComponent("00000000000000000000.index")).dropFirst(32))
        for round in 0..<30 {
            // The first segment as it is (base 0), or any segment's bytes under its own name.
            let mode: FuzzEntryPoints.SegmentMode = round % 2 == 0 ? [.openForWriting] : [.baseFromFirstBlock]
            let segment = round % 2 == 0 ? segments[0] : random.pick(segments)
            let cut = random.below(segment.count)
            var input = [mode.rawValue] + (round < 4 ? Array(segment.prefix(cut)) : random.mutate(segment))
            if round % 3 == 0 {  // with the first segment's index entries, changed (their checksums catch it)
                let entries = random.mutate(index)
                input = [mode.union(.withIndex).rawValue, UInt8(entries.count & 0xFF), UInt8(entries.count >> 8)] + entries + segments[0]
            }
            _ = await FuzzEntryPoints.logDirectory(input, at: scratch.file("log"))
        }
    }

    static func v1Segments() throws -> [[UInt8]] {
        try FileManager.default.contentsOfDirectory(atPath: v1Log.path).filter { $0.hasSuffix(".log") }.sorted()
            .map { [UInt8](try Data(contentsOf: v1Log.appendingPathComponent($0))) }
    }

    /// The decompressed records of each block of the schema-v1 log's first segment.
    static func v1Blocks() throws -> [[UInt8]] {
        var blocks: [[UInt8]] = []
        let segment = try v1Segments()[0]
        var position = 0
        while position < segment.count {
            let header = try segment[position..<(position + BlockHeader.frameSize)].withUnsafeBytes { try BlockHeader.decode($0) }
            let frame = Array(segment[(position + BlockHeader.frameSize)..<(position + header.blockLength)])
            let block = try LogBlock.decode(header: header, frame: frame, decoder: LZ4FrameDecoder(), segmentBase: 0, position: UInt64(position))
            blocks.append(block.records.flatMap(\.storedBytes))
            position += header.blockLength
        }
        return blocks
    }
}

/// Runs one kept input through its target's entry point, as the fuzz target does.
private func replay(_ bytes: [UInt8], target: String) async throws {
    switch target {
    case "FuzzSegmentReader":
        _ = bytes.withUnsafeBytes { FuzzEntryPoints.segment($0) }
    case "FuzzEventDecoder":
        let summary = bytes.withUnsafeBytes { FuzzEntryPoints.eventPayload($0) }
        precondition(summary.problems.isEmpty, summary.problems.joined(separator: "\n"))
    default:
        let scratch = TemporaryDirectory("fuzz")
        _ = await FuzzEntryPoints.logDirectory(bytes, at: scratch.file("log"))
    }
}

/// Seeded hostile bytes, so that every run feeds the same ones.
extension SplitMix64 {
    mutating func below(_ bound: Int) -> Int { bound <= 0 ? 0 : Int(next() % UInt64(bound)) }
    mutating func bytes(_ count: Int) -> [UInt8] { (0..<count).map { _ in UInt8(truncatingIfNeeded: next()) } }
    mutating func pick<T>(_ values: [T]) -> T { values[below(values.count)] }

    /// `bytes` with one to four changes: a flipped bit, a new byte, a byte gone, a cut, a
    /// repeated run, or a boundary value (0, 0xFF, 0x7F, 0x80) written over a 1-, 2- or 4-byte field.
    mutating func mutate(_ bytes: [UInt8]) -> [UInt8] {
        var out = bytes
        for _ in 0...below(4) {
            let at = below(out.count + 1)
            switch below(6) {
            case 0 where at < out.count: out[at] ^= 1 << UInt8(below(8))
            case 1: out.insert(UInt8(truncatingIfNeeded: next()), at: at)
            case 2 where at < out.count: out.remove(at: at)
            case 3: out.removeLast(below(min(out.count, 64) + 1))
            case 4 where at < out.count: out.insert(contentsOf: out[at..<min(out.count, at + 1 + below(32))], at: at)
            case 5:
                let width = [1, 2, 4][below(3)]
                let value: UInt8 = [0, 0xFF, 0x7F, 0x80][below(4)]
                for index in at..<min(out.count, at + width) { out[index] = value }
            default: break
            }
        }
        return out
    }
}
