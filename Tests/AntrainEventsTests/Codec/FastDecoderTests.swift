@testable import AntrainEvents
@testable import AntrainLog
import AntrainTestSupport
import Foundation
import Testing

/// The hand-written decoders of the hot event types (``FastBinaryDecodable``) against the
/// Codable decoder they stand in for: equal events on valid bytes, the same refusals on
/// damaged bytes, and, through the catalog, the same errors.
@Suite("Fast binary decoders")
struct FastDecoderTests {
    /// The samples of every fast-decoded type: the catalogue's, its edge cases and extra
    /// variants that reach every optional, enum case and number form.
    static let samples: [any DomainEvent] = (EventSamples.all + EventSamples.edgeCases + FastDecoderSamples.variants)
        .filter { type(of: $0) is any FastBinaryDecodable.Type }

    @Test("the hot event types have a fast decoder")
    func hotTypesAreFast() {
        let hot: [any DomainEvent.Type] = [SetLogged.self, FoodLogged.self, BodyweightRecorded.self, ExerciseAddedToWorkout.self,
                                           WorkoutStarted.self, WorkoutCompleted.self, WorkoutRPERecorded.self, SetCorrected.self,
                                           SetRemoved.self, FoodEntryCorrected.self, FoodEntryRemoved.self, CardioLogged.self,
                                           WorkoutNotesChanged.self, MetconLogged.self]
        for type in hot { #expect(type is any FastBinaryDecodable.Type, "\(type.eventType)") }
        for type in hot { #expect(Self.samples.contains { Swift.type(of: $0) == type }, "no sample of \(type.eventType)") }
    }

    @Test("fast and Codable decoders give equal events", arguments: samples.indices)
    func equalOnValidBytes(_ index: Int) throws {
        try Self.checkEqual(Self.samples[index])
    }

    @Test("both refuse every truncation", arguments: samples.indices)
    func refuseTruncations(_ index: Int) throws {
        try Self.checkTruncations(Self.samples[index])
        try EventChecks.refusesDamage(Self.samples[index])
    }

    @Test("both agree on every single-byte corruption", arguments: samples.indices)
    func agreeOnCorruptions(_ index: Int) throws {
        try Self.checkCorruptions(Self.samples[index])
    }

    @Test("both agree on random damage")
    func agreeOnRandomDamage() throws {
        var random = SplitMix64(seed: 0xFA57)
        for sample in Self.samples {
            try Self.checkRandomDamage(sample, random: &random)
        }
    }

    // MARK: - Checks, opened on the sample's type

    private static func checkEqual(_ event: any DomainEvent) throws { try equal(event) }
    private static func checkTruncations(_ event: any DomainEvent) throws { try truncations(event) }
    private static func checkCorruptions(_ event: any DomainEvent) throws { try corruptions(event) }
    private static func checkRandomDamage(_ event: any DomainEvent, random: inout SplitMix64) throws {
        try randomDamage(event, random: &random)
    }

    private static func equal<E: DomainEvent>(_ event: E) throws {
        let bytes = try BinaryEventEncoder.encode(event)
        let codable = try BinaryEventDecoder.decode(E.self, from: bytes)
        let fast = try #require(outcome(E.self, bytes).fast, "\(E.eventType) refused by the fast decoder")
        #expect(fast == codable && fast == event, "\(E.eventType)")
        let viaCatalog = try bytes.withBytes { raw throws(CodecError) in
            try EventCatalog.standard.decode(eventType: E.eventType, schemaVersion: E.schemaVersion, payload: raw)
        }
        guard case let .event(decoded) = viaCatalog else { Issue.record("\(E.eventType) did not decode"); return }
        #expect(decoded as? E == event)
    }

    private static func truncations<E: DomainEvent>(_ event: E) throws {
        let bytes = try BinaryEventEncoder.encode(event)
        for length in 0..<bytes.count {
            let result = outcome(E.self, Array(bytes[..<length]))
            #expect(result.fast == nil, "\(E.eventType): the fast decoder accepted \(length) of \(bytes.count) bytes")
            #expect(result.codable == nil, "\(E.eventType): the Codable decoder accepted \(length) of \(bytes.count) bytes")
            #expect(result.catalogError == result.codableError, "\(E.eventType) cut to \(length) bytes")
        }
    }

    private static func corruptions<E: DomainEvent>(_ event: E) throws {
        let bytes = try BinaryEventEncoder.encode(event)
        for index in bytes.indices {
            for replacement: UInt8 in [0x00, 0x01, 0x02, 0x03, 0x7F, 0x80, 0x81, 0xC3, 0xFE, 0xFF] where bytes[index] != replacement {
                var damaged = bytes
                damaged[index] = replacement
                agree(E.self, damaged, "byte \(index) set to \(replacement)")
            }
            var longer = bytes
            longer.insert(0x00, at: index)
            agree(E.self, longer, "a zero inserted at \(index)")
        }
        agree(E.self, bytes + [0], "a trailing zero")
    }

    private static func randomDamage<E: DomainEvent>(_ event: E, random: inout SplitMix64) throws {
        let bytes = try BinaryEventEncoder.encode(event)
        for _ in 0..<300 {
            var damaged = bytes
            for _ in 0...Int.random(in: 0...2, using: &random) {
                damaged[Int.random(in: damaged.indices, using: &random)] = UInt8.random(in: 0...255, using: &random)
            }
            if Bool.random(using: &random) { damaged.removeLast(Int.random(in: 0..<damaged.count, using: &random)) }
            agree(E.self, damaged, "\(damaged)")
        }
    }

    /// Expects both decoders to accept `bytes` with equal events, or both to refuse them with
    /// the catalog reporting the Codable decoder's error.
    private static func agree<E: DomainEvent>(_: E.Type, _ bytes: [UInt8], _ what: String) {
        let result = outcome(E.self, bytes)
        #expect(result.fast == result.codable, "\(E.eventType), \(what)")
        #expect(result.catalogError == result.codableError, "\(E.eventType), \(what)")
    }

    private struct Outcome<E: DomainEvent> {
        var fast: E?
        var codable: E?
        var codableError: CodecError?
        var catalogError: CodecError?
    }

    private static func outcome<E: DomainEvent>(_: E.Type, _ bytes: [UInt8]) -> Outcome<E> {
        guard let fastType = E.self as? any FastBinaryDecodable.Type else {
            Issue.record("\(E.eventType) has no fast decoder")
            return Outcome()
        }
        var result = Outcome<E>()
        result.fast = bytes.withUnsafeBytes { raw in (try? fastType.fastDecode(raw)) as? E }
        do { result.codable = try BinaryEventDecoder.decode(E.self, from: bytes) } catch { result.codableError = error }
        do {
            _ = try bytes.withBytes { raw throws(CodecError) in
                try EventCatalog.standard.decode(eventType: E.eventType, schemaVersion: E.schemaVersion, payload: raw)
            }
        } catch { result.catalogError = error }
        return result
    }
}
