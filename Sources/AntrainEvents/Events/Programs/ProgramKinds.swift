/// What a training program mainly develops.
public enum ProgramCategory: String, StringCodedEnum {
    /// Maximal strength on the main lifts, at low repetitions.
    case strength
    /// Muscle size, at moderate repetitions and high volume.
    case hypertrophy
    /// The squat, bench press and deadlift for competition.
    case powerlifting
    /// Endurance and conditioning.
    case endurance
    /// General fitness, several qualities at once.
    case general
    /// Anything else, as its author describes it.
    case custom
}

/// Who a program is written for.
public enum ProgramDifficulty: String, StringCodedEnum {
    /// Less than about a year of regular training.
    case beginner
    /// Past beginner gains, progressing week to week rather than session to session.
    case intermediate
    /// Years of training, progressing over blocks of weeks.
    case advanced
}

/// How a program's load rises from week to week.
public enum ProgressionPattern: String, StringCodedEnum {
    /// A little more every week (or every session).
    case linear
    /// Waves of rising intensity, each wave starting a little above the last.
    case wave
    /// "3-1 deload": three weeks of building, then one lighter week.
    case threeOneDeload
    /// "4-1 deload": four weeks of building, then one lighter week.
    case fourOneDeload
    /// The author's own pattern, stated by the weeks' modifiers.
    case custom
}

/// Limits of the program events.
enum ProgramLimits {
    static let description = 1000
    static let phase = 50
    static let durationWeeks = 1...52
    static let daysPerWeek = 0...7
    static let dayOfWeek = 1...7
    /// Intensity and volume, as multiples of the template's: above 0, at most double.
    static let modifier = NumberRule.aboveAndAtMost(0, 2)
    static let rpe = NumberRule.within(1...10)
}
