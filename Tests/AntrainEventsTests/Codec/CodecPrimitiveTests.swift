import AntrainEvents
import Foundation
import Testing

/// Values covering every primitive the binary form has a rule for.
private struct Primitives: Codable, Equatable {
    var int: Int
    var int8: Int8
    var int64: Int64
    var uint16: UInt16
    var uint64: UInt64
    var double: Double
    var float: Float
    var bool: Bool
    var string: String
    var id: UUID
    var optionalPresent: Double?
    var optionalAbsent: String?
    var list: [Int]
    var strings: [String]
    var nested: [Mass]
    var day: CalendarDay
    var time: Timestamp
}

@Suite("Binary codec primitives")
struct CodecPrimitiveTests {
    static let doubles: [Double] = [0, -0.0, 1, -1, 102.5, 0.1, 1e-300, -2.5e300, .greatestFiniteMagnitude,
                                    .leastNonzeroMagnitude, 4_503_599_627_370_495, 4_503_599_627_370_497, 72.125, 1.0 / 3]

    @Test("Every primitive round-trips bit for bit, extremes included")
    func extremes() throws {
        for double in Self.doubles {
            let value = Primitives(int: .min, int8: .min, int64: .max, uint16: .max, uint64: .max, double: double, float: -1.5,
                                   bool: true, string: "Überkopf-Drücken 🏋️‍♀️ \u{0}", id: UUID(), optionalPresent: 0, optionalAbsent: nil,
                                   list: Array(-200...200), strings: ["", "a", String(repeating: "x", count: 70_000)],
                                   nested: [.kilograms(100), .pounds(225.5)], day: CalendarDay(year: 1, month: 1, day: 1)!,
                                   time: Timestamp(microsecondsSince1970: -62_135_596_800_000_000))
            let bytes = try BinaryEventEncoder.encode(value)
            let decoded = try BinaryEventDecoder.decode(Primitives.self, from: bytes)
            #expect(decoded == value)
            #expect(decoded.double.bitPattern == double.bitPattern)
        }
    }

    @Test("Small numbers take few bytes")
    func compactness() throws {
        #expect(try BinaryEventEncoder.encode(Mass.kilograms(100)).count == 5) // 2 for 100, 3 for "kg"
        #expect(try BinaryEventEncoder.encode(102.5).count == 3)
        #expect(try BinaryEventEncoder.encode(0.1).count == 2)
        #expect(try BinaryEventEncoder.encode(1.0 / 3).count == 9)
        #expect(try BinaryEventEncoder.encode(Array(repeating: 1, count: 200)).count == 202)
    }

    @Test("Non-finite numbers are refused both ways")
    func nonFinite() throws {
        for bad in [Double.nan, .infinity, -.infinity] {
            #expect(throws: CodecError.self) { try BinaryEventEncoder.encode(Mass(bad, .kilograms)) }
        }
        var bytes: [UInt8] = [2]
        withUnsafeBytes(of: Double.nan.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
        let error = #expect(throws: CodecError.self) { try BinaryEventDecoder.decode(Double.self, from: bytes) }
        #expect(error?.code == .nonFiniteNumber)
    }

    @Test("Lengths and counts larger than the bytes left are refused before allocating")
    func hostileLengths() throws {
        let hugeString: [UInt8] = [0xFF, 0xFF, 0xFF, 0xFF, 0x0F, 0x41]
        #expect((#expect(throws: CodecError.self) { try BinaryEventDecoder.decode(String.self, from: hugeString) })?.code == .truncated)
        let hugeList: [UInt8] = [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F]
        #expect((#expect(throws: CodecError.self) { try BinaryEventDecoder.decode([Int].self, from: hugeList) })?.code == .countTooLarge)
        let longVarint = [UInt8](repeating: 0xFF, count: 11)
        #expect((#expect(throws: CodecError.self) { try BinaryEventDecoder.decode(UInt64.self, from: longVarint) })?.code == .malformedVarint)
        #expect((#expect(throws: CodecError.self) { try BinaryEventDecoder.decode(Int8.self, from: [0x80, 0x04]) })?.code == .integerOutOfRange)
        #expect((#expect(throws: CodecError.self) { try BinaryEventDecoder.decode(String.self, from: [2, 0xC3, 0x28]) })?.code == .invalidUTF8)
        #expect((#expect(throws: CodecError.self) { try BinaryEventDecoder.decode(Bool.self, from: [1, 0]) })?.code == .trailingBytes)
        #expect((#expect(throws: CodecError.self) { try BinaryEventDecoder.decode(Bool.self, from: [7]) })?.code == .invalidFlag)
    }

    @Test("Counts of 128 and more grow their varint while encoding")
    func growingCounts() throws {
        for count in [0, 127, 128, 16_383, 16_384] {
            let nested = (0..<3).map { _ in (0..<count).map { $0 % 300 } }
            let bytes = try BinaryEventEncoder.encode(nested)
            #expect(try BinaryEventDecoder.decode([[Int]].self, from: bytes) == nested)
        }
    }
}

@Suite("Instants and days outside the years 1 to 9999")
struct ValueRangeTests {
    @Test("Stored bytes cannot hold an instant or a day that could not be printed and read back")
    func outOfRange() throws {
        for micros in [Int64.min, .max, Timestamp.validMicroseconds.lowerBound - 1, Timestamp.validMicroseconds.upperBound + 1] {
            let bytes = try BinaryEventEncoder.encode(micros)
            #expect((#expect(throws: CodecError.self) { try BinaryEventDecoder.decode(Timestamp.self, from: bytes) })?.code == .invalidValue)
        }
        for days in [Int64(-719_163), 2_932_897, .max] {
            let bytes = try BinaryEventEncoder.encode(days)
            #expect((#expect(throws: CodecError.self) { try BinaryEventDecoder.decode(CalendarDay.self, from: bytes) })?.code == .invalidValue)
        }
        let first = Timestamp(microsecondsSince1970: Timestamp.validMicroseconds.lowerBound)
        let last = Timestamp(microsecondsSince1970: Timestamp.validMicroseconds.upperBound)
        #expect(first.description == "0001-01-01T00:00:00Z")
        #expect(last.description == "9999-12-31T23:59:59.999999Z")
        #expect(Timestamp(first.description) == first && Timestamp(last.description) == last)
        #expect(Timestamp("9999-12-31T23:59:59-01:00") == nil)
        #expect(CalendarDay(daysSince1970: 2_932_896).description == "9999-12-31")
        #expect(Timestamp(microsecondsSince1970: .min).description == "0001-01-01T00:00:00Z")
    }
}
