import AntrainEvents
import Foundation

/// Typed reads of one object of a ``JSONScanner`` line, each as `JSONDecoder` reads the
/// synthesized `Decodable` of the field's type; anything else gives up.
struct JSONObjectReader {
    let scanner: JSONScanner
    let members: [JSONScanner.Member]

    init(_ value: JSONScanner.Value, in scanner: JSONScanner) throws(JSONScanner.Failure) {
        guard case let .object(members) = value else { throw JSONScanner.Failure() }
        self.scanner = scanner
        self.members = members
    }

    /// The member named `key`, nil when it is missing or `null` (as `decodeIfPresent` has it).
    func value(_ key: StaticString) -> JSONScanner.Value? {
        let count = key.utf8CodeUnitCount
        for member in members where member.key.count == count
            && memcmp(scanner.bytes.baseAddress! + member.key.lowerBound, key.utf8Start, count) == 0 {
            if case .null = member.value { return nil }
            return member.value
        }
        return nil
    }

    /// The envelope's member `key` under any of its spellings, nil when missing or `null`; a
    /// key written under two spellings gives up, so that the Codable path words the problem.
    func value(_ key: EnvelopeKeyBytes) throws(JSONScanner.Failure) -> JSONScanner.Value? {
        var found: JSONScanner.Value?
        var seen = false
        let line = scanner.bytes.baseAddress!
        for member in members where key.isSpelled(by: line + member.key.lowerBound, count: member.key.count) {
            guard !seen else { throw JSONScanner.Failure() }
            seen = true
            if case .null = member.value { continue }
            found = member.value
        }
        return found
    }

    func required<T>(_ key: EnvelopeKeyBytes, _ read: (JSONScanner.Value) throws(JSONScanner.Failure) -> T) throws(JSONScanner.Failure) -> T {
        guard let value = try value(key) else { throw JSONScanner.Failure() }
        return try read(value)
    }

    func optional<T>(_ key: EnvelopeKeyBytes, _ read: (JSONScanner.Value) throws(JSONScanner.Failure) -> T) throws(JSONScanner.Failure) -> T? {
        guard let value = try value(key) else { return nil }
        return try read(value)
    }

    func required<T>(_ key: StaticString, _ read: (JSONScanner.Value) throws(JSONScanner.Failure) -> T) throws(JSONScanner.Failure) -> T {
        guard let value = value(key) else { throw JSONScanner.Failure() }
        return try read(value)
    }

    func optional<T>(_ key: StaticString, _ read: (JSONScanner.Value) throws(JSONScanner.Failure) -> T) throws(JSONScanner.Failure) -> T? {
        guard let value = value(key) else { return nil }
        return try read(value)
    }

    func object(_ value: JSONScanner.Value) throws(JSONScanner.Failure) -> JSONObjectReader {
        try JSONObjectReader(value, in: scanner)
    }

    // MARK: Values

    func string(_ value: JSONScanner.Value) throws(JSONScanner.Failure) -> String {
        guard case let .string(range) = value,
              let text = String(validating: UnsafeRawBufferPointer(rebasing: scanner.bytes[range]), as: UTF8.self) else { throw JSONScanner.Failure() }
        return text
    }

    func bool(_ value: JSONScanner.Value) throws(JSONScanner.Failure) -> Bool {
        guard case let .bool(flag) = value else { throw JSONScanner.Failure() }
        return flag
    }

    /// An integer written as digits only (a fraction or an exponent gives up).
    func int(_ value: JSONScanner.Value) throws(JSONScanner.Failure) -> Int {
        guard case let .number(range) = value else { throw JSONScanner.Failure() }
        var index = range.lowerBound
        let negative = scanner.bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        var result = 0
        while index < range.upperBound {
            let digit = Int(scanner.bytes[index]) - 48
            guard digit >= 0, digit <= 9 else { throw JSONScanner.Failure() }
            let (times, overflow1) = result.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times.addingReportingOverflow(digit)
            guard !overflow1, !overflow2 else { throw JSONScanner.Failure() }
            result = sum
            index += 1
        }
        return negative ? -result : result
    }

    func uint64(_ value: JSONScanner.Value) throws(JSONScanner.Failure) -> UInt64 {
        let number = try int(value)
        guard number >= 0 else { throw JSONScanner.Failure() }
        return UInt64(number)
    }

    /// A finite double, correctly rounded from its text (as `strtod` and `JSONDecoder` give it).
    func double(_ value: JSONScanner.Value) throws(JSONScanner.Failure) -> Double {
        guard case let .number(range) = value, range.count < 64 else { throw JSONScanner.Failure() }
        let parsed: Double? = withUnsafeTemporaryAllocation(of: CChar.self, capacity: range.count + 1) { buffer in
            for (index, byte) in scanner.bytes[range].enumerated() { buffer[index] = CChar(bitPattern: byte) }
            buffer[range.count] = 0
            var end: UnsafeMutablePointer<CChar>?
            let number = strtod(buffer.baseAddress!, &end)
            return end == buffer.baseAddress! + range.count ? number : nil
        }
        guard let parsed, parsed.isFinite else { throw JSONScanner.Failure() }
        return parsed
    }

    /// A UUID in its 8-4-4-4-12 hex form, either case.
    func uuid(_ value: JSONScanner.Value) throws(JSONScanner.Failure) -> UUID {
        guard case let .string(range) = value, range.count == 36 else { throw JSONScanner.Failure() }
        var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var index = range.lowerBound
        try withUnsafeMutableBytes(of: &bytes) { (out: UnsafeMutableRawBufferPointer) throws(JSONScanner.Failure) in
            for slot in 0..<16 {
                if slot == 4 || slot == 6 || slot == 8 || slot == 10 {  // the dashes of 8-4-4-4-12
                    guard scanner.bytes[index] == UInt8(ascii: "-") else { throw JSONScanner.Failure() }
                    index += 1
                }
                out[slot] = try Self.hex(scanner.bytes[index]) << 4 | Self.hex(scanner.bytes[index + 1])
                index += 2
            }
        }
        return UUID(uuid: bytes)
    }

    private static func hex(_ byte: UInt8) throws(JSONScanner.Failure) -> UInt8 {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - 48
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - 87
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - 55
        default: throw JSONScanner.Failure()
        }
    }

    /// An instant: the form exports write (`YYYY-MM-DDTHH:MM:SS[.ffffff]Z`) read from the
    /// bytes; any other form through `ISO8601Micros.parse`, as `Timestamp` decodes it.
    func timestamp(_ value: JSONScanner.Value) throws(JSONScanner.Failure) -> Timestamp {
        guard case let .string(range) = value else { throw JSONScanner.Failure() }
        if let micros = canonicalInstant(range) { return Timestamp(microsecondsSince1970: micros) }
        guard let micros = ISO8601Micros.parse(try string(value)) else { throw JSONScanner.Failure() }
        return Timestamp(microsecondsSince1970: micros)
    }

    func day(_ value: JSONScanner.Value) throws(JSONScanner.Failure) -> CalendarDay {
        guard case let .string(range) = value else { throw JSONScanner.Failure() }
        if range.count == 10, let day = canonicalDay(range.lowerBound) { return day }
        guard let day = CalendarDay(try string(value)) else { throw JSONScanner.Failure() }
        return day
    }

    /// `YYYY-MM-DD` at `start`, when it names a real day.
    private func canonicalDay(_ start: Int) -> CalendarDay? {
        guard scanner.bytes[start + 4] == UInt8(ascii: "-"), scanner.bytes[start + 7] == UInt8(ascii: "-"),
              let year = digits(start, 4), let month = digits(start + 5, 2), let day = digits(start + 8, 2) else { return nil }
        return CalendarDay(year: year, month: month, day: day)
    }

    /// `YYYY-MM-DDTHH:MM:SS[.f{1,6}]Z` in microseconds since 1970, or nil for any other text.
    private func canonicalInstant(_ range: Range<Int>) -> Int64? {
        let start = range.lowerBound, bytes = scanner.bytes
        guard range.count >= 20, range.count <= 27, bytes[range.upperBound - 1] == UInt8(ascii: "Z"),
              bytes[start + 10] == UInt8(ascii: "T"), bytes[start + 13] == UInt8(ascii: ":"), bytes[start + 16] == UInt8(ascii: ":"),
              let day = canonicalDay(start), let hour = digits(start + 11, 2), let minute = digits(start + 14, 2),
              let second = digits(start + 17, 2), hour < 24, minute < 60, second < 60 else { return nil }
        var fraction: Int64 = 0
        if range.count > 20 {
            let count = range.count - 21
            guard bytes[start + 19] == UInt8(ascii: "."), count >= 1, let value = digits(start + 20, count) else { return nil }
            fraction = Int64(value)
            for _ in count..<6 { fraction *= 10 }
        }
        let seconds = Int64(day.daysSince1970) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
        return seconds * 1_000_000 + fraction
    }

    /// `count` decimal digits at `start`, as a number.
    private func digits(_ start: Int, _ count: Int) -> Int? {
        var result = 0
        for index in start..<(start + count) {
            let digit = Int(scanner.bytes[index]) - 48
            guard digit >= 0, digit <= 9 else { return nil }
            result = result * 10 + digit
        }
        return result
    }

    func raw<Value: RawRepresentable<String>>(_: Value.Type, _ value: JSONScanner.Value) throws(JSONScanner.Failure) -> Value {
        guard let parsed = Value(rawValue: try string(value)) else { throw JSONScanner.Failure() }
        return parsed
    }

    func mass(_ value: JSONScanner.Value) throws(JSONScanner.Failure) -> Mass {
        let object = try object(value)
        return Mass(try object.required("value", object.double), try object.raw(MassUnit.self, try object.required("unit") { $0 }))
    }
}
