import AntrainEvents
import Foundation

/// A set as the records fold reads it: its measures, what it weighed, and where it sits.
struct RecordInput {
    var setID: UUID
    var workoutID: UUID
    /// Its workout's time zone, whose calendar a record's day is on.
    var timeZone: String
    var loggedAt: Timestamp
    /// The offset of its `SetLogged`: the order of the fold.
    var position: UInt64
    /// The offset of the event that gave it its performance.
    var changedOffset: UInt64
    /// Completed and not a warm-up (and standing): the only sets that may set records.
    var counts: Bool
    var reps: Int?
    /// The entered load in kg (added load for bodyweight exercises).
    var loadKg: Double
    /// The bodyweight of its day, for bodyweight exercises; else 0.
    var bodyweightKg: Double
    var rpe: Double?
    var durationSeconds: Double?
    var distanceMetres: Double?

    /// The set of `workout`, weighing `bodyweightKg` more for a bodyweight exercise.
    init(_ set: TrainingSet, workoutID: UUID, timeZone: String, bodyweightKg: Double) {
        let shown = set.figures
        setID = shown.setID
        self.workoutID = workoutID
        self.timeZone = timeZone
        loggedAt = shown.loggedAt
        position = set.loggedOffset
        changedOffset = set.changedOffset
        counts = shown.isWorking
        reps = shown.repetitions
        loadKg = shown.loadKilograms
        self.bodyweightKg = bodyweightKg
        rpe = shown.rateOfExertion
        durationSeconds = shown.durationSeconds
        distanceMetres = shown.distanceMetres
    }

    /// What `set` adds to its session's volume (its entered load × reps), without building
    /// the whole input.
    static func contribution(_ set: TrainingSet) -> Double? {
        guard set.figures.isWorking, let reps = set.figures.repetitions else { return nil }
        let kg = set.figures.loadKilograms
        return kg > 0 ? kg * Double(reps) : nil
    }

    /// What it adds to its session's volume (its entered load × reps, bodyweight left out as
    /// in every other volume), if anything.
    var sessionContribution: Double? {
        guard counts, let reps else { return nil }
        return loadKg > 0 ? loadKg * Double(reps) : nil
    }
}

/// The records of a book as a fold over its sets in the order they were logged: a new set is
/// offered to them; a corrected or removed one makes the fold run again from its place, which
/// gives the same answer as if the change had always been so.
extension ExerciseBook {
    /// Offers a set to the records; `sessionVolume` is its workout's running volume of this
    /// exercise before it, and after it on return. The order of the offers is the order of the
    /// timeline's entries for one set, so it must not change.
    mutating func consider(_ set: RecordInput, sessionVolume: inout Double) {
        Self.forEachOffer(of: set, sessionVolume: &sessionVolume) { kind, value, reps, weightKg in
            offer(kind, value, set, reps: reps, weightKg: weightKg)
        }
    }

    /// Whether `set`, offered just before the set at `position` (with its workout's running
    /// volume `sessionVolume` before it), would set a record.
    func wouldSetRecord(_ set: RecordInput, before position: UInt64, sessionVolume: Double) -> Bool {
        var volume = sessionVolume
        var beats = false
        Self.forEachOffer(of: set, sessionVolume: &volume) { kind, value, _, _ in
            if !beats { beats = self.beats(value, kind, before: position) }
        }
        return beats
    }

    /// Whether `value` would be a record of `kind` just before the set at `position`: whether
    /// it beats the record held then (the last of its kind in the timeline before `position`),
    /// or none is held.
    func beats(_ value: Double, _ kind: RecordKind, before position: UInt64) -> Bool {
        var index = timeline.count - 1
        while index >= 0, timelinePositions[index] >= position || timeline[index].kind != kind { index -= 1 }
        guard index >= 0 else { return true }
        let held = timeline[index].value
        return kind.lowerIsBetter ? value < held : value > held
    }

    /// Calls `body` with each record `set` is a candidate for (kind, value, and the reps and
    /// weight a record of it names), in the order the timeline takes them; `sessionVolume`
    /// grows by what the set adds to its workout's volume.
    private static func forEachOffer(of set: RecordInput, sessionVolume: inout Double,
                                     _ body: (RecordKind, Double, Int?, Double?) -> Void) {
        guard set.counts else { return }
        if let reps = set.reps {
            let kg = set.loadKg + set.bodyweightKg
            body(.mostReps, Double(reps), reps, kg > 0 ? kg : nil)
            if kg > 0 {
                body(.heaviestWeight, kg, reps, kg)
                if let estimate = OneRepMaxFormula.brzycki.estimate(weightKg: kg, reps: reps, rpe: set.rpe) {
                    body(.bestE1rmBrzycki, estimate, reps, kg)
                }
                if let estimate = OneRepMaxFormula.epley.estimate(weightKg: kg, reps: reps, rpe: set.rpe) {
                    body(.bestE1rmEpley, estimate, reps, kg)
                }
                if set.rpe != nil, let estimate = OneRepMaxFormula.rpe.estimate(weightKg: kg, reps: reps, rpe: set.rpe) {
                    body(.bestE1rmRPE, estimate, reps, kg)
                }
            }
            // Volume is the entered load × reps everywhere (seed 001; issue 19): a bodyweight
            // set's volume is its added load's, as `stats`, `history` and the summary count it.
            if let volume = set.sessionContribution {
                body(.bestSetVolume, volume, reps, set.loadKg)
                sessionVolume += volume
                body(.bestSessionVolume, sessionVolume, nil, nil)
            }
        }
        if let seconds = set.durationSeconds { body(.longestDuration, seconds, nil, nil) }
        if let metres = set.distanceMetres { body(.longestDistance, metres, nil, nil) }
        if let seconds = set.durationSeconds, let metres = set.distanceMetres, metres > 0, seconds > 0 {
            body(.fastestPace, seconds * 1000 / metres, nil, nil)
        }
    }

    /// Takes back every record set at `position` or later: the current records become those
    /// the timeline had before it, so that the fold can run again from there.
    mutating func rewind(to position: UInt64) {
        var kept = timeline.count
        while kept > 0, timelinePositions[kept - 1] >= position { kept -= 1 }
        timeline.removeSubrange(kept...)
        timelinePositions.removeSubrange(kept...)
        current.removeAll(keepingCapacity: true)
        slots = RecordSlots()
        // Forwards, so that `current` keeps the order in which kinds were first set.
        for record in timeline {
            if let index = slots[record.kind] {
                current[index] = record
            } else {
                slots[record.kind] = current.count
                current.append(record)
            }
        }
    }

    /// Makes `value` the record of `kind` when it beats the current one strictly: on a tie the
    /// earlier record stands.
    private mutating func offer(_ kind: RecordKind, _ value: Double, _ set: RecordInput, reps: Int?, weightKg: Double?) {
        let index = slots[kind]
        if let index {
            let held = current[index].value
            guard kind.lowerIsBetter ? value < held : value > held else { return }
        }
        let record = PersonalRecord(kind: kind, value: value, reps: reps, weightKg: weightKg, setID: set.setID,
                                    workoutID: set.workoutID, achievedAt: set.loggedAt,
                                    day: LocalCalendar.day(of: set.loggedAt, in: set.timeZone), offset: set.changedOffset)
        if let index {
            current[index] = record
        } else {
            slots[kind] = current.count
            current.append(record)
        }
        timeline.append(record)
        timelinePositions.append(set.position)
    }
}
