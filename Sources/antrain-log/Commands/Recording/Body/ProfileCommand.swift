import AntrainEvents
import AntrainJSON
import ArgumentParser
import Foundation

/// `antrain-log profile`: the person behind the log, and their daily nutrition goals.
struct ProfileCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profile",
        abstract: "Show your profile and goals, or update them; what is left out stays as it was.",
        discussion: """
            Without options, shows the profile as it stands and the goals in force today (and \
            the next change, when goals were set from a later day). Goals are given together \
            (--kcal, --protein, --carbs, --fat, per day) and apply from --from (today by \
            default), so past days keep the goals they had. Until goals are set, the defaults \
            are in force: 2000 kcal, 150 g protein, 200 g carbs, 65 g fat a day.

            JSON of the profile shown: {"name", "heightCentimetres", "sex", "dateOfBirth", \
            "activityLevel", "goals", "nextGoals"}, each goal {"from", "caloriesKcal", "proteinG", \
            "carbsG", "fatsG"} (the defaults: no "from", and "isDefault": true); what was never \
            set is omitted.

            Examples:
              antrain-log profile
              antrain-log profile --name Alex --height 180cm --born 1992-04-03 --sex male
              antrain-log profile --kcal 2600 --protein 160 --carbs 300 --fat 80 --from 2026-12-01
            """
    )

    @OptionGroup var global: GlobalOptions

    @Option(name: .long, help: "Your name (1 to 100 characters).")
    var name: String?

    @Option(name: .long, help: ArgumentHelp("Your height: 180cm, 1.80m, or plain centimetres.", valueName: "height"))
    var height: String?

    @Option(name: .long, help: "female, male, other or unspecified.")
    var sex: Sex?

    @Option(name: .long, help: ArgumentHelp("Your day of birth: 1992-04-03.", valueName: "day"))
    var born: String?

    @Option(name: .long, help: "sedentary, light, moderate, active or veryActive.")
    var activity: ActivityLevel?

    // `--kcal`, as `food add` names energy; `--calories` still works.
    @Option(name: [.customLong("kcal"), .customLong("calories")], help: "Daily energy goal, kcal.") var calories: Double?
    @Option(name: .long, help: "Daily protein goal, grams.") var protein: Double?
    @Option(name: .long, help: "Daily carbohydrate goal, grams.") var carbs: Double?
    @Option(name: .long, help: "Daily fat goal, grams.") var fat: Double?

    @Option(name: .long, help: ArgumentHelp("The day the update applies from: 2026-12-01, today or yesterday.", valueName: "day"))
    var from: String?

    func validate() throws {
        let goals = [calories, protein, carbs, fat].compactMap { $0 }.count
        guard goals == 0 || goals == 4 else {
            throw ValidationError("Goals go together: give --kcal, --protein, --carbs and --fat.")
        }
        if isShowing, from != nil {
            throw ValidationError("--from says when an update applies: give it with what to update (--name, --kcal ...).")
        }
    }

    /// Nothing to update was given: the command shows the profile.
    private var isShowing: Bool {
        name == nil && height == nil && sex == nil && born == nil && activity == nil && calories == nil
    }

    func run() async throws {
        if isShowing { return try await ProfileView.show(global, today: LocalTime.day(of: Date())) }
        try await RecordingSession.run(global, "profile") { session in
            let effective = try LocalTime.day(from, option: "--from")
            let birthday = try born.map { try LocalTime.day($0, option: "--born") }
            var goals: NutritionGoals?
            if let calories, let protein, let carbs, let fat {
                goals = NutritionGoals(caloriesKcal: calories, proteinG: protein, carbsG: carbs, fatsG: fat)
            }
            let event = ProfileUpdated(name: name, heightCentimetres: try height.map { try Quantities.centimetres($0) }, sex: sex,
                                       dateOfBirth: birthday, activityLevel: activity, goals: goals, effectiveFrom: effective)
            try await session.execute(.updateProfile(event))
            return Recorded("updated the profile from \(effective)", [("effectiveFrom", .string(effective.description))])
        }
    }
}
