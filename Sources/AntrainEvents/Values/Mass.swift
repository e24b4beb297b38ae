/// The unit a mass was entered in.
public enum MassUnit: String, Codable, Sendable, CaseIterable, Hashable {
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
}

extension Double {
    /// The shortest text that reads back as this number, without a trailing ".0".
    var formatted: String {
        self == rounded() && magnitude < 1e15 ? String(Int64(self)) : "\(self)"
    }
}
