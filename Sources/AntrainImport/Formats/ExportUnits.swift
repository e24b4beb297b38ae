import AntrainEvents

/// The unit names exports write, read without regard to case.
enum ExportUnits {
    /// `kg`, `kgs`, `lb`, `lbs` and their long names.
    static func mass(_ text: String) -> MassUnit? {
        switch text.lowercased() {
        case "kg", "kgs", "kilogram", "kilograms": return .kilograms
        case "lb", "lbs", "pound", "pounds": return .pounds
        default: return nil
        }
    }

    /// Metres in one `m`, `km`, `mi`, `ft` or `yd` (and their long names).
    static func metres(per unit: String) -> Double? {
        switch unit.lowercased() {
        case "m", "meter", "meters", "metre", "metres": return 1
        case "km", "kms", "kilometer", "kilometers", "kilometre", "kilometres": return 1000
        case "mi", "mi.", "mile", "miles": return metresPerMile
        case "ft", "foot", "feet": return 0.3048
        case "yd", "yds", "yard", "yards": return 0.9144
        default: return nil
        }
    }

    static let metresPerMile = 1609.344

    /// The distance unit that goes with a weight unit when a row names none: kilometres
    /// with kilograms, miles with pounds, as the apps show them.
    static func metresPerDistance(with unit: MassUnit?) -> Double {
        unit == .pounds ? metresPerMile : 1000
    }

    /// What the messages say is allowed.
    static let massNames = "kg or lbs"
    static let distanceNames = "m, km, mi, ft or yd"
}
