// Writes the seed corpora of the fuzz targets from real data: the segments (with and without
// their index files) of fixtures/schema-v1/log/ and of a log built here from the preset library and
// fixtures/events/training-week.jsonl (small segments, group-committed blocks, some records
// with correlation and causation ids), each block's records as raw-record inputs, and every
// distinct (type, version, payload) of both logs for the decoder.
//
//     FuzzSeeds PACKAGE_ROOT OUTPUT_DIR    # writes OUTPUT_DIR/<target>/seed-*
import AntrainEvents
import AntrainFuzzSupport
import AntrainLog
import Foundation
import SystemPackage

@main
struct FuzzSeeds {
    // The mode byte of a segment input; see FuzzEntryPoints.SegmentMode.
    static let reseal: UInt8 = 1, rechain: UInt8 = 2, rawRecords: UInt8 = 4, baseFromFirstBlock: UInt8 = 8, openForWriting: UInt8 = 16,
               withIndex: UInt8 = 32

    static func main() async throws {
        let arguments = CommandLine.arguments
        guard arguments.count == 3 else {
            FileHandle.standardError.write(Data("usage: FuzzSeeds PACKAGE_ROOT OUTPUT_DIR\n".utf8))
            exit(64)
        }
        let root = URL(fileURLWithPath: arguments[1])
        let output = URL(fileURLWithPath: arguments[2])
        let built = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("antrain-fuzz-seeds-\(getpid())")
        defer { try? FileManager.default.removeItem(at: built) }
        try await buildTrainingWeekLog(root: root, at: built)

        var seeds = Seeds(output: output)
        for directory in [root.appendingPathComponent("fixtures/schema-v1/log"), built] {
            for segment in try segments(in: directory) {
                let bytes = [UInt8](try Data(contentsOf: segment))
                seeds.add("FuzzSegmentReader", [baseFromFirstBlock] + bytes)
                seeds.add("FuzzSegmentReader", [baseFromFirstBlock | reseal | rechain] + bytes)
                seeds.add("FuzzLogDirectory", [baseFromFirstBlock] + bytes)
                seeds.add("FuzzLogDirectory", [baseFromFirstBlock | reseal | rechain | openForWriting] + bytes)
                // With the segment's index: its entries after the 32-byte index header.
                let index = [UInt8]((try? Data(contentsOf: segment.deletingPathExtension().appendingPathExtension("index"))) ?? Data())
                let entries = Array(index.dropFirst(32).prefix(0xFFFF))
                let withEntries = [UInt8(entries.count & 0xFF), UInt8(entries.count >> 8)] + entries + bytes
                seeds.add("FuzzLogDirectory", [withIndex | baseFromFirstBlock] + withEntries)
                seeds.add("FuzzLogDirectory", [withIndex | baseFromFirstBlock | reseal | openForWriting] + withEntries)
            }
            let log = try await EventLog.openReadOnly(at: FilePath(directory.path))
            var blocks = 0
            for try await block in log.blocks() {
                let records = block.records.flatMap(\.storedBytes)
                if blocks < 40 { seeds.add("FuzzSegmentReader", [rawRecords | baseFromFirstBlock] + records) }
                blocks += 1
                for record in block.records {
                    guard let index = eventTypes.firstIndex(of: record.eventType) else { continue }
                    seeds.add("FuzzEventDecoder", [UInt8(index), UInt8(record.schemaVersion)] + record.payload)
                }
            }
        }
        // The importers: a small file of every format, and the start of the season's JSON Lines.
        let season = try? Data(contentsOf: root.appendingPathComponent("fixtures/season/season.jsonl"))
        for seed in ImportFuzzEntryPoint.seeds(seasonJSONL: season) { seeds.add("FuzzImport", seed) }
        // The smallest inputs: no segment bytes at all; a payload of nothing.
        seeds.add("FuzzSegmentReader", [0])
        seeds.add("FuzzEventDecoder", [0, 1])
        print(seeds.counts.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value) seeds" }.joined(separator: ", "))
    }

    static let eventTypes = EventCatalog.standard.eventTypes

    static func segments(in directory: URL) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "log" }.sorted { $0.path < $1.path }
    }

    /// The preset library, then the training week (runs of one stream appended together),
    /// in 6 KiB segments; every fifth run carries a correlation id and every seventh a causation id.
    static func buildTrainingWeekLog(root: URL, at directory: URL) async throws {
        try? FileManager.default.removeItem(at: directory)
        let log = try await EventLog.open(at: FilePath(directory.path), options: LogOptions(segmentSize: 6 << 10, durability: .none))
        try await LibrarySeeder(log: log).seed(try LibraryPresets.load(from: root.appendingPathComponent("fixtures/library")))
        let lines = try String(contentsOf: root.appendingPathComponent("fixtures/events/training-week.jsonl"), encoding: .utf8)
            .split(separator: "\n")
        var run: [NewEvent] = []
        var runs = 0
        func flush() async throws {
            guard !run.isEmpty else { return }
            try await log.append(run)
            run = []
            runs += 1
        }
        for line in lines {
            let envelope = try EventEnvelope.decode(Data(line.utf8))
            if let stream = run.first?.event.streamID, stream != envelope.event.streamID { try await flush() }
            run.append(NewEvent(envelope.event, id: envelope.id ?? UUID(), recordedAt: envelope.recordedAt,
                                correlationID: runs % 5 == 0 ? UUID() : envelope.correlationID,
                                causationID: runs % 7 == 0 ? UUID() : envelope.causationID))
        }
        try await flush()
        try await log.close()
    }
}

/// Seed files under OUTPUT_DIR/<target>/, named by content so that repeats collapse.
struct Seeds {
    let output: URL
    var counts: [String: Int] = [:]

    mutating func add(_ target: String, _ bytes: [UInt8]) {
        let directory = output.appendingPathComponent(target)
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        let file = directory.appendingPathComponent("seed-" + String(hash, radix: 16))
        guard !FileManager.default.fileExists(atPath: file.path) else { return }
        guard FileManager.default.createFile(atPath: file.path, contents: Data(bytes)) else {
            fatalError("cannot write \(file.path)")
        }
        counts[target, default: 0] += 1
    }
}

/// Never called: this tool is built with the fuzz targets, in one build with their flags, and
/// the libFuzzer runtime that those flags link in needs the symbol.
@_cdecl("LLVMFuzzerTestOneInput")
public func unused(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt { 0 }
