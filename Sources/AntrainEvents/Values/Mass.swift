/// The unit a mass was entered in.
public enum MassUnit: String, StringCodedEnum {
    /// Kilograms.
    case kilograms = "kg"
    /// Avoirdupois pounds, exactly 0.45359237 kg.
    case pounds = "lb"
}

/// A mass that remembers the unit it was entered in, so that "225 lb" is shown back as
/// 225 lb and never as 102.058 kg; conversions use the exact definition of the pound.
///
/// ```swift
/// let bar = Mass(225, .pounds)
/// bar.kilograms          // 102.05828325
/// Mass.kilograms(100)    // 100 kg
/// ```
public struct Mass: Codable, Sendable, Hashable, CustomStringConvertible {
    /// Kilograms in one pound, by the international yard and pound agreement of 1959.
    public static let kilogramsPerPound = 0.45359237

    /// The number as entered.
    public var value: Double
    /// The unit it was entered in.
    public var unit: MassUnit

    /// A mass of `value` in `unit`.
    public init(_ value: Double, _ unit: MassUnit) {
        self.value = value
        self.unit = unit
    }

    /// A mass in kilograms.
    public static func kilograms(_ value: Double) -> Mass { Mass(value, .kilograms) }
    /// A mass in pounds.
    public static func pounds(_ value: Double) -> Mass { Mass(value, .pounds) }

    /// The mass in kilograms.
    public var kilograms: Double { unit == .kilograms ? value : value * Self.kilogramsPerPound }
    /// The mass in pounds.
    public var pounds: Double { unit == .pounds ? value : value / Self.kilogramsPerPound }

    /// The same mass expressed in `unit`.
    public func converted(to unit: MassUnit) -> Mass {
        unit == .kilograms ? Mass(kilograms, .kilograms) : Mass(pounds, .pounds)
    }

    public var description: String { "\(value.formatted) \(unit.rawValue)" }

    private enum CodingKeys: String, CodingKey { case value, unit }

    // The binary form is what a keyed container would write (the number, then the unit's
    // raw string); read and written directly because masses are in most events.
    public init(from decoder: any Decoder) throws {
        if let binary = decoder as? BinaryEventDecoder {
            value = try binary.readDouble()
            let start = binary.position
            let raw = try binary.readString()
            guard let unit = MassUnit(rawValue: raw) else {
                throw CodecError(.invalidValue, "'\(raw)' is not a mass unit (kg or lb)", byteOffset: start, field: "unit")
            }
            self.unit = unit
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        value = try container.decode(Double.self, forKey: .value)
        unit = try container.decode(MassUnit.self, forKey: .unit)
    }

    public func encode(to encoder: any Encoder) throws {
        if let binary = encoder as? BinaryEventEncoder {
            try binary.writeDouble(value)
            return binary.writeString(unit.rawValue)
        }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(value, forKey: .value)
        try container.encode(unit, forKey: .unit)
    }
}

extension Double {
    /// The shortest text that reads back as this number, without a trailing ".0".
    var formatted: String {
        self == rounded() && magnitude < 1e15 ? String(Int64(self)) : "\(self)"
    }
}
