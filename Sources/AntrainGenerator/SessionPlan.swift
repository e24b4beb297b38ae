import AntrainEvents
import Foundation

/// One lifting session an athlete is about to do: which template, how hard the program
/// makes it this week, when it starts and how it ends.
struct SessionPlan {
    /// How a session ends.
    enum Outcome {
        /// Finished and saved.
        case completed
        /// Stopped part way and cancelled in the app.
        case cancelled
        /// Started, a few sets logged, then never touched again (the app was closed).
        case abandoned
    }

    let workoutID: UUID
    let name: String
    let templateID: UUID
    let items: [TemplateItem]
    let programDay: ProgramDayReference
    /// The week's intensity modifier times the day's override: scales working weights.
    let intensity: Double
    /// The week's volume modifier times the day's override: scales the number of sets.
    let volume: Double
    /// The day's suggested RPE, or 7.5 when the program gives none.
    let suggestedRPE: Double
    /// Growth of working weights from weeks of training: 1 at the first session.
    let progress: Double
    let start: Timestamp
    let outcome: Outcome
    /// A custom exercise done at the end, when the athlete adds one.
    let accessory: UUID?
}

/// Short texts athletes type, picked at random.
enum GeneratorTexts {
    static let setNotes = [
        "Felt heavy today", "Grip gave out", "Smooth reps", "Paused at the bottom", "Belt on",
        "Left knee a bit sore", "Slow eccentric", "Spotter helped on the last rep",
    ]
    static let workoutNotes = [
        "Good session, slept well.", "Tired after work; kept the rest periods short.",
        "Gym was packed, had to swap the order.", "New belt, felt solid.", "Short on time today.",
        "Shoulder fine after a long warm-up.", "Everything moved fast. Next week heavier.",
    ]
    static let correctionNotes = ["Loaded the wrong plates", "Miscounted the reps", "Typo in the weight"]
    static let metconNames = ["Fran", "Cindy", "Helen", "Murph (half)", "Grace", "Chipper 30", "EMOM burner"]
    static let cardioNames = ["Morning run", "Easy spin", "Intervals", "Long walk", "Recovery row", "Lap swim"]
}
