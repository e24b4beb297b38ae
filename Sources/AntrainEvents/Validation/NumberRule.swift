/// What a number may be; every rule also requires a finite number that is not negative zero
/// (which no person enters, and which would be shown back as "-0").
public enum NumberRule: Sendable, Equatable, CustomStringConvertible {
    /// `minimum` or more.
    case atLeast(Double)
    /// Strictly more than `bound`.
    case above(Double)
    /// Between the bounds, both included.
    case within(ClosedRange<Double>)
    /// More than `lower`, at most `upper`.
    case aboveAndAtMost(Double, Double)

    /// Whether `value` passes.
    public func allows(_ value: Double) -> Bool {
        guard value.isFinite, !(value == 0 && value.sign == .minus) else { return false }
        switch self {
        case let .atLeast(minimum): return value >= minimum
        case let .above(bound): return value > bound
        case let .within(range): return range.contains(value)
        case let .aboveAndAtMost(lower, upper): return value > lower && value <= upper
        }
    }

    public var description: String {
        switch self {
        case let .atLeast(minimum): return "a finite number of at least \(minimum.formatted)"
        case let .above(bound): return "a finite number above \(bound.formatted)"
        case let .within(range): return "a finite number from \(range.lowerBound.formatted) to \(range.upperBound.formatted)"
        case let .aboveAndAtMost(lower, upper): return "a finite number above \(lower.formatted) and at most \(upper.formatted)"
        }
    }
}
