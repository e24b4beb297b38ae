import AntrainEvents
import AntrainJSON
import AntrainLog
import AntrainProjections
import Foundation

/// What `profile` without options prints: the profile as the updates left it, and the
/// nutrition goals in force today (with the next change, when one is planned).
enum ProfileView {
    /// Reads the profile and the goals around `today` and prints them in `format`.
    static func show(_ global: GlobalOptions, today: CalendarDay) async throws {
        try await CommandRunner.run(global) { place in
            let store = try await StateAccess.store(Settings.models + DailyNutrition.models + TrainingSummary.models, place: place)
            let profile = try Settings(store).profile()
            let goals = try DailyNutrition(store, events: nil).goalPeriods(around: today)
            answer(profile, current: goals.current, next: goals.next,
                   hasCompletedWorkout: try TrainingSummary(store).hasCompletedWorkout()).print(global.format)
        }
    }

    static func answer(_ profile: UserProfile?, current: NutritionGoalsPeriod?, next: NutritionGoalsPeriod?,
                       hasCompletedWorkout: Bool) -> QueryAnswer {
        var json = JSONObjectBuilder()
        json.add("name", ifPresent: profile?.name.map { .string($0) })
        json.add("heightCentimetres", ifPresent: profile?.heightCentimetres.map(QueryJSON.number))
        json.add("sex", ifPresent: profile?.sex.map { .string($0.rawValue) })
        json.add("dateOfBirth", ifPresent: profile?.dateOfBirth.map(QueryJSON.day))
        json.add("activityLevel", ifPresent: profile?.activityLevel.map { .string($0.rawValue) })
        // Until goals are set, the defaults are in force (seed 001's default profile), marked.
        json.add("goals", current.map(Self.json) ?? Self.defaultsJSON)
        json.add("nextGoals", ifPresent: next.map(Self.json))
        // Seed 003: whether a workout was ever completed (a quick log is completed when logged).
        json.add("hasCompletedWorkout", .bool(hasCompletedWorkout))

        var block = KeyValueBlock()
        block.add("name", profile?.name ?? "not set")
        block.add("height", profile?.heightCentimetres.map { DisplayText.number($0) + " cm" } ?? "not set")
        block.add("sex", profile?.sex?.rawValue ?? "not set")
        block.add("born", profile?.dateOfBirth?.description ?? "not set")
        block.add("activity", profile?.activityLevel.map(DisplayText.words) ?? "not set")
        block.add("goals", current.map(Self.text) ?? Self.amounts(.defaults)
                  + ": the defaults until you set yours (antrain-log profile --kcal N --protein N --carbs N --fat N)")
        block.add("next goals", next.map(Self.text))
        block.add("trained", hasCompletedWorkout ? "yes, a workout was completed" : "no workout completed yet")

        var csv = CSVText(["name", "heightCentimetres", "sex", "dateOfBirth", "activityLevel", "goalsFrom", "caloriesKcal", "proteinG",
                           "carbsG", "fatsG", "hasCompletedWorkout"])
        let number = { (value: Double) in DisplayText.number(value, decimals: 6) }
        let goals = current?.goals ?? .defaults
        csv.add([profile?.name ?? "", profile?.heightCentimetres.map(number) ?? "", profile?.sex?.rawValue ?? "",
                 profile?.dateOfBirth?.description ?? "", profile?.activityLevel?.rawValue ?? "", current?.from.description ?? "default",
                 number(goals.caloriesKcal), number(goals.proteinG), number(goals.carbsG), number(goals.fatsG),
                 String(hasCompletedWorkout)])
        return QueryAnswer(json: json.value, text: block.lines, csv: csv)
    }

    /// `{"from", "caloriesKcal", "proteinG", "carbsG", "fatsG"}`.
    static func json(_ period: NutritionGoalsPeriod) -> JSONValue {
        .object([("from", QueryJSON.day(period.from)), ("caloriesKcal", QueryJSON.number(period.goals.caloriesKcal)),
                 ("proteinG", QueryJSON.number(period.goals.proteinG)), ("carbsG", QueryJSON.number(period.goals.carbsG)),
                 ("fatsG", QueryJSON.number(period.goals.fatsG))])
    }

    /// The defaults in force until goals are set: `{"caloriesKcal", ..., "isDefault": true}`.
    static let defaultsJSON: JSONValue = {
        let goals = NutritionGoals.defaults
        return .object([("caloriesKcal", QueryJSON.number(goals.caloriesKcal)), ("proteinG", QueryJSON.number(goals.proteinG)),
                        ("carbsG", QueryJSON.number(goals.carbsG)), ("fatsG", QueryJSON.number(goals.fatsG)), ("isDefault", .bool(true))])
    }()

    /// `2600 kcal, 160 g protein, 300 g carbs, 80 g fat a day, from 2026-12-01`.
    static func text(_ period: NutritionGoalsPeriod) -> String {
        amounts(period.goals) + ", from \(period.from)"
    }

    /// `2600 kcal, 160 g protein, 300 g carbs, 80 g fat a day`.
    static func amounts(_ goals: NutritionGoals) -> String {
        "\(DisplayText.number(goals.caloriesKcal, decimals: 0)) kcal, \(NutritionCommand.grams(goals.proteinG)) protein, "
            + "\(NutritionCommand.grams(goals.carbsG)) carbs, \(NutritionCommand.grams(goals.fatsG)) fat a day"
    }
}
