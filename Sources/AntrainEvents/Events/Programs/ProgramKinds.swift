/// What a training program mainly develops: the app design's categories (`ProgramCategory`
/// of the Training Programs API), and two the design has no place for that version 1 had.
public enum ProgramCategory: String, StringCodedEnum {
    /// The squat, bench press and deadlift for competition ("Powerlifting").
    case powerlifting
    /// Muscle size, at moderate repetitions and high volume ("Bodybuilding").
    case bodybuilding
    /// Maximal strength on the main lifts, at low repetitions ("Strength Training").
    case strengthTraining
    /// Mixed conditioning, gymnastics and weightlifting ("CrossFit").
    case crossfit
    /// General fitness, several qualities at once ("General Fitness").
    case generalFitness
    /// Preparation for a sport ("Sport Specific").
    case sportSpecific
    /// Endurance and conditioning (version 1's; not in the design).
    case endurance
    /// Anything else, as its author describes it (version 1's; not in the design).
    case custom

    /// Version 1's names and the design's display names, read as the categories they
    /// became: "strength" and "Strength Training" are `strengthTraining`.
    public static let decodingAliases: [String: ProgramCategory] = [
        "strength": .strengthTraining, "hypertrophy": .bodybuilding, "general": .generalFitness,
        "Powerlifting": .powerlifting, "Bodybuilding": .bodybuilding, "Strength Training": .strengthTraining,
        "CrossFit": .crossfit, "General Fitness": .generalFitness, "Sport Specific": .sportSpecific,
    ]
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
    /// Notes of a week or a day, as a template's.
    static let notes = 500
}
