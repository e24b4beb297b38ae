import AntrainEvents

extension ExerciseRecordBook {
    /// Offers the set at `position` to the records.
    ///
    /// The order of the offers is part of the answer: it is the order of the timeline's
    /// entries for one set, so it must not change.
    mutating func consider(_ set: RecordSet, at position: Int) {
        guard set.counts else { return }
        if let reps = set.reps {
            let kg = set.loadKg + (isBodyweight ? set.bodyweightKg : 0)
            offer(.mostReps, Double(reps), set, position, reps: reps, weightKg: kg > 0 ? kg : nil)
            if kg > 0 {
                offer(.heaviestWeight, kg, set, position, reps: reps, weightKg: kg)
                // Every formula in `OneRepMaxFormula.allCases` order, spelt out: no array per set.
                if let estimate = OneRepMaxFormula.brzycki.estimate(weightKg: kg, reps: reps, rpe: set.rpe) {
                    offer(.bestE1rmBrzycki, estimate, set, position, reps: reps, weightKg: kg)
                }
                if let estimate = OneRepMaxFormula.epley.estimate(weightKg: kg, reps: reps, rpe: set.rpe) {
                    offer(.bestE1rmEpley, estimate, set, position, reps: reps, weightKg: kg)
                }
                if set.rpe != nil, let estimate = OneRepMaxFormula.rpe.estimate(weightKg: kg, reps: reps, rpe: set.rpe) {
                    offer(.bestE1rmRPE, estimate, set, position, reps: reps, weightKg: kg)
                }
                let volume = kg * Double(reps)
                offer(.bestSetVolume, volume, set, position, reps: reps, weightKg: kg)
                let session = Int(set.session)
                sessions[session].volumeKg += volume
                offer(.bestSessionVolume, sessions[session].volumeKg, set, position, reps: nil, weightKg: nil)
            }
        }
        if let seconds = set.durationSeconds { offer(.longestDuration, seconds, set, position, reps: nil, weightKg: nil) }
        if let metres = set.distanceMetres { offer(.longestDistance, metres, set, position, reps: nil, weightKg: nil) }
        if let seconds = set.durationSeconds, let metres = set.distanceMetres, metres > 0, seconds > 0 {
            offer(.fastestPace, seconds * 1000 / metres, set, position, reps: nil, weightKg: nil)
        }
    }

    /// Runs the fold again over every set, after a correction or a removal.
    mutating func recompute() {
        current.removeAll(keepingCapacity: true)
        slots = RecordSlots()
        timeline.removeAll(keepingCapacity: true)
        timelinePositions.removeAll(keepingCapacity: true)
        for session in sessions.indices { sessions[session].volumeKg = 0 }
        for position in sets.indices { consider(sets[position], at: position) }
    }

    /// Runs the fold again from the set at `start` on, when the sets before it did not change:
    /// the state the fold had after them is taken back from the timeline and the sets, so the
    /// result is exactly that of ``recompute()`` (the tests compare bytes).
    mutating func recompute(from start: Int) {
        guard start > 0 else { return recompute() }
        guard start < sets.count else { return }
        var kept = timeline.count
        while kept > 0, timelinePositions[kept - 1] >= start { kept -= 1 }
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
        restoreSessionVolumes(before: start)
        for position in start..<sets.count { consider(sets[position], at: position) }
    }

    /// Gives each session with sets from `start` on its running volume over its sets before
    /// `start`, summed in the order the fold sums them. Sessions whose sets all come before
    /// `start` keep theirs: the fold over those sets did not change.
    private mutating func restoreSessionVolumes(before start: Int) {
        // Sessions open in the order of their first sets, so the touched ones are among the
        // last few: mark only from the first of them on.
        var first = sessions.count
        for position in start..<sets.count { first = min(first, Int(sets[position].session)) }
        var touched = [Bool](repeating: false, count: sessions.count - first)
        for position in start..<sets.count { touched[Int(sets[position].session) - first] = true }
        for session in first..<sessions.count where touched[session - first] {
            var sum = 0.0
            // A session's sets start at its first position and usually run together, so this
            // reads few sets; a session that starts at `start` or later has none before it.
            var position = Int(sessions[session].firstPosition)
            while position < start {
                if Int(sets[position].session) == session, let volume = sessionContribution(sets[position]) { sum += volume }
                position += 1
            }
            sessions[session].volumeKg = sum
        }
    }

    /// What a set adds to its session volume in ``consider(_:at:)``, if anything.
    private func sessionContribution(_ set: RecordSet) -> Double? {
        guard set.counts, let reps = set.reps else { return nil }
        let kg = set.loadKg + (isBodyweight ? set.bodyweightKg : 0)
        return kg > 0 ? kg * Double(reps) : nil
    }

    /// Makes `value` the record of `kind` when it beats the current one strictly: on a tie the
    /// earlier record stands.
    @inline(__always)
    private mutating func offer(_ kind: RecordKind, _ value: Double, _ set: RecordSet, _ position: Int,
                                reps: Int?, weightKg: Double?) {
        let index = slots[kind]
        if let index {
            let held = current[index].value
            guard kind.lowerIsBetter ? value < held : value > held else { return }
        }
        let record = PersonalRecord(kind: kind, value: value, reps: reps, weightKg: weightKg, setID: set.setID,
                                    workoutID: sessions[Int(set.session)].workoutID, achievedAt: set.loggedAt,
                                    offset: set.offset)
        if let index {
            current[index] = record
        } else {
            slots[kind] = current.count
            current.append(record)
        }
        timeline.append(record)
        timelinePositions.append(position)
    }
}
