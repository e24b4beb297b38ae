import Foundation

/// Everything that defines a training program, stated in full by ``ProgramCreated``,
/// ``ProgramUpdated`` and ``ProgramDuplicated``, so that one event tells what the program is.
public struct ProgramDefinition: Codable, Sendable, Hashable {
    /// The name shown, 1 to 100 characters after trimming.
    public var name: String
    /// What the program is about and how to run it, at most 1000 characters.
    public var description: String?
    /// What it mainly develops.
    public var category: ProgramCategory
    /// Who it is written for.
    public var difficulty: ProgramDifficulty
    /// How long it runs, 1 to 52 weeks.
    public var durationWeeks: Int
    /// How its load rises from week to week.
    public var progression: ProgressionPattern
    /// The weeks it plans, numbered 1 to `durationWeeks`, each number once.
    public var weeks: [ProgramWeek]

    /// A program's definition.
    public init(name: String, description: String? = nil, category: ProgramCategory, difficulty: ProgramDifficulty,
                durationWeeks: Int, progression: ProgressionPattern, weeks: [ProgramWeek]) {
        self.name = name
        self.description = description
        self.category = category
        self.difficulty = difficulty
        self.durationWeeks = durationWeeks
        self.progression = progression
        self.weeks = weeks
    }
}

extension ProgramDefinition: Validatable {
    public func validate(into validator: inout Validator) {
        validator.name(name, "name")
        validator.text(description, "description", maxLength: ProgramLimits.description)
        validator.integer(durationWeeks, "durationWeeks", ProgramLimits.durationWeeks)
        validator.count(weeks.count, "weeks", ProgramLimits.durationWeeks, of: "weeks")
        var seen = Set<Int>()
        for (index, week) in weeks.enumerated() {
            validator.nested(week, "weeks[\(index)]")
            // The week checked its number is 1 to 52; here: within the program, and once.
            guard ProgramLimits.durationWeeks.contains(week.number) else { continue }
            let field = "weeks[\(index)].number"
            if ProgramLimits.durationWeeks.contains(durationWeeks), week.number > durationWeeks {
                validator.check(false, field, value: String(week.number),
                                allowed: "a week number from 1 to durationWeeks (\(durationWeeks))")
            } else if !seen.insert(week.number).inserted {
                validator.check(false, field, value: "\(week.number), already used by an earlier week",
                                allowed: "each week number once")
            }
        }
    }
}

/// One week of a program: how hard and how much relative to its templates, and its days.
public struct ProgramWeek: Codable, Sendable, Hashable {
    /// The week's number in the program, 1 to 52 and at most the program's `durationWeeks`, each once.
    public var number: Int
    /// An optional name ("Heavy week").
    public var name: String?
    /// Notes for the week ("Test your singles on Friday"), at most 500 characters.
    public var notes: String?
    /// The training phase it belongs to ("accumulation", "intensification"): 1 to 50 characters after trimming when given.
    public var phase: String?
    /// The load as a multiple of the templates' (0.9 is 90 %): above 0, at most 2.
    public var intensityModifier: Double
    /// The volume (sets) as a multiple of the templates': above 0, at most 2.
    public var volumeModifier: Double
    /// Whether it is a lighter week for recovery.
    public var isDeload: Bool
    /// The training days, each day of the week at most once; the other days are rest.
    public var days: [ProgramDay]

    /// A week of a program.
    public init(number: Int, name: String? = nil, notes: String? = nil, phase: String? = nil, intensityModifier: Double = 1,
                volumeModifier: Double = 1, isDeload: Bool = false, days: [ProgramDay]) {
        self.number = number
        self.name = name
        self.notes = notes
        self.phase = phase
        self.intensityModifier = intensityModifier
        self.volumeModifier = volumeModifier
        self.isDeload = isDeload
        self.days = days
    }
}

extension ProgramWeek: Validatable {
    public func validate(into validator: inout Validator) {
        validator.integer(number, "number", ProgramLimits.durationWeeks)
        validator.name(name, "name")
        validator.text(notes, "notes", maxLength: ProgramLimits.notes)
        validator.name(phase, "phase", maxLength: ProgramLimits.phase)
        validator.number(intensityModifier, "intensityModifier", ProgramLimits.modifier)
        validator.number(volumeModifier, "volumeModifier", ProgramLimits.modifier)
        validator.count(days.count, "days", ProgramLimits.daysPerWeek, of: "days")
        var seen = Set<Int>()
        for (index, day) in days.enumerated() {
            validator.nested(day, "days[\(index)]")
            if ProgramLimits.dayOfWeek.contains(day.dayOfWeek), !seen.insert(day.dayOfWeek).inserted {
                validator.check(false, "days[\(index)].dayOfWeek", value: "\(day.dayOfWeek), already used by an earlier day",
                                allowed: "each day of the week once")
            }
        }
    }
}

/// One training day of a program week: which template to do, and any change to the week's
/// intensity and volume for it.
public struct ProgramDay: Codable, Sendable, Hashable {
    /// The day of the week, 1 (Monday) to 7 (Sunday).
    public var dayOfWeek: Int
    /// The name shown ("Squat day"), 1 to 100 characters after trimming.
    public var name: String
    /// Notes for the day ("Belt on the top sets"), at most 500 characters.
    public var notes: String?
    /// The template to do, if any (none: the day is planned but free-form).
    public var templateID: UUID?
    /// Replaces the week's intensity modifier for this day: above 0, at most 2.
    public var intensityOverride: Double?
    /// Replaces the week's volume modifier for this day: above 0, at most 2.
    public var volumeOverride: Double?
    /// The effort to aim for, on the RPE scale of 1 to 10.
    public var suggestedRPE: Double?

    /// A training day.
    public init(dayOfWeek: Int, name: String, notes: String? = nil, templateID: UUID? = nil, intensityOverride: Double? = nil,
                volumeOverride: Double? = nil, suggestedRPE: Double? = nil) {
        self.dayOfWeek = dayOfWeek
        self.name = name
        self.notes = notes
        self.templateID = templateID
        self.intensityOverride = intensityOverride
        self.volumeOverride = volumeOverride
        self.suggestedRPE = suggestedRPE
    }
}

extension ProgramDay: Validatable {
    public func validate(into validator: inout Validator) {
        validator.integer(dayOfWeek, "dayOfWeek", ProgramLimits.dayOfWeek)
        validator.name(name, "name")
        validator.text(notes, "notes", maxLength: ProgramLimits.notes)
        validator.number(intensityOverride, "intensityOverride", ProgramLimits.modifier)
        validator.number(volumeOverride, "volumeOverride", ProgramLimits.modifier)
        validator.number(suggestedRPE, "suggestedRPE", ProgramLimits.rpe)
    }
}
