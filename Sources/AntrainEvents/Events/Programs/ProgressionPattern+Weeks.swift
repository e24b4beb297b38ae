/// The modifiers a progression pattern gives each week, as the app's design generates them
/// (`WeekProgressionPattern.generateModifiers`): what `program add` writes into the weeks of
/// a program when its author does not state them.
///
/// ```swift
/// ProgressionPattern.threeOneDeload.week(4)  // intensity 0.6, volume 0.6, a deload
/// ```
public struct PatternWeek: Sendable, Hashable {
    /// The load as a multiple of the templates'.
    public var intensityModifier: Double
    /// The sets as a multiple of the templates'.
    public var volumeModifier: Double
    /// Whether the week is a deload.
    public var isDeload: Bool
}

extension ProgressionPattern {
    /// The design's step between weeks: +2.5 % intensity.
    public static let weeklyIncrement = 0.025
    /// The design's deload: 0.6 of the load; the volume is taken down as much ("0.6 = deload").
    public static let deloadModifier = 0.6

    /// The modifiers of week `number` (1-based):
    /// - `linear`: 1 + 0.025 × (n − 1): 1, 1.025, 1.05, …
    /// - `wave`: waves of three weeks, each starting 0.075 above the last, going up then
    ///   below: 1, 1.025, 0.975, 1.075, 1.1, 1.05, …
    /// - `threeOneDeload`: every 4th week a deload at 0.6; the other weeks rise by 0.025 each,
    ///   counting only the weeks that are not deloads: 1, 1.025, 1.05, deload, 1.075, …
    /// - `fourOneDeload`: the same with a deload every 5th week.
    /// - `custom`: 1 every week; the author states the rest.
    ///
    /// Deload weeks have volume 0.6 (the design names 0.6 as the deload of both); the other
    /// weeks volume 1. Intensities are kept to 3 decimals and at most 2, the events' limit
    /// (a 52-week linear program reaches 2 in week 41 and stays there).
    public func week(_ number: Int) -> PatternWeek {
        let index = max(0, number - 1)
        let step = Self.weeklyIncrement
        func rising(_ steps: Int) -> PatternWeek { .init(intensityModifier: Self.clean(1 + Double(steps) * step), volumeModifier: 1, isDeload: false) }
        let deload = PatternWeek(intensityModifier: Self.deloadModifier, volumeModifier: Self.deloadModifier, isDeload: true)
        switch self {
        case .linear:
            return rising(index)
        case .wave:
            let offset = Double(index / 3) * step * 3
            let wave = [0, step, -step][index % 3]
            return PatternWeek(intensityModifier: Self.clean(1 + offset + wave), volumeModifier: 1, isDeload: false)
        case .threeOneDeload:
            return (index + 1) % 4 == 0 ? deload : rising(index - index / 4)
        case .fourOneDeload:
            return (index + 1) % 5 == 0 ? deload : rising(index - index / 5)
        case .custom:
            return rising(0)
        }
    }

    /// Rounded to 3 decimals (0.025 × 3 is 0.07500000000000001 in binary) and capped at 2.
    private static func clean(_ value: Double) -> Double { min(2, (value * 1000).rounded() / 1000) }
}
