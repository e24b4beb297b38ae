import Foundation

/// The sex the user gives, for energy estimates.
public enum Sex: String, StringCodedEnum {
    /// Female.
    case female
    /// Male.
    case male
    /// Another answer.
    case other
    /// Not said.
    case unspecified
}

/// How active the user is outside training, for energy estimates.
public enum ActivityLevel: String, StringCodedEnum {
    /// Little or no exercise.
    case sedentary
    /// Light exercise, 1 to 3 days a week.
    case light
    /// Moderate exercise, 3 to 5 days a week.
    case moderate
    /// Hard exercise, 6 to 7 days a week.
    case active
    /// Hard daily exercise and a physical job.
    case veryActive
}

/// Daily nutrition targets.
public struct NutritionGoals: Codable, Sendable, Hashable {
    /// Energy, in kilocalories a day (more than 0).
    public var caloriesKcal: Double
    /// Protein, in grams a day.
    public var proteinG: Double
    /// Carbohydrates, in grams a day.
    public var carbsG: Double
    /// Fats, in grams a day.
    public var fatsG: Double

    /// The goals of a profile that has set none: seed 001's `defaultProfile` (2000 kcal,
    /// 150 g protein, 200 g carbs, 65 g fat), shown as such until the user sets theirs.
    public static let defaults = NutritionGoals(caloriesKcal: 2000, proteinG: 150, carbsG: 200, fatsG: 65)

    /// Daily targets.
    public init(caloriesKcal: Double, proteinG: Double, carbsG: Double, fatsG: Double) {
        self.caloriesKcal = caloriesKcal
        self.proteinG = proteinG
        self.carbsG = carbsG
        self.fatsG = fatsG
    }
}

extension NutritionGoals: Validatable {
    public func validate(into validator: inout Validator) {
        validator.number(caloriesKcal, "caloriesKcal", .above(0))
        validator.number(proteinG, "proteinG", .atLeast(0))
        validator.number(carbsG, "carbsG", .atLeast(0))
        validator.number(fatsG, "fatsG", .atLeast(0))
    }
}

/// Limits of the profile and body events.
enum ProfileLimits {
    static let heightCentimetres = NumberRule.aboveAndAtMost(0, 300)
    static let earliestBirth = CalendarDay(daysSince1970: CalendarDay.days(year: 1900, month: 1, day: 1))
    static let maxBodyweightKg = 1000.0
    /// A profile's name, as seed 001's user model bounds it.
    static let nameLength = 50
    static let bodyweightNotes = 200
}

/// The user's profile changed: the fields given replace the current ones, absent fields keep
/// their values.
///
/// The goals apply from `effectiveFrom` on, so that past days are judged by the goals they had.
public struct ProfileUpdated: DomainEvent {
    public static let eventType = "ProfileUpdated"
    public static let schemaVersion: UInt16 = 1

    /// The user's name, 1 to 50 characters (seed 001's profile model).
    public var name: String?
    /// Height, in centimetres (more than 0, at most 300).
    public var heightCentimetres: Double?
    /// Sex, for energy estimates.
    public var sex: Sex?
    /// The day of birth, from 1900-01-01 and not after `effectiveFrom`.
    public var dateOfBirth: CalendarDay?
    /// Activity outside training, for energy estimates.
    public var activityLevel: ActivityLevel?
    /// Daily nutrition targets.
    public var goals: NutritionGoals?
    /// The day the update, and the goals in particular, start applying.
    public var effectiveFrom: CalendarDay

    /// A profile update applying from `effectiveFrom`.
    public init(name: String? = nil, heightCentimetres: Double? = nil, sex: Sex? = nil, dateOfBirth: CalendarDay? = nil,
                activityLevel: ActivityLevel? = nil, goals: NutritionGoals? = nil, effectiveFrom: CalendarDay) {
        self.name = name
        self.heightCentimetres = heightCentimetres
        self.sex = sex
        self.dateOfBirth = dateOfBirth
        self.activityLevel = activityLevel
        self.goals = goals
        self.effectiveFrom = effectiveFrom
    }

    public var streamID: String { StreamName.profile }
    /// Hands the event to the visitor's `visit` for ProfileUpdated.
    public func accept<V: EventVisitor>(_ visitor: inout V, _ stored: EventMetadata) { visitor.visit(self, stored) }

    public func validate(into validator: inout Validator) {
        validator.name(name, "name", maxLength: ProfileLimits.nameLength)
        validator.number(heightCentimetres, "heightCentimetres", ProfileLimits.heightCentimetres)
        if let dateOfBirth {
            validator.check(dateOfBirth >= ProfileLimits.earliestBirth && dateOfBirth <= effectiveFrom, "dateOfBirth",
                            value: dateOfBirth.description,
                            allowed: "a day from \(ProfileLimits.earliestBirth) to effectiveFrom (\(effectiveFrom))")
        }
        if let goals { validator.nested(goals, "goals") }
    }
}
