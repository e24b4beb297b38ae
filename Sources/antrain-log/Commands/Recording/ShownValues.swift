import AntrainEvents
import Foundation

/// Numbers and amounts as the reports of recording commands print them.
enum Shown {
    /// `100`, `102.5`: no trailing `.0`, no exponent for everyday values.
    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }

    /// `1h05m`, `25m`, `1m30s`, `45s`.
    static func duration(_ seconds: Double) -> String {
        let total = Int(seconds.rounded())
        let (hours, minutes, rest) = (total / 3600, total % 3600 / 60, total % 60)
        if hours > 0 { return "\(hours)h" + String(format: "%02dm", minutes) + (rest > 0 ? String(format: "%02ds", rest) : "") }
        if minutes > 0 { return "\(minutes)m" + (rest > 0 ? String(format: "%02ds", rest) : "") }
        return "\(rest)s"
    }

    /// The parts of a set that were given: `100 kg × 5`, `90s`, `400 m` (in `distanceUnit`), then RPE.
    static func performance(_ set: SetPerformance, distanceUnit: DistanceUnit) -> String {
        var parts: [String] = []
        if let reps = set.reps { parts.append(set.weight.map { "\($0) × \(reps)" } ?? "\(reps) reps") }
        if let duration = set.durationSeconds { parts.append(Self.duration(duration)) }
        if let distance = set.distanceMetres { parts.append(DisplayText.distance(metres: distance, in: distanceUnit)) }
        if let rpe = set.rpe { parts.append("@ RPE \(number(rpe))") }
        if set.setType != .normal { parts.append("(\(set.setType.rawValue))") }
        if !set.completed { parts.append("(not done)") }
        return parts.joined(separator: " ")
    }
}
