import AntrainEvents
import Testing

/// The modifiers each progression pattern gives its weeks (issue 19: the patterns were a
/// label and every week was 1.0/1.0), worked out by hand from the app design's
/// `WeekProgressionPattern.generateModifiers` (base 1, increment 0.025, deload 0.6).
@Suite("Progression patterns: the weeks they name")
struct ProgressionPatternWeeksTests {
    /// (intensity, volume, deload) of weeks 1 to 10, from the design's generateModifiers
    /// (base 1, increment 0.025), with deload weeks at 0.6 and their volume at 0.6.
    @Test("Each pattern's weeks, by hand", arguments: [
        // linear: 1 + 0.025 × (n − 1).
        (ProgressionPattern.linear, [1, 1.025, 1.05, 1.075, 1.1, 1.125, 1.15, 1.175, 1.2, 1.225], [Int]()),
        // wave: offset 0.075 × (i / 3), then +0, +0.025, −0.025 by i % 3.
        (.wave, [1, 1.025, 0.975, 1.075, 1.1, 1.05, 1.15, 1.175, 1.125, 1.225], []),
        // 3-1: weeks 4 and 8 deload; week 5 is progress week 5 − 1 − 1 = 3: 1.075.
        (.threeOneDeload, [1, 1.025, 1.05, 0.6, 1.075, 1.1, 1.125, 0.6, 1.15, 1.175], [4, 8]),
        // 4-1: weeks 5 and 10 deload; week 6 is progress week 4: 1.1.
        (.fourOneDeload, [1, 1.025, 1.05, 1.075, 0.6, 1.1, 1.125, 1.15, 1.175, 0.6], [5, 10]),
        (.custom, [1, 1, 1, 1, 1, 1, 1, 1, 1, 1], []),
    ])
    func patternWeeks(pattern: ProgressionPattern, intensities: [Double], deloads: [Int]) {
        let weeks = (1...10).map { pattern.week($0) }
        #expect(weeks.map(\.intensityModifier) == intensities)
        #expect(weeks.indices.filter { weeks[$0].isDeload }.map { $0 + 1 } == deloads)
        #expect(weeks.map(\.volumeModifier) == weeks.map { $0.isDeload ? 0.6 : 1 })
    }

    @Test("A 52-week linear program stops at the events' limit of 2 (week 41) instead of making an invalid week")
    func linearCap() {
        #expect(ProgressionPattern.linear.week(40).intensityModifier == 1.975)
        #expect(ProgressionPattern.linear.week(41).intensityModifier == 2)
        #expect(ProgressionPattern.linear.week(52).intensityModifier == 2)
    }
}
