import AntrainEvents
import AntrainProjections
import Foundation

/// One rule for the times of a workout's parts (issue 38), in the user's local time: a set lies
/// between its workout's start and its end (now, while it is under way) and never in the
/// future; a set given no time takes now in a live workout and a time inside the workout
/// otherwise; a workout ends after its last set and by now.
struct WorkoutClock {
    /// A set logged within this long of the workout's last set (or of its start, before the
    /// first) is taken to be done as it is typed: the workout is live. Later than that, the
    /// workout is being entered afterwards (a past day's session), and a set with no time
    /// joins it at its last set's time.
    static let liveGapSeconds: Double = 3600

    let workoutID: UUID
    let status: RecordedWorkout.Status
    let times: WorkoutTimes
    let now: Timestamp

    /// The clock of `workoutID` as the facts hold it, at `now`.
    init(_ workoutID: UUID, in facts: RecorderFacts, now: Timestamp) async throws {
        self.workoutID = workoutID
        self.now = now
        status = try facts.workout(workoutID)?.status ?? .active
        times = try await facts.times(of: workoutID) ?? WorkoutTimes()
    }

    /// The latest moment of the workout so far: its last set, else its start.
    var lastMoment: Timestamp? { [times.start, times.lastSet].compactMap { $0 }.max() }

    /// Whether a set typed now is being done now: the workout is active and now follows its
    /// last moment by at most ``liveGapSeconds``.
    var isLive: Bool {
        guard status == .active, let last = lastMoment else { return status == .active }
        return now >= last && now.seconds(since: last) <= Self.liveGapSeconds
    }

    /// The time of a new set: `typed` when it lies within the workout (refused otherwise,
    /// naming the bounds), else now for a live workout, else the workout's last moment.
    func setTime(_ typed: Timestamp?) throws -> Timestamp {
        guard let typed else {
            let time = isLive ? now : (lastMoment ?? now)
            // Only a workout started with a time still to come puts its last moment after now.
            guard time <= now else {
                throw CommandFailure(message: "workout \(workoutID.uuidString) starts at \(Self.minute(time)), in the future "
                    + "(it is \(Self.minute(now)) now); a set is logged once it is done", fix: fixBetween(), status: .rejectedInput)
            }
            return time
        }
        if status == .completed, let start = times.start, let end = times.end, typed < start || typed > end {
            throw CommandFailure(message: "workout \(workoutID.uuidString) is completed and ran from \(Self.minute(start)) "
                + "to \(Self.minute(end)); a forgotten set is added with a time within it, not \(Self.minute(typed))",
                                 fix: fixBetween(), status: .rejectedInput)
        }
        if typed > now {
            throw CommandFailure(message: "\(Self.minute(typed)) is in the future (it is \(Self.minute(now)) now); "
                + "a set is logged once it is done", fix: fixBetween(), status: .rejectedInput)
        }
        if let start = times.start, typed < start {
            throw CommandFailure(message: "workout \(workoutID.uuidString) started at \(Self.minute(start)); "
                + "a set of it is done after its start, not at \(Self.minute(typed))", fix: fixBetween(), status: .rejectedInput)
        }
        return typed
    }

    /// When the workout ends and how long it lasted, by one rule: the end is `--at`, else its
    /// start plus `--duration`, else now; the duration is the time from its start to its end
    /// (`--at` and `--duration` together must agree). The end comes after the start and after
    /// every set, within a day of the start, and not after now.
    func ending(at typed: Timestamp?, duration given: Double?) throws -> (end: Timestamp, seconds: Double) {
        if let given, !Self.isPlausibleLength(given) || given == 0 {
            throw CommandFailure(message: "--duration \(given <= 86_400 * 366 ? Shown.duration(given) : "\(given) s") is not a workout's length: "
                + "it lasts more than 0 s and at most a day (24h)", fix: "give the time it lasted, such as --duration 1h5m",
                                 status: .rejectedInput)
        }
        guard let start = times.start else {
            // A workout with no start recorded (only an import writes one): its length is given.
            guard let given else {
                throw CommandFailure(message: "workout \(workoutID.uuidString) has no start recorded", fix: "give its length with --duration",
                                     status: .rejectedInput)
            }
            return (typed ?? now, given)
        }
        let end = typed ?? given.map { start.adding(seconds: $0) } ?? now
        let seconds = end.seconds(since: start)
        if let typed, let given, abs(typed.seconds(since: start) - given) >= 60 {
            throw CommandFailure(message: "--at \(Self.minute(typed)) and --duration \(Shown.duration(given)) disagree: the workout "
                + "started at \(Self.minute(start)), so it lasted \(Shown.duration(seconds)) if it ended then",
                                 fix: "give one of them: --at for when it ended, or --duration for how long it lasted", status: .rejectedInput)
        }
        guard seconds > 0 else {
            throw CommandFailure(message: "the workout started at \(TimeText.local(start.date)), not before the end time "
                + "\(TimeText.local(end.date))", fix: "give a later --at, or the length with --duration", status: .rejectedInput)
        }
        // A workout left active overnight and completed the next day would otherwise be refused
        // as a duration the user never typed: name the start and the two ways out instead.
        guard seconds <= WorkoutCompleted.longestDurationSeconds else {
            throw CommandFailure(message: "the workout started at \(TimeText.local(start.date)), \(Shown.duration(seconds)) before "
                + "the end time \(TimeText.local(end.date)); a workout lasts at most a day",
                fix: "give when it ended with --at, or its length with --duration", status: .rejectedInput)
        }
        guard end <= now else {
            throw CommandFailure(message: "the workout started at \(Self.minute(start)), so it ends at \(Self.minute(end)), "
                + "in the future (it is \(Self.minute(now)) now); a workout is completed once it is done",
                                 fix: "complete it when it ends, or give when it ended (--at) or its length (--duration) up to now",
                                 status: .rejectedInput)
        }
        if let lastSet = times.lastSet, end < lastSet {
            throw CommandFailure(message: "the workout would end at \(Self.minute(end)), before its last set at \(Self.minute(lastSet)); "
                + "every set lies within its workout", fix: "give an end of \(Self.minute(lastSet)) or later with --at, or a --duration of "
                + "at least \(Shown.duration(lastSet.seconds(since: start).rounded(.up)))", status: .rejectedInput)
        }
        return (end, given ?? seconds)
    }

    /// The start of a `what` (cardio, metcon) logged into this started workout, `seconds`
    /// long: the workout's own start, which it keeps (`--at` may only repeat it), so the
    /// session ends its length after that, and not after now. A workout that is not active
    /// is the rules' to refuse.
    func quickLogStart(typed: Timestamp?, seconds: Double, what: String) throws -> Timestamp {
        guard status == .active, let start = times.start else { return typed ?? now }
        if let typed, abs(typed.seconds(since: start)) >= 60 {
            throw CommandFailure(message: "--at \(Self.minute(typed)): workout \(workoutID.uuidString) started at \(Self.minute(start)), "
                + "and the \(what) logged into it keeps that start", fix: "leave out --at, or log the \(what) on its own without --workout",
                                 status: .rejectedInput)
        }
        guard Self.isPlausibleLength(seconds) else { return start }
        let end = start.adding(seconds: seconds)
        guard end <= now else {
            throw CommandFailure(message: "workout \(workoutID.uuidString) started at \(Self.minute(start)), so a \(what) of "
                + "\(Shown.duration(seconds)) in it ends at \(Self.minute(end)), in the future (it is \(Self.minute(now)) now)",
                                 fix: "log it once it is done, with the time it took (--time)", status: .rejectedInput)
        }
        return start
    }

    /// The start of a session logged on its own (no `--workout`): `typed`, which must leave its
    /// end (`typed` plus `seconds`) by now; else `seconds` before now, since a session is
    /// logged once it is done (issue 38: a 20-minute AMRAP logged now ended 20 minutes ahead).
    static func standaloneQuickLogStart(typed: Timestamp?, seconds: Double, now: Timestamp, what: String) throws -> Timestamp {
        // A length no session has (the event's rule refuses it, naming the field) moves no clock.
        guard isPlausibleLength(seconds) else { return typed ?? now }
        guard let typed else { return now.adding(seconds: -seconds) }
        let end = typed.adding(seconds: seconds)
        guard end <= now else {
            throw CommandFailure(message: "a \(what) of \(Shown.duration(seconds)) started at \(minute(typed)) ends at \(minute(end)), "
                + "in the future (it is \(minute(now)) now)",
                                 fix: "log it once it is done: give --at the time it started, or leave --at out for one that just ended",
                                 status: .rejectedInput)
        }
        return typed
    }

    /// Whether `seconds` can be a session's length (at most a day, as the events allow): a
    /// hostile figure is left to the event's validation, which names it.
    static func isPlausibleLength(_ seconds: Double) -> Bool { seconds.isFinite && seconds >= 0 && seconds <= 86_400 }

    /// How to give a time the workout takes, with its bounds.
    private func fixBetween() -> String {
        guard let start = times.start else { return "give --at a time up to now, or leave --at out" }
        let end = status == .completed ? (times.end.map(Self.minute) ?? "its end") : "now (\(Self.minute(now)))"
        return "give --at a time between \(Self.minute(start)) and \(end)" + (status == .active ? ", or leave --at out" : "")
    }

    /// `2026-12-06 05:00`, in the local zone.
    static func minute(_ time: Timestamp) -> String { DisplayText.localMinute(time) }
}
