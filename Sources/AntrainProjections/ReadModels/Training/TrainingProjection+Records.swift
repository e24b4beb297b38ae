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
        let (workoutID, timeZone) = workouts.withPointer(at: workoutSlot) { workout in
            workout.pointee.entries.forEachSet(of: exerciseID, loggedBefore: set.loggedOffset) {
                volume += RecordInput.contribution($0) ?? 0
            }
            return (workout.pointee.id, workout.pointee.timeZone)
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
                let (workoutID, timeZone, sets) = workouts.withPointer(at: workoutSlot) { workout in
                    (workout.pointee.id, workout.pointee.timeZone,
                     workout.pointee.status.isWithdrawn ? [] : workout.pointee.entries.sets(of: exerciseID))
                }
                for set in sets { inputs.append((input(set, workoutID, timeZone, true), session)) }
            } else {
                workouts.withPointer(at: workoutSlot) { workout in
                    guard !workout.pointee.status.isWithdrawn else { return }
                    let (workoutID, timeZone) = (workout.pointee.id, workout.pointee.timeZone)
                    workout.pointee.entries.forEachSet(of: exerciseID, loggedBefore: .max) {
                        inputs.append((RecordInput($0, workoutID: workoutID, timeZone: timeZone, bodyweightKg: 0), session))
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

    /// Marks the records of `exerciseID` to be folded again from `old`'s place, unless changing
    /// `old` into `new` (nil: removed) leaves them as they are. In a log of many athletes a set
    /// corrected minutes after it was logged has thousands of sets of its exercise after it,
    /// and folding them all again was a quarter of a rebuild's training fold; most corrected
    /// sets set no record before or after.
    mutating func markStale(_ exerciseID: UUID, changing old: TrainingSet, to new: TrainingSet?, in workoutSlot: Int) {
        guard !leavesRecords(of: exerciseID, changing: old, to: new, in: workoutSlot) else { return }
        markStale(exerciseID, from: old.loggedOffset)
    }

    /// Whether the records, folded again from `old`'s place with `new` in its stead, would come
    /// out as they are, or as the fold already due will make them. True only when it is plain:
    /// a fold due from `old`'s place or before will offer `new` anyway; or, with the records
    /// right up to `old`'s place, it is not a bodyweight exercise (whose sets weigh what their
    /// day's weigh-in says), its workout counts, `old` set no record, `new` sets none at its
    /// place, and its workout's later sets of the exercise, whose running volumes move by the
    /// change, held no session-volume record and would beat none.
    private mutating func leavesRecords(of exerciseID: UUID, changing old: TrainingSet, to new: TrainingSet?,
                                        in workoutSlot: Int) -> Bool {
        let position = old.loggedOffset
        if let due = staleRecords.first(where: { $0.exerciseID == exerciseID }), due.from <= position { return true }
        let found = workouts.withPointer(at: workoutSlot) { workout -> WorkoutShare? in
            guard !workout.pointee.status.isWithdrawn else { return nil }
            var share = WorkoutShare(id: workout.pointee.id, timeZone: workout.pointee.timeZone)
            workout.pointee.entries.forEachSet(of: exerciseID, loggedBefore: .max) { set in
                if set.loggedOffset < position {
                    share.volumeBefore += RecordInput.contribution(set) ?? 0
                } else if set.loggedOffset > position {
                    share.later.append((set.loggedOffset, RecordInput.contribution(set)))
                }
            }
            return share
        }
        guard let workout = found else { return false }
        let bookSlot = book(exerciseID)
        return books.withValue(at: bookSlot) { book in
            guard !book.isBodyweight, !book.timelinePositions.contains(position) else { return false }
            let newShare = new.flatMap { RecordInput.contribution($0) } ?? 0
            if newShare != (RecordInput.contribution(old) ?? 0) {
                guard !book.timeline.indices.contains(where: { index in
                    book.timeline[index].kind == .bestSessionVolume && book.timeline[index].workoutID == workout.id
                        && book.timelinePositions[index] > position
                }) else { return false }
                var volume = workout.volumeBefore + newShare
                for (place, contribution) in workout.later {
                    guard let contribution else { continue }
                    volume += contribution
                    if book.beats(volume, .bestSessionVolume, before: place) { return false }
                }
            }
            guard let new else { return true }
            let input = RecordInput(new, workoutID: workout.id, timeZone: workout.timeZone, bodyweightKg: 0)
            return !book.wouldSetRecord(input, before: position, sessionVolume: workout.volumeBefore)
        }
    }

    /// What a set's change moves in its workout's running volume of its exercise.
    private struct WorkoutShare {
        var id: UUID
        var timeZone: String
        /// The running volume before the set.
        var volumeBefore = 0.0
        /// The places of the sets logged after it, with what each adds to the volume.
        var later: [(place: UInt64, contribution: Double?)] = []
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
        let entry = BodyweightYear.Entry(day: Int32(day), measuredAt: measuredAt, kilograms: kilograms)
        // Changed in place: a copy of the year's entries per weigh-in (a thousand a day in the
        // 5M-event log) cost more than the rest of the event.
        let (place, sameDay) = bodyweights[reading: slot].place(of: day)
        if sameDay {
            // An entry measured at the same instant as another comes after it, so it wins.
            guard bodyweights[reading: slot].entries[place].measuredAt <= measuredAt else { return nil }
            bodyweights[slot].entries[place] = entry
        } else {
            bodyweights[slot].entries.insert(entry, at: place)
        }
        let next = place + 1 < bodyweights[reading: slot].entries.count ? Int(bodyweights[reading: slot].entries[place + 1].day) : nil
        return day..<(next ?? nextWeighInDay(after: key))
    }

    /// The first day with a weigh-in in a year after the one `key` starts; `Int.max` if none.
    private mutating func nextWeighInDay(after key: CalendarDay) -> Int {
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
            let found = workouts.withPointer(at: workoutSlot) { workout -> UInt64? in
                guard !workout.pointee.status.isWithdrawn else { return nil }
                let entries = workout.pointee.entries
                var found: UInt64?
                for entry in entries.indices where entries[entry].exerciseID == exerciseID {
                    for set in entries[entry].sets where days.contains(set.day) {
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
