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
        try await CommandRunner.run(global) { directory in
            let store = try await StateAccess.store(Settings.models + DailyNutrition.models, logDirectory: directory)
            let profile = try Settings(store).profile()
            let goals = try DailyNutrition(store, events: nil).goalPeriods(around: today)
            answer(profile, current: goals.current, next: goals.next).print(global.format)
        }
    }

    static func answer(_ profile: UserProfile?, current: NutritionGoalsPeriod?, next: NutritionGoalsPeriod?) -> QueryAnswer {
        var json = JSONObjectBuilder()
        json.add("name", ifPresent: profile?.name.map { .string($0) })
        json.add("heightCentimetres", ifPresent: profile?.heightCentimetres.map(QueryJSON.number))
        json.add("sex", ifPresent: profile?.sex.map { .string($0.rawValue) })
        json.add("dateOfBirth", ifPresent: profile?.dateOfBirth.map(QueryJSON.day))
        json.add("activityLevel", ifPresent: profile?.activityLevel.map { .string($0.rawValue) })
        json.add("goals", ifPresent: current.map(Self.json))
        json.add("nextGoals", ifPresent: next.map(Self.json))

        var block = KeyValueBlock()
        block.add("name", profile?.name ?? "not set")
        block.add("height", profile?.heightCentimetres.map { DisplayText.number($0) + " cm" } ?? "not set")
        block.add("sex", profile?.sex?.rawValue ?? "not set")
        block.add("born", profile?.dateOfBirth?.description ?? "not set")
        block.add("activity", profile?.activityLevel.map(DisplayText.words) ?? "not set")
        block.add("goals", current.map(Self.text) ?? "none set (antrain-log profile --kcal N --protein N --carbs N --fat N)")
        block.add("next goals", next.map(Self.text))

        var csv = CSVText(["name", "heightCentimetres", "sex", "dateOfBirth", "activityLevel", "goalsFrom", "caloriesKcal", "proteinG",
                           "carbsG", "fatsG"])
        let number = { (value: Double) in DisplayText.number(value, decimals: 6) }
        csv.add([profile?.name ?? "", profile?.heightCentimetres.map(number) ?? "", profile?.sex?.rawValue ?? "",
                 profile?.dateOfBirth?.description ?? "", profile?.activityLevel?.rawValue ?? "", current?.from.description ?? "",
                 current.map { number($0.goals.caloriesKcal) } ?? "", current.map { number($0.goals.proteinG) } ?? "",
                 current.map { number($0.goals.carbsG) } ?? "", current.map { number($0.goals.fatsG) } ?? ""])
        return QueryAnswer(json: json.value, text: block.lines, csv: csv)
    }

    /// `{"from", "caloriesKcal", "proteinG", "carbsG", "fatsG"}`.
    static func json(_ period: NutritionGoalsPeriod) -> JSONValue {
        .object([("from", QueryJSON.day(period.from)), ("caloriesKcal", QueryJSON.number(period.goals.caloriesKcal)),
                 ("proteinG", QueryJSON.number(period.goals.proteinG)), ("carbsG", QueryJSON.number(period.goals.carbsG)),
                 ("fatsG", QueryJSON.number(period.goals.fatsG))])
    }

    /// `2600 kcal, 160 g protein, 300 g carbs, 80 g fat a day, from 2026-12-01`.
    static func text(_ period: NutritionGoalsPeriod) -> String {
        let goals = period.goals
        return "\(DisplayText.number(goals.caloriesKcal, decimals: 0)) kcal, \(NutritionCommand.grams(goals.proteinG)) protein, "
            + "\(NutritionCommand.grams(goals.carbsG)) carbs, \(NutritionCommand.grams(goals.fatsG)) fat a day, from \(period.from)"
    }
}
