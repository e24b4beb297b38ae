import AntrainEvents
import ArgumentParser
import Foundation

/// Parses the amounts people type: weights with or without a unit, durations, distances,
/// grams and heights. A typo is a usage error (exit 64) that shows the accepted forms, so
/// that a wrong unit can never be stored as a different number.
enum Quantities {
    /// `100kg`, `225lb`, `225lbs`, `102.5` (a plain number is in the weight unit setting).
    static func mass(_ text: String, plainUnit: MassUnit, what: String = "weight") throws -> Mass {
        let (number, unit) = try split(text, what: what, forms: "100kg, 225lb, or a plain number in \(plainUnit.rawValue) (the weight unit setting)")
        switch unit {
        case "": return Mass(number, plainUnit)
        case "kg", "kgs": return Mass(number, .kilograms)
        case "lb", "lbs": return Mass(number, .pounds)
        default: throw bad(text, what, "100kg, 225lb, or a plain number in \(plainUnit.rawValue) (the weight unit setting)")
        }
    }

    /// `90s`, `25m`, `1h5m`, `1h5m30s`, `1:30` (minutes:seconds), `1:05:00`, or plain seconds.
    static func seconds(_ text: String, what: String = "duration") throws -> Double {
        let forms = "90s, 25m, 1h5m, 1:30 (minutes:seconds), or plain seconds"
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        if trimmed.contains(":") {
            let parts = trimmed.split(separator: ":", omittingEmptySubsequences: false).map { Double($0) }
            guard (2...3).contains(parts.count), parts.allSatisfy({ $0 != nil && $0! >= 0 && $0!.isFinite }) else {
                throw bad(text, what, forms)
            }
            return parts.reduce(0) { $0 * 60 + $1! }
        }
        if let plain = finite(trimmed) { return plain }
        // Units in descending order, each at most once: 1h5m30s.
        let pattern = #/^(?:(\d+(?:\.\d+)?)h)?(?:(\d+(?:\.\d+)?)m(?:in)?)?(?:(\d+(?:\.\d+)?)s)?$/#
        guard !trimmed.isEmpty, let match = trimmed.wholeMatch(of: pattern) else { throw bad(text, what, forms) }
        let (_, hours, minutes, seconds) = match.output
        guard hours != nil || minutes != nil || seconds != nil else { throw bad(text, what, forms) }
        return (hours.flatMap { Double($0) } ?? 0) * 3600 + (minutes.flatMap { Double($0) } ?? 0) * 60
            + (seconds.flatMap { Double($0) } ?? 0)
    }

    /// `5km`, `3mi`, `400m`, or a plain number in the distance unit setting (km or miles).
    static func metres(_ text: String, plainUnit: DistanceUnit, what: String = "distance") throws -> Double {
        let plainName = plainUnit == .miles ? "miles" : "km"
        let forms = "5km, 3mi, 400m, or a plain number in \(plainName) (the distance unit setting)"
        let mile = DistanceUnit.metresPerMile
        return try scaled(text, what: what, forms: forms,
                          ["": plainUnit == .miles ? mile : 1000, "km": 1000, "m": 1, "mi": mile, "mile": mile, "miles": mile])
    }

    /// `80g`, `0.25kg`, or plain grams.
    static func grams(_ text: String, what: String = "amount") throws -> Double {
        try scaled(text, what: what, forms: "80g, 0.25kg, or plain grams", gramFactors)
    }

    /// How much of a food: grams, or servings of the food's usual serving.
    enum FoodAmount: Equatable {
        case grams(Double)
        case servings(Double)
    }

    /// `80g`, `0.25kg`, plain grams, or servings: `2x`, `2 servings`, `1.5 serving`.
    static func foodAmount(_ text: String) throws -> FoodAmount {
        let forms = "80g, 0.25kg, plain grams, or servings (2x, 2 servings)"
        let (number, unit) = try split(text, what: "amount", forms: forms)
        if ["x", "serving", "servings", "srv"].contains(unit) { return .servings(number) }
        guard let factor = gramFactors[unit] else { throw bad(text, "amount", forms) }
        return .grams(number * factor)
    }

    /// The units of a mass in grams.
    private static let gramFactors: [String: Double] = ["": 1, "g": 1, "kg": 1000]

    /// `180cm`, `1.8m`, or plain centimetres.
    static func centimetres(_ text: String, what: String = "height") throws -> Double {
        try scaled(text, what: what, forms: "180cm, 1.80m, or plain centimetres", ["": 1, "cm": 1, "m": 100])
    }

    /// A finite number, or a usage error naming `what`.
    static func number(_ text: String, what: String) throws -> Double {
        var trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.first == ArgumentRewriting.minusSign { trimmed = "-" + trimmed.dropFirst() }
        guard let value = finite(trimmed) else { throw bad(text, what, "a number such as 8 or 7.5") }
        return value
    }

    /// The number of `text` times its unit's factor in `factors`: the amounts whose units
    /// differ by a factor alone read alike, each naming its units and forms.
    private static func scaled(_ text: String, what: String, forms: String, _ factors: [String: Double]) throws -> Double {
        let (number, unit) = try split(text, what: what, forms: forms)
        guard let factor = factors[unit] else { throw bad(text, what, forms) }
        return number * factor
    }

    /// A number and the letters after it: `102.5kg` → (102.5, "kg").
    private static func split(_ text: String, what: String, forms: String) throws -> (Double, String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        if let sign = trimmed.first, sign == "-" || sign == ArgumentRewriting.minusSign,
           (try? split(String(trimmed.dropFirst()), what: what, forms: forms)) != nil {
            let article = what.first.map { "aeiou".contains($0) } == true ? "an" : "a"
            throw ValidationError("\"-\(trimmed.dropFirst())\" is negative: \(article) \(what) cannot be less than 0.")
        }
        guard let match = trimmed.wholeMatch(of: #/^(\d+(?:[.,]\d+)?|\.\d+)\s*([a-z]*)$/#),
              let number = finite(match.output.1.replacingOccurrences(of: ",", with: "."))
        else { throw bad(text, what, forms) }
        return (number, String(match.output.2))
    }

    /// `Double(text)` without the spellings of NaN and infinity it also accepts.
    private static func finite(_ text: some StringProtocol) -> Double? {
        guard let value = Double(text), value.isFinite, text.first?.isLetter == false else { return nil }
        return value
    }

    private static func bad(_ text: String, _ what: String, _ forms: String) -> ValidationError {
        let article = what.first.map { "aeiou".contains($0) } == true ? "an" : "a"
        return ValidationError("\"\(ArgumentRewriting.asTyped(text))\" is not \(article) \(what): write it as \(forms).")
    }
}
