import Foundation

/// The streams events belong to: one per aggregate (a workout, an exercise, a day's diary),
/// so that expected-version checks guard exactly the thing a command changes.
public enum StreamName {
    /// A workout's events, live sessions and quick logs alike.
    public static func workout(_ id: UUID) -> String { "workout-" + id.lowercased }
    /// An exercise of the library.
    public static func exercise(_ id: UUID) -> String { "exercise-" + id.lowercased }
    /// An exercise category.
    public static func category(_ id: UUID) -> String { "category-" + id.lowercased }
    /// A workout template.
    public static func template(_ id: UUID) -> String { "template-" + id.lowercased }
    /// A training program.
    public static func program(_ id: UUID) -> String { "program-" + id.lowercased }
    /// Which program is active: one stream, so that activations are ordered.
    public static let activeProgram = "active-program"
    /// A food of the library.
    public static func food(_ id: UUID) -> String { "food-" + id.lowercased }
    /// The food diary of one day.
    public static func diary(_ day: CalendarDay) -> String { "diary-\(day)" }
    /// The user's profile.
    public static let profile = "profile"
    /// Bodyweight entries.
    public static let bodyweight = "bodyweight"
    /// App settings.
    public static let settings = "settings"
}

extension UUID {
    /// The id in lower case, as used in stream names.
    public var lowercased: String { uuidString.lowercased() }
}
