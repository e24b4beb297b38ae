import AntrainEvents
import AntrainTestSupport
import Foundation
import Testing

/// Every event type, through its sample (docs/EVENTS.md shows the same samples): it is valid,
/// survives both codecs exactly, is never crashed on by hostile bytes, and its binary form is
/// much smaller than its JSON.
@Suite("The event catalogue")
struct EventCatalogueTests {
    static let catalog = EventCatalog.standard

    /// The binary form of `event`, at its type's current schema version.
    static func binary(_ event: any DomainEvent) throws -> [UInt8] {
        try BinaryEventEncoder.encode(event)
    }

    /// Decodes `bytes` through the catalog, as the payload of a record of `eventType` at `version`.
    static func decode(_ bytes: [UInt8], as eventType: String, version: UInt16) throws(CodecError) -> DecodedPayload {
        let result = bytes.withUnsafeBytes { raw in
            Result { () throws(CodecError) in try catalog.decode(eventType: eventType, schemaVersion: version, payload: raw) }
        }
        return try result.get()
    }

    // MARK: - Coverage and validity

    @Test("The samples hold every known event type exactly once, in catalogue order")
    func coverage() {
        let known = KnownEventTypes.all.map { $0.eventType }
        let sampled = EventSamples.all.map(\.eventType)
        // Derived, not counted by hand: every type the visitor has a method for is known.
        #expect(known.count == EventColumns.types.count && !known.isEmpty)
        #expect(sampled == known, "missing: \(Set(known).subtracting(sampled).sorted()); extra or repeated: \(sampled.filter { name in sampled.count { $0 == name } > 1 || !known.contains(name) })")
        #expect(Set(Self.catalog.eventTypes) == Set(known))
    }

    @Test("Every sample is valid", arguments: EventSamples.all.map { SampleCase($0) })
    func valid(_ sample: SampleCase) {
        #expect(throws: Never.self) { try sample.event.validate() }
    }

    @Test("A sample weight is in pounds, so that both units appear in the catalogue")
    func poundsAppear() {
        let pounds = EventSamples.all.contains { ($0 as? BodyweightRecorded)?.weight.unit == .pounds }
        #expect(pounds)
    }

    // MARK: - Round trips

    static let allCases = EventSamples.all.map { SampleCase($0) } + EventSamples.edgeCases.map { SampleCase($0, label: "edge case") }

    @Test("The binary form decodes through the catalog to an equal event", arguments: allCases)
    func binaryRoundTrip(_ sample: SampleCase) throws {
        let event = sample.event
        let bytes = try Self.binary(event)
        let payload = try Self.decode(bytes, as: event.eventType, version: type(of: event).schemaVersion)
        guard case let .event(decoded) = payload else {
            Issue.record("\(event.eventType) decoded to \(payload)")
            return
        }
        #expect(eventsEqual(decoded, event))
        #expect(try Self.binary(decoded) == bytes)
    }

    @Test("The JSON envelope decodes to an equal event and encodes to the same bytes again", arguments: allCases)
    func jsonRoundTrip(_ sample: SampleCase) throws {
        let event = sample.event
        let line = try EventEnvelope(event: event).encoded()
        #expect(!line.contains(UInt8(ascii: "\n")))
        let envelope = try EventEnvelope.decode(line)
        #expect(envelope.type == event.eventType)
        #expect(eventsEqual(envelope.event, event), "\(String(decoding: line, as: UTF8.self))")
        #expect(try envelope.encoded() == line)
    }

    // MARK: - Hostile bytes

    @Test("Every truncation of a sample's binary form is refused with a CodecError", arguments: EventSamples.all.map { SampleCase($0) })
    func truncations(_ sample: SampleCase) throws {
        let event = sample.event
        let bytes = try Self.binary(event)
        let version = type(of: event).schemaVersion
        var accepted: [Int] = []
        for length in 0..<bytes.count {
            // The catalog's decode throws only CodecError (typed throws), so reaching the catch is the check.
            do {
                _ = try Self.decode(Array(bytes[..<length]), as: event.eventType, version: version)
                accepted.append(length)
            } catch {
                // A CodecError, as required.
            }
        }
        #expect(accepted.isEmpty, "prefixes of \(bytes.count) bytes that decoded: \(accepted)")
    }

    @Test("Random bytes and random one-byte mutations decode or throw a CodecError, never crash",
          arguments: EventSamples.all.map { SampleCase($0) })
    func hostileBytes(_ sample: SampleCase) throws {
        let event = sample.event
        let bytes = try Self.binary(event)
        let current = type(of: event).schemaVersion
        // Older shapes are read through their frozen types and upcasters: hostile bytes go there too.
        let versions = Array(1...current)
        var random = SplitMix64(seed: 0xA17A_1215 ^ UInt64(bitPattern: Int64(event.eventType.utf8.reduce(0) { $0 &* 31 &+ Int($1) })))
        var outcome = Outcome()

        for _ in 0..<2000 {
            let length = Int(random.next() % 65)
            let noise = (0..<length).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            for version in versions { try outcome.feed(noise, as: event.eventType, version: version) }
        }
        for _ in 0..<2000 {
            var mutated = bytes
            let index = Int(random.next() % UInt64(bytes.count))
            var replacement = UInt8(truncatingIfNeeded: random.next())
            if replacement == mutated[index] { replacement &+= 1 }
            mutated[index] = replacement
            try outcome.feed(mutated, as: event.eventType, version: current)
        }
        #expect(outcome.decoded + outcome.refused == 2000 * versions.count + 2000)
        #expect(outcome.refused > 0)
    }

    /// Counts what hostile payloads did; whatever decodes must encode again.
    struct Outcome {
        var decoded = 0
        var refused = 0

        mutating func feed(_ bytes: [UInt8], as eventType: String, version: UInt16) throws {
            let payload: DecodedPayload
            do {
                payload = try EventCatalogueTests.decode(bytes, as: eventType, version: version)
            } catch {
                refused += 1
                return
            }
            guard case let .event(event) = payload else {
                Issue.record("\(eventType) version \(version) decoded to \(payload)")
                return
            }
            decoded += 1
            #expect(event.eventType == eventType)
            // Re-encoding must not fail: a decoded event holds only values the encoder accepts.
            let again = try BinaryEventEncoder.encode(event)
            let current = type(of: event).schemaVersion
            #expect(eventsEqual(try EventCatalogueTests.decode(again, as: eventType, version: current).decodedEvent, event))
        }
    }

    // MARK: - Size

    @Test("The binary form of the samples is at most 1/2.5 of their JSON")
    func binaryIsSmaller() throws {
        let encoder = JSONEncoder()
        var binaryBytes = 0
        var jsonBytes = 0
        for event in EventSamples.all {
            binaryBytes += try Self.binary(event).count
            jsonBytes += try encoder.encode(event).count
        }
        let ratio = Double(jsonBytes) / Double(binaryBytes)
        print("Event catalogue samples: \(binaryBytes) binary bytes, \(jsonBytes) JSON bytes (JSONEncoder default): JSON is \(String(format: "%.2f", ratio))x the binary form")
        #expect(Double(binaryBytes) * 2.5 <= Double(jsonBytes))
    }
}

/// A sample as a test argument, named by its event type in test output.
struct SampleCase: Sendable, CustomTestStringConvertible {
    let event: any DomainEvent
    let label: String?

    init(_ event: any DomainEvent, label: String? = nil) {
        self.event = event
        self.label = label
    }

    var testDescription: String { label.map { "\(event.eventType) (\($0))" } ?? event.eventType }
}

extension DecodedPayload {
    /// The event, or nil for a record this build skips.
    var decodedEvent: any DomainEvent {
        get throws {
            guard case let .event(event) = self else { throw CodecError(.invalidValue, "not an event: \(self)") }
            return event
        }
    }
}

