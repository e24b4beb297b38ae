import AntrainEvents
import Foundation

/// Turns a ``SessionPlan`` into the events a lifting session writes, set by set: exercises
/// added from the template, warm-ups, working sets at the program's intensity, now and then
/// a missed rep, a set to failure, a drop set, a correction or a set logged twice and
/// removed, and the end (completed, cancelled, or nothing when abandoned).
struct WorkoutBuilder {
    let library: GeneratorLibrary
    let athlete: AthleteTraits
    private(set) var events: [any DomainEvent] = []
    private(set) var clock: Timestamp
    private let plan: SessionPlan

    init(plan: SessionPlan, library: GeneratorLibrary, athlete: AthleteTraits) {
        self.plan = plan
        self.library = library
        self.athlete = athlete
        clock = plan.start
    }

    /// Builds the session; `baseKg` gives the athlete's working weight of an exercise for
    /// sets of five at intensity 1 before any progress (0 for one without external load).
    mutating func build(_ random: inout GeneratorRandom, baseKg: (UUID, ExerciseDefinition) -> Double) -> [any DomainEvent] {
        let workout = plan.workoutID
        events.reserveCapacity(64)
        events.append(WorkoutStarted(workoutID: workout, type: .lifting, name: plan.name, templateID: plan.templateID,
                                     programDay: plan.programDay, startedAt: clock, timeZone: athlete.timeZone))
        // Starting from a template adds its exercises at once, in order.
        var entries: [(entry: UUID, exercise: UUID, target: ExerciseTarget, breakAfter: Int)] = []
        for item in plan.items {
            switch item {
            case let .exercise(_, exerciseID, target): entries.append((random.uuid(), exerciseID, target, 0))
            case let .break(_, seconds): if !entries.isEmpty { entries[entries.count - 1].breakAfter += seconds }
            }
        }
        if let accessory = plan.accessory {
            entries.append((random.uuid(), accessory, .repetitions(sets: 3, repsPerSet: 12, restSeconds: 75), 0))
        }
        for (index, entry) in entries.enumerated() {
            events.append(ExerciseAddedToWorkout(workoutID: workout, entryID: entry.entry, exerciseID: entry.exercise, position: index + 1))
        }
        // The gym is busy: two accessories swap places.
        if entries.count >= 4, random.chance(0.04) {
            entries.swapAt(entries.count - 1, entries.count - 2)
            events.append(ExercisesReordered(workoutID: workout, entryIDs: entries.map(\.entry)))
        }
        let stopAfter = plan.outcome == .completed ? entries.count : random.int(1...min(2, entries.count))
        for (index, entry) in entries.prefix(stopAfter).enumerated() {
            clock = clock.adding(seconds: Double(random.int(30...120)))
            // Skipped at the end of a long session: taken out rather than left empty.
            if plan.outcome == .completed, index == entries.count - 1, index >= 3, random.chance(0.03) {
                events.append(ExerciseRemovedFromWorkout(workoutID: workout, entryID: entry.entry))
                continue
            }
            guard let definition = library.exercises[entry.exercise] else { continue }
            sets(entry.entry, definition, entry.target, position: index + 1, main: index < 2,
                 base: baseKg(entry.exercise, definition), &random)
            clock = clock.adding(seconds: Double(entry.breakAfter))
        }
        finish(&random)
        return events
    }

    private mutating func finish(_ random: inout GeneratorRandom) {
        let workout = plan.workoutID
        switch plan.outcome {
        case .abandoned:
            return
        case .cancelled:
            clock = clock.adding(seconds: Double(random.int(60...600)))
            events.append(WorkoutCancelled(workoutID: workout, cancelledAt: clock))
        case .completed:
            clock = clock.adding(seconds: Double(random.int(60...300)))
            if random.chance(0.15) {
                events.append(WorkoutNotesChanged(workoutID: workout, notes: random.pick(GeneratorTexts.workoutNotes)))
            }
            if random.chance(0.75) {
                let rpe = min(10, max(1, ((plan.suggestedRPE + random.double(-1...1)) * 2).rounded() / 2))
                events.append(WorkoutRPERecorded(workoutID: workout, rpe: rpe))
            }
            events.append(WorkoutCompleted(workoutID: workout, endedAt: clock, durationSeconds: clock.seconds(since: plan.start)))
            // Logged on the wrong day, then deleted.
            if random.chance(0.003) { events.append(WorkoutDeleted(workoutID: workout)) }
        }
    }

    /// The sets of one exercise of the workout.
    private mutating func sets(_ entry: UUID, _ definition: ExerciseDefinition, _ target: ExerciseTarget, position: Int, main: Bool,
                               base: Double, _ random: inout GeneratorRandom) {
        switch target {
        case let .time(seconds):
            let count = definition.kind == .distance ? 1 : (plan.volume > 1.05 ? 3 : 2)
            for _ in 0..<count {
                let duration = Double(max(1, Int(Double(seconds) * random.double(0.9...1.1))))
                let distance = definition.kind == .distance ? (duration * random.double(3.2...4.2)).rounded() : nil
                log(entry, SetPerformance(durationSeconds: duration, distanceMetres: distance, restSeconds: 60), work: duration,
                    &random)
            }
        case let .repetitions(sets, reps, rest, _):
            let working = max(1, Int((Double(sets) * plan.volume).rounded()))
            switch definition.kind {
            case .weightAndReps where base > 0:
                weighted(entry, working: working, reps: reps, rest: rest,
                         kilograms: base * TypicalLoads.repsFactor(reps) * plan.intensity * plan.progress, main: main, &random)
            case .weightAndReps, .bodyweight:
                // Bands and the like: reps only, since their resistance has no weight to log.
                for set in 0..<working {
                    let done = max(1, reps + random.int(-2...2) - set / 2)
                    log(entry, SetPerformance(reps: done, rpe: rpe(set, of: working, &random), restSeconds: rest),
                        work: Double(done * 3), &random)
                }
            case .time, .distance:
                for _ in 0..<working {
                    let duration = Double(reps * 4)
                    log(entry, SetPerformance(durationSeconds: duration, restSeconds: rest), work: duration, &random)
                }
            }
        }
    }

    /// Warm-ups (for the main lifts), working sets, and the odd missed rep, failure or drop set.
    private mutating func weighted(_ entry: UUID, working: Int, reps: Int, rest: Int, kilograms: Double, main: Bool,
                                   _ random: inout GeneratorRandom) {
        if main, kilograms >= 40 {
            for (share, warmReps) in [(0.4, 8), (0.6, 5), (0.8, 3)] where kilograms * share >= 20 {
                log(entry, SetPerformance(setType: .warmup, reps: warmReps, weight: athlete.plates(kilograms * share), restSeconds: 90),
                    work: Double(warmReps * 3), &random)
            }
        }
        let weight = athlete.plates(kilograms)
        for set in 0..<working {
            let last = set == working - 1
            var performance = SetPerformance(reps: reps, weight: weight, rpe: rpe(set, of: working, &random), restSeconds: rest)
            if last, main, plan.intensity >= 0.95, random.chance(0.08) {
                performance.reps = max(1, reps - random.int(1...2))
                performance.completed = false
                performance.rpe = 10
            } else if last, !main, random.chance(0.08) {
                performance.setType = .failure
                performance.reps = reps + random.int(0...4)
                performance.rpe = 10
            }
            log(entry, performance, work: Double(reps * 3), &random)
        }
        if !main, random.chance(0.04) {
            log(entry, SetPerformance(setType: .dropset, reps: reps + 2, weight: athlete.plates(kilograms * 0.7), rpe: 9.5, restSeconds: 0),
                work: Double(reps * 3), &random)
        }
    }

    /// An RPE for set `set` of `count`, rising through the sets; absent a third of the time.
    private func rpe(_ set: Int, of count: Int, _ random: inout GeneratorRandom) -> Double? {
        guard random.chance(0.7) else { return nil }
        let climb = count > 1 ? Double(set) / Double(count - 1) : 0.5
        return min(10, max(1, ((plan.suggestedRPE - 0.5 + climb + random.double(-0.5...0.5)) * 2).rounded() / 2))
    }

    /// Logs one set (and now and then a correction of it, or a duplicate that is removed).
    private mutating func log(_ entry: UUID, _ performance: SetPerformance, work: Double, _ random: inout GeneratorRandom) {
        var performance = performance
        if random.chance(0.03) { performance.notes = random.pick(GeneratorTexts.setNotes) }
        clock = clock.adding(seconds: work + Double(random.int(5...20)))
        let workout = plan.workoutID
        let setID = random.uuid()
        events.append(SetLogged(workoutID: workout, entryID: entry, setID: setID, performance: performance, loggedAt: clock))
        if random.chance(0.015) {
            var corrected = performance
            if let weight = performance.weight, weight.value > 0 {
                corrected.weight = Mass(weight.value + (weight.unit == .kilograms ? 2.5 : 5), weight.unit)
            } else if let reps = performance.reps, reps > 1 {
                corrected.reps = reps - 1
            }
            corrected.notes = random.pick(GeneratorTexts.correctionNotes)
            events.append(SetCorrected(workoutID: workout, setID: setID, performance: corrected))
        } else if random.chance(0.01) {
            let duplicate = random.uuid()
            events.append(SetLogged(workoutID: workout, entryID: entry, setID: duplicate, performance: performance,
                                    loggedAt: clock.adding(seconds: 2)))
            events.append(SetRemoved(workoutID: workout, setID: duplicate))
        }
        clock = clock.adding(seconds: max(0, Double(performance.restSeconds ?? 60) + Double(random.int(-15...30))))
    }
}
