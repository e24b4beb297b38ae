import AntrainEvents
import Foundation

/// Personal records: a new set is offered to its exercise's records at once; anything that
/// changes a set already folded makes the records fold again, from that set, when the
/// changes are taken (once per exercise, from the earliest set any event since touched).
extension TrainingProjection {
    /// Offers a set just logged to its exercise's records.
    mutating func offerNewSet(_ set: TrainingSet, of exerciseID: UUID, in workoutSlot: Int) {
        let slot = book(exerciseID)
        books[slot].hasRecords = true
        let isBodyweight = books.withValue(at: slot) { $0.isBodyweight }
        // The workout's running volume of the exercise before this set: its other sets of it,
        // in the order logged (this set is the last).
        var volume = 0.0
        let (workoutID, timeZone) = workouts.withValue(at: workoutSlot) { workout in
            workout.forEachSet(of: exerciseID, loggedBefore: set.loggedOffset) { volume += RecordInput.contribution($0) ?? 0 }
            return (workout.id, workout.timeZone)
        }
        books[slot].consider(input(set, workoutID, timeZone, isBodyweight), sessionVolume: &volume)
    }

    /// Folds the records of `exerciseID` again from the set at `position` on: the records set
    /// before it stand; every set from it on is offered again, as it is now, in the order
    /// logged, with its workout's running volume taken up from that workout's sets before it.
    mutating func refoldRecords(of exerciseID: UUID, from position: UInt64) {
        let slot = book(exerciseID)
        books[slot].rewind(to: position)
        let isBodyweight = books[reading: slot].isBodyweight
        var inputs: [(input: RecordInput, session: Int)] = []
        // A workout whose entries of the exercise were all removed, then added again, has two
        // sessions of it: its sets are offered once.
        var seen = Set<UUID>()
        for (session, entry) in sessions(of: exerciseID, reachingOffset: position).enumerated() {
            guard seen.insert(entry.workoutID).inserted, let workoutSlot = resolvedWorkout(entry.workoutID) else { continue }
            if isBodyweight {
                // Each set's day's bodyweight is looked up (and remembered) outside the look at
                // the workout, which must not overlap a change to the model.
                let (workoutID, timeZone, sets) = workouts.withValue(at: workoutSlot) { workout in
                    (workout.id, workout.timeZone, workout.isWithdrawn ? [] : workout.sets(of: exerciseID))
                }
                for set in sets { inputs.append((input(set, workoutID, timeZone, true), session)) }
            } else {
                workouts.withValue(at: workoutSlot) { workout in
                    guard !workout.isWithdrawn else { return }
                    workout.forEachSet(of: exerciseID, loggedBefore: .max) {
                        inputs.append((RecordInput($0, workoutID: workout.id, timeZone: workout.timeZone, bodyweightKg: 0), session))
                    }
                }
            }
        }
        inputs.sort { $0.input.position < $1.input.position }
        var volumes = [Double](repeating: 0, count: (inputs.map(\.session).max() ?? -1) + 1)
        for (input, session) in inputs {
            if input.position < position {
                volumes[session] += input.sessionContribution ?? 0
            } else {
                books[slot].consider(input, sessionVolume: &volumes[session])
            }
        }
    }

    /// A set as the records read it, with its day's bodyweight for a bodyweight exercise.
    private mutating func input(_ set: TrainingSet, _ workoutID: UUID, _ timeZone: String, _ isBodyweight: Bool) -> RecordInput {
        RecordInput(set, workoutID: workoutID, timeZone: timeZone, bodyweightKg: isBodyweight ? bodyweight(on: set.day) : 0)
    }

    // MARK: Bodyweight

    /// The bodyweight of `day` (days since 1970): its last weigh-in, else the last before it;
    /// 0 when there is none.
    mutating func bodyweight(on day: Int) -> Double {
        if let known = bodyweightMemo[day] { return known }
        let kilograms = storedBodyweight(on: day)
        bodyweightMemo[day] = kilograms
        return kilograms
    }

    private mutating func storedBodyweight(on day: Int) -> Double {
        var key = BodyweightYear.key(of: day)
        let first = facts.value(of: TrainingFacts.key)?.firstBodyweightYear
        while let floor = first, key >= floor {
            if let year = bodyweights.value(of: key), let entry = year.entries.last(where: { Int($0.day) <= day }) {
                return entry.kilograms
            }
            key = BodyweightYear.key(of: key.daysSince1970 - 1)
        }
        return 0
    }

    mutating func visit(_ event: BodyweightRecorded, _ stored: EventMetadata) {
        let day = event.day.daysSince1970
        let before = bodyweight(on: day)
        guard let reached = addWeighIn(day: day, measuredAt: event.recordedAt.microsecondsSince1970, kilograms: event.weight.kilograms),
              before != event.weight.kilograms else { return }
        // Every bodyweight exercise's sets of the days this weigh-in now decides change weight.
        for exerciseID in facts.value(of: TrainingFacts.key)?.bodyweightExercises ?? [] {
            let key = WeighInReach(exerciseID: exerciseID, days: reached)
            let first: UInt64?
            if let known = weighInReach[key] {
                first = known
            } else {
                first = firstSet(of: exerciseID, within: reached)
                // Only a place found is kept: a set of these days logged later in the batch
                // comes after it, but one found nowhere may be logged still.
                if first != nil { weighInReach[key] = first }
            }
            if let first { markStale(exerciseID, from: first) }
        }
    }

    /// Records a weigh-in; the days whose bodyweight it now decides (its own day, up to the next
    /// day with a weigh-in), or nil when its day has a later one already.
    private mutating func addWeighIn(day: Int, measuredAt: Int64, kilograms: Double) -> Range<Int>? {
        bodyweightMemo.removeAll(keepingCapacity: true)
        let key = BodyweightYear.key(of: day)
        let factsSlot = facts.slot(of: TrainingFacts.key) { TrainingFacts() }
        if let first = facts[reading: factsSlot].firstBodyweightYear, first <= key {} else { facts[factsSlot].firstBodyweightYear = key }
        let slot = bodyweights.slot(of: key) { BodyweightYear() }
        var entries = bodyweights[reading: slot].entries
        let entry = BodyweightYear.Entry(day: Int32(day), measuredAt: measuredAt, kilograms: kilograms)
        let place = entries.firstIndex { Int($0.day) >= day } ?? entries.count
        if place < entries.count, Int(entries[place].day) == day {
            // An entry measured at the same instant as another comes after it, so it wins.
            guard entries[place].measuredAt <= measuredAt else { return nil }
            entries[place] = entry
        } else {
            entries.insert(entry, at: place)
        }
        bodyweights[slot].entries = entries
        return day..<nextWeighInDay(after: day, in: key, entries: entries)
    }

    /// The first day after `day` with a weigh-in, in this year or a later one; `Int.max` if none.
    private mutating func nextWeighInDay(after day: Int, in key: CalendarDay, entries: [BodyweightYear.Entry]) -> Int {
        if let next = entries.first(where: { Int($0.day) > day }) { return Int(next.day) }
        // Weigh-ins nearly always come in time order: a later year rarely has one yet.
        var year = BodyweightYear.key(of: key.adding(days: 366).daysSince1970)
        for _ in 0..<50 {
            if let later = bodyweights.value(of: year)?.entries.first { return Int(later.day) }
            year = BodyweightYear.key(of: year.adding(days: 366).daysSince1970)
        }
        return .max
    }

    /// The place of the first set of `exerciseID` logged on one of `days`, if any.
    private mutating func firstSet(of exerciseID: UUID, within days: Range<Int>) -> UInt64? {
        var first: UInt64?
        for session in sessions(of: exerciseID, reachingDay: days.lowerBound) {
            guard let workoutSlot = resolvedWorkout(session.workoutID) else { continue }
            let found = workouts.withValue(at: workoutSlot) { workout -> UInt64? in
                guard !workout.isWithdrawn else { return nil }
                var found: UInt64?
                for entry in workout.entries.indices where workout.entries[entry].exerciseID == exerciseID {
                    for set in workout.entries[entry].sets where days.contains(set.day) {
                        found = min(found ?? set.loggedOffset, set.loggedOffset)
                    }
                }
                return found
            }
            if let found { first = min(first ?? found, found) }
        }
        return first
    }
}
