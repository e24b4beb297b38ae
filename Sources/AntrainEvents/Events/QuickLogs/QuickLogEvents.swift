import Foundation

/// What kind of cardio a session was.
public enum CardioActivity: String, StringCodedEnum {
    /// Running.
    case run
    /// Cycling, outdoors or on a stationary bike.
    case bike
    /// Rowing, on water or on an ergometer.
    case row
    /// Swimming.
    case swim
    /// Walking or hiking.
    case walk
    /// An elliptical trainer.
    case elliptical
    /// Skiing, or a ski ergometer.
    case ski
}

/// How a metcon is structured and scored.
public enum MetconFormat: String, StringCodedEnum {
    /// As many rounds (and reps) as possible in a fixed time.
    case amrap
    /// Every minute on the minute, for a number of minutes.
    case emom
    /// A fixed amount of work, as fast as possible.
    case forTime
}

/// Limits shared by the quick-log events.
enum QuickLogLimits {
    /// A session lasts at most a day, as a live workout does.
    static let durationSeconds = LiftingLimits.durationSeconds
    static let notes = LiftingLimits.workoutNotes
    static let result = 200
    static let rounds = 1...999
    /// A duration computed from pace and distance may differ from the one given by the larger
    /// of these: 2 seconds, or 1 % of the duration given.
    static let paceToleranceSeconds = 2.0
    static let paceToleranceFraction = 0.01
}

/// A cardio session was logged after the fact, in one event: what, when, how long and how far.
///
/// The pace is stored beside the distance and the duration; when distance and pace are both
/// given they must agree with the duration. Version 2 names the time zone it was done in
/// (see `CardioLoggedV1`).
public struct CardioLogged: DomainEvent {
    public static let eventType = "CardioLogged"
    /// 2: `timeZone` was added, so that a session on a new id falls on the athlete's own day.
    public static let schemaVersion: UInt16 = 2

    /// The workout the session is; quick logs have a workout stream of their own.
    public var workoutID: UUID
    /// Run, bike, row, swim, walk, elliptical or ski.
    public var activity: CardioActivity
    /// When it started.
    public var startedAt: Timestamp
    /// An optional name ("Sunday long run"), 1 to 100 characters after trimming.
    public var name: String?
    /// The distance covered, in metres.
    public var distanceMetres: Double?
    /// How long it lasted, in seconds (at most a day).
    public var durationSeconds: Double
    /// The average pace, in seconds per kilometre.
    public var paceSecondsPerKilometre: Double?
    /// Notes, at most 500 characters.
    public var notes: String?
    /// The IANA zone it was done in, whose calendar day a session on a new id falls on, as a
    /// workout's start names it ("UTC" for the sessions of version 1, which named none).
    public var timeZone: String

    /// A cardio session of `durationSeconds` started at `startedAt`, in `timeZone`.
    public init(workoutID: UUID, activity: CardioActivity, startedAt: Timestamp, name: String? = nil,
                distanceMetres: Double? = nil, durationSeconds: Double, paceSecondsPerKilometre: Double? = nil,
                notes: String? = nil, timeZone: String = "UTC") {
        self.workoutID = workoutID
        self.activity = activity
        self.startedAt = startedAt
        self.name = name
        self.distanceMetres = distanceMetres
        self.durationSeconds = durationSeconds
        self.paceSecondsPerKilometre = paceSecondsPerKilometre
        self.notes = notes
        self.timeZone = timeZone
    }

    public var streamID: String { StreamName.workout(workoutID) }
    /// Hands the event to the visitor's `visit` for CardioLogged.
    public func accept<V: EventVisitor>(_ visitor: inout V, _ stored: EventMetadata) { visitor.visit(self, stored) }

    public func validate(into validator: inout Validator) {
        validator.name(name, "name")
        validator.number(distanceMetres, "distanceMetres", .above(0))
        validator.number(durationSeconds, "durationSeconds", QuickLogLimits.durationSeconds)
        validator.number(paceSecondsPerKilometre, "paceSecondsPerKilometre", .above(0))
        checkPaceAgreesWithDuration(&validator)
        validator.text(notes, "notes", maxLength: QuickLogLimits.notes)
        validator.timeZone(timeZone, "timeZone")
    }

    /// Pace × distance must give the duration, within the larger of 2 s and 1 %; checked only
    /// when all three numbers are valid on their own, so that one bad number is one issue.
    private func checkPaceAgreesWithDuration(_ validator: inout Validator) {
        guard let distance = distanceMetres, let pace = paceSecondsPerKilometre,
              NumberRule.above(0).allows(distance), NumberRule.above(0).allows(pace),
              QuickLogLimits.durationSeconds.allows(durationSeconds) else { return }
        let computed = pace * distance / 1000
        let tolerance = max(QuickLogLimits.paceToleranceSeconds, QuickLogLimits.paceToleranceFraction * durationSeconds)
        validator.check((computed - durationSeconds).magnitude <= tolerance, "paceSecondsPerKilometre",
                        value: "\(Validator.describe(pace)) s/km over \(Validator.describe(distance)) m, "
                            + "which makes a duration of \(Validator.describe(Self.tenths(computed))) s",
                        allowed: "a pace whose duration over the distance is within \(Validator.describe(Self.tenths(tolerance))) s "
                            + "of durationSeconds (\(Validator.describe(durationSeconds)) s)")
    }

    /// `seconds` rounded to a tenth, for messages.
    private static func tenths(_ seconds: Double) -> Double {
        seconds.isFinite ? (seconds * 10).rounded() / 10 : seconds
    }
}

/// A metcon (AMRAP, EMOM or for time) was logged after the fact, in one event.
///
/// Version 2 names the time zone it was done in (see `MetconLoggedV1`).
public struct MetconLogged: DomainEvent {
    public static let eventType = "MetconLogged"
    /// 2: `timeZone` was added, so that a metcon on a new id falls on the athlete's own day.
    public static let schemaVersion: UInt16 = 2

    /// The workout the session is; quick logs have a workout stream of their own.
    public var workoutID: UUID
    /// AMRAP, EMOM or for time.
    public var format: MetconFormat
    /// When it started.
    public var startedAt: Timestamp
    /// An optional name ("Fran"), 1 to 100 characters after trimming.
    public var name: String?
    /// Rounds completed or prescribed, 1 to 999.
    public var rounds: Int?
    /// How long it lasted, in seconds (at most a day).
    public var durationSeconds: Double
    /// The score as free text, at most 200 characters ("12 rounds + 5 reps").
    public var result: String?
    /// Notes, at most 500 characters.
    public var notes: String?
    /// The IANA zone it was done in, whose calendar day a metcon on a new id falls on, as a
    /// workout's start names it ("UTC" for the metcons of version 1, which named none).
    public var timeZone: String

    /// A metcon of `durationSeconds` started at `startedAt`, in `timeZone`.
    public init(workoutID: UUID, format: MetconFormat, startedAt: Timestamp, name: String? = nil, rounds: Int? = nil,
                durationSeconds: Double, result: String? = nil, notes: String? = nil, timeZone: String = "UTC") {
        self.workoutID = workoutID
        self.format = format
        self.startedAt = startedAt
        self.name = name
        self.rounds = rounds
        self.durationSeconds = durationSeconds
        self.result = result
        self.notes = notes
        self.timeZone = timeZone
    }

    public var streamID: String { StreamName.workout(workoutID) }
    /// Hands the event to the visitor's `visit` for MetconLogged.
    public func accept<V: EventVisitor>(_ visitor: inout V, _ stored: EventMetadata) { visitor.visit(self, stored) }

    public func validate(into validator: inout Validator) {
        validator.name(name, "name")
        validator.integer(rounds, "rounds", QuickLogLimits.rounds)
        validator.number(durationSeconds, "durationSeconds", QuickLogLimits.durationSeconds)
        validator.text(result, "result", maxLength: QuickLogLimits.result)
        validator.text(notes, "notes", maxLength: QuickLogLimits.notes)
        validator.timeZone(timeZone, "timeZone")
    }
}
