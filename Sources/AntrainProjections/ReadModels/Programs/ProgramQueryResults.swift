import AntrainEvents
import Foundation

/// Where the active program stands on a given day.
public struct ProgramPosition: Sendable, Codable, Equatable {
    /// Whether the program has begun, is running, or has run its weeks.
    public enum Phase: String, Sendable, Codable {
        /// The start date is still ahead.
        case notStarted
        /// The day falls within the program's weeks.
        case running
        /// The program's `durationWeeks` have passed.
        case finished
    }

    /// The program followed.
    public var programID: UUID
    /// Its name.
    public var programName: String
    /// Its week 1, day 1.
    public var startDate: CalendarDay
    /// Its last day: `startDate` + 7 × `durationWeeks` − 1.
    public var endDate: CalendarDay
    /// Before, during or after the program.
    public var phase: Phase
    /// The program week, 1 to `durationWeeks`, while running.
    public var week: Int?
    /// The day of the week, 1 (Monday) to 7 (Sunday), while running.
    public var dayOfWeek: Int?
    /// The number of the planned week whose plan applies: the week itself, or, when the
    /// program plans fewer weeks than it lasts, the planned week the cycle has come round to.
    public var plannedWeek: Int?
    /// The training day planned for this day, if it is one.
    public var trainingDay: ProgramDay?
}

/// How many of the active program's scheduled days were trained.
public struct ProgramAdherence: Sendable, Codable, Equatable {
    /// The program followed.
    public var programID: UUID
    /// Scheduled days counted: those before the day asked about, plus that day once it is done.
    public var scheduledDays: Int
    /// Scheduled days that were done.
    public var completedDays: Int
    /// Each scheduled day counted, in calendar order.
    public var days: [ScheduledDayOutcome]

    /// `completedDays / scheduledDays`, or nil before the first scheduled day.
    public var fraction: Double? { scheduledDays == 0 ? nil : Double(completedDays) / Double(scheduledDays) }
}

/// One scheduled training day of a program and whether it was done.
public struct ScheduledDayOutcome: Sendable, Codable, Equatable {
    /// The calendar day.
    public var day: CalendarDay
    /// The program week.
    public var week: Int
    /// The day of the week, 1 (Monday) to 7 (Sunday).
    public var dayOfWeek: Int
    /// The training day's name.
    public var name: String
    /// Whether a completed workout counted for it.
    public var done: Bool
}

/// The next training day of the active program, with the weights to use.
public struct NextTrainingDay: Sendable, Codable, Equatable {
    /// The calendar day.
    public var day: CalendarDay
    /// The program week.
    public var week: Int
    /// The day of the week, 1 (Monday) to 7 (Sunday).
    public var dayOfWeek: Int
    /// The training day's name.
    public var name: String
    /// The template it does, if any.
    public var templateID: UUID?
    /// The intensity applied: the day's override, else the week's modifier.
    public var intensity: Double
    /// The volume applied to the template's sets: the day's override, else the week's modifier.
    public var volume: Double
    /// Whether the day is in a deload week.
    public var isDeload: Bool
    /// The effort to aim for, on the RPE scale, when the program gives one.
    public var suggestedRPE: Double?
    /// One suggestion per exercise of sets and repetitions of the template, in template order.
    public var suggestions: [WeightSuggestion]
    /// The program's notes for the day, if any.
    public var notes: String? = nil
    /// The program's notes for the day's week ("Deload: keep the bar speed up"), if any.
    public var weekNotes: String? = nil
}

/// The weight suggested for one exercise of a training day, and why.
public struct WeightSuggestion: Sendable, Codable, Equatable {
    /// The exercise.
    public var exerciseID: UUID
    /// Its name, when the library knows it.
    public var exerciseName: String?
    /// Sets to do: the template's, scaled by the day's volume (see ``plannedSets``).
    public var sets: Int
    /// Sets planned by the template.
    public var plannedSets: Int
    /// Repetitions per set planned by the template.
    public var repsPerSet: Int
    /// The load to use, rounded to a loadable increment; nil without a past performance or a
    /// template weight.
    public var weight: Mass?
    /// How the weight was worked out.
    public var reason: SuggestionReason
}

/// How a suggested weight was worked out, as values and as text.
public struct SuggestionReason: Sendable, Codable, Equatable {
    /// The effort band of the last performance, which decides the step.
    public enum Band: String, Sendable, Codable {
        /// RPE below 7: +5 %.
        case easy
        /// RPE 7 up to (not including) 9: +2.5 %.
        case moderate
        /// RPE 9 or more: −2.5 %.
        case hard
        /// No RPE recorded: +2.5 %.
        case unrated
        /// No completed working set of the exercise yet: no weight is suggested.
        case noHistory
        /// No completed working set yet, but the template gives a weight: that weight at the
        /// day's intensity (seed 004: "First time - using template weight").
        case templateWeight
    }

    /// The band.
    public var band: Band
    /// The last completed working set's weight, as entered.
    public var lastWeight: Mass?
    /// Its repetitions.
    public var lastReps: Int?
    /// The RPE that decided the band: the workout's, else the set's.
    public var lastRPE: Double?
    /// Why a step was not taken.
    public enum Hold: String, Sendable, Codable {
        /// The day is in a deload week, which does not step up.
        case deloadWeek
        /// The last performance was in a deload week, which says nothing of progress.
        case afterDeload
    }

    /// The step of the band, in percent (5, 2.5 or −2.5); not applied when ``hold`` says so.
    public var stepPercent: Double
    /// The program week.
    public var week: Int
    /// The intensity multiplier applied.
    public var intensity: Double
    /// The weight before rounding, in the unit of the suggestion.
    public var unrounded: Double?
    /// The same, for people: "last 100 kg × 5 at RPE 8: +2.5%, week 3 intensity 0.9 → 92.5 kg".
    public var text: String
    /// The intensity the last performance's day was planned at (1 outside the program): the
    /// last weight is divided by it before the step.
    public var lastIntensity: Double = 1
    /// Whether the step up was raised to one loadable increment (2.5 kg or 5 lb).
    public var minimumStep = false
    /// Why no step was taken, if it was not.
    public var hold: Hold?
}
