import AntrainEvents
import Foundation
import Testing

/// Checks shared by the event tests: validation outcomes, codec round trips and truncation.
enum EventChecks {
    /// Expects `event` to pass validation.
    static func valid<E: DomainEvent>(_ event: E, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(throws: Never.self, sourceLocation: sourceLocation) { try event.validate() }
    }

    /// Expects `event` to fail validation naming exactly `fields`, in order.
    static func invalid<E: DomainEvent>(_ event: E, _ fields: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        let error = #expect(throws: EventValidationError.self, sourceLocation: sourceLocation) { try event.validate() }
        #expect(error?.fields == fields, sourceLocation: sourceLocation)
        #expect(error?.eventType == E.eventType, sourceLocation: sourceLocation)
    }

    /// The JSON encoder whose output is byte-stable (keys sorted), as the fixtures are written.
    static func jsonEncoder(pretty: Bool = false) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys]
        return encoder
    }

    /// Expects `event` to come back equal from the binary codec and from JSON, with JSON bytes
    /// identical the second time round; returns the binary bytes.
    @discardableResult
    static func roundTrips<E: DomainEvent>(_ event: E, sourceLocation: SourceLocation = #_sourceLocation) throws -> [UInt8] {
        let bytes = try BinaryEventEncoder.encode(event)
        #expect(try BinaryEventDecoder.decode(E.self, from: bytes) == event, sourceLocation: sourceLocation)

        let encoder = jsonEncoder()
        let json = try encoder.encode(event)
        let decoded = try JSONDecoder().decode(E.self, from: json)
        #expect(decoded == event, sourceLocation: sourceLocation)
        #expect(try encoder.encode(decoded) == json, sourceLocation: sourceLocation)
        return bytes
    }

    /// Expects every proper prefix of `event`'s binary form to be refused with a ``CodecError``
    /// (the decoder's typed throws make any other error impossible), and every single-byte
    /// corruption to decode or be refused without crashing.
    static func refusesDamage<E: DomainEvent>(_ event: E, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let bytes = try BinaryEventEncoder.encode(event)
        var acceptedLengths: [Int] = []
        for length in 0..<bytes.count {
            do {
                _ = try BinaryEventDecoder.decode(E.self, from: Array(bytes[..<length]))
                acceptedLengths.append(length)
            } catch {
                // A CodecError, as required.
            }
        }
        #expect(acceptedLengths.isEmpty, "prefixes that decoded: \(acceptedLengths)", sourceLocation: sourceLocation)

        for index in bytes.indices {
            for replacement: UInt8 in [0x00, 0x7F, 0xFF] where bytes[index] != replacement {
                var damaged = bytes
                damaged[index] = replacement
                _ = try? BinaryEventDecoder.decode(E.self, from: damaged)
            }
        }
    }

    /// `count` repetitions of `text`.
    static func text(_ count: Int, _ text: String = "x") -> String { String(repeating: text, count: count) }
}
