import AntrainEvents
import AntrainFuzzSupport
import AntrainGenerator
@testable import AntrainImport
import Foundation
import Testing

/// The short version of `scripts/fuzz.sh FuzzImport` (issue 6, "hostile bytes"): the inputs
/// fuzzing kept in fixtures/fuzz/FuzzImport/, then seeded random mutations of a small file
/// of every format, through the entry point the fuzz target calls. Each must return, and
/// nothing planned for appending may fail validation.
@Suite("Import: fuzz regressions")
struct ImportFuzzRegressionTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static var keptInputs: [String] {
        let folder = root.appendingPathComponent("fixtures/fuzz/FuzzImport")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { folder.appendingPathComponent($0).path }
    }

    @Test("Inputs kept by fuzzing the importers read and plan cleanly")
    func keptInputsReplay() throws {
        for path in Self.keptInputs {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            let problems = bytes.withUnsafeBytes { ImportFuzzEntryPoint.importFile($0) }
            #expect(problems.isEmpty, "\(path): \(problems)")
        }
    }

    @Test("The seeds read whole: every format's sample gives workouts or entries, and the season's lines give events")
    func seedsRead() throws {
        let season = try Data(contentsOf: Self.root.appendingPathComponent("fixtures/season/season.jsonl"))
        let seeds = ImportFuzzEntryPoint.seeds(seasonJSONL: season)
        #expect(seeds.count == 7)
        for seed in seeds {
            #expect(seed.withUnsafeBytes { ImportFuzzEntryPoint.importFile($0) }.isEmpty)
        }
        let jsonl = JSONLReader.read(Data(seeds.last!.dropFirst()))
        #expect(jsonl.events == 40 && jsonl.problems.isEmpty)
    }

    @Test("Hundreds of mutated files of every format are read or refused, never planned into an invalid event")
    func mutations() throws {
        var random = GeneratorRandom(seed: 2026)
        let seeds = ImportFuzzEntryPoint.seeds()
        let hostile: [[UInt8]] = [Array("-0".utf8), Array("nan".utf8), Array("1e400".utf8), Array("99999999999999999999".utf8),
                                  [0xFF, 0xFE], Array("\"".utf8), Array(";".utf8), Array(",".utf8), Array("\n".utf8), [0]]
        let rounds = ProcessInfo.processInfo.environment["ANTRAIN_IMPORT_FUZZ_ROUNDS"].flatMap(Int.init) ?? 600
        for round in 0..<rounds {
            var bytes = seeds[round % seeds.count]
            for _ in 0..<(1 + Int(random.next() % 4)) {
                let at = 1 + Int(random.next() % UInt64(max(bytes.count - 1, 1)))
                switch random.next() % 4 {
                case 0: bytes[min(at, bytes.count - 1)] ^= UInt8(truncatingIfNeeded: random.next() | 1)
                case 1: bytes.insert(contentsOf: hostile[Int(random.next() % UInt64(hostile.count))], at: min(at, bytes.count))
                case 2: bytes.removeSubrange(min(at, bytes.count)..<min(at + Int(random.next() % 8), bytes.count))
                default: bytes.insert(contentsOf: bytes[min(at, bytes.count)...].prefix(30), at: min(at, bytes.count))
                }
            }
            let problems = bytes.withUnsafeBytes { ImportFuzzEntryPoint.importFile($0) }
            #expect(problems.isEmpty, "round \(round): \(problems)")
        }
    }
}
