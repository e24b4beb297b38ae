import AntrainEvents
import Foundation

/// The questions ProgramAnswers answers. "Today" is always a parameter: the model never
/// reads the clock.
///
/// Calendar rules:
/// - Program weeks are counted from the start date in blocks of 7 days: day 0 to 6 after
///   it is week 1, day 7 to 13 week 2, and so on. Within its block a day is matched by its
///   calendar weekday (1 Monday to 7 Sunday) against `ProgramDay.dayOfWeek`, so each block
///   holds every planned day once: a program started on a Wednesday does week 1's Wednesday
///   first and week 1's Monday five days later.
/// - The program ends after `durationWeeks` weeks. A program that plans fewer weeks than it
///   lasts cycles through its planned weeks in order of their numbers (a 12-week program
///   planning weeks 1 to 4 does week 1's plan again in week 5).
/// - A scheduled day is done when a workout completed on it (on the calendar day of its
///   start, in its own time zone) references that program day (`WorkoutStarted.programDay`:
///   this program, that week, that day), or when a completed lifting workout that
///   references no program day took place on it. Cancelled and deleted workouts never count.
extension ProgramAnswers {
    /// The program followed, if any (and if it was not deleted since).
    public var activeProgramID: UUID? {
        guard let active, programs[active.programID] != nil else { return nil }
        return active.programID
    }

    /// Where the active program stands on `today`; nil when no program is followed.
    public func position(on today: CalendarDay) -> ProgramPosition? {
        guard let (active, program) = followed() else { return nil }
        let end = Self.endDate(of: program, from: active.startDate)
        var position = ProgramPosition(programID: active.programID, programName: program.name,
                                       startDate: active.startDate, endDate: end, phase: .running)
        if today < active.startDate { position.phase = .notStarted } else if today > end { position.phase = .finished }
        if let slot = Self.slot(on: today, of: program, from: active.startDate) {
            position.week = slot.week
            position.dayOfWeek = slot.dayOfWeek
            position.plannedWeek = slot.plan.number
            position.trainingDay = slot.trainingDay
        }
        return position
    }

    /// The scheduled days of the active program from its start through `today`, and which
    /// were done; `today` itself counts only once it is done, since it is not over.
    public func adherence(through today: CalendarDay) -> ProgramAdherence? {
        guard let (active, program) = followed() else { return nil }
        let trained = trainedDays(for: active.programID)
        let last = min(today, Self.endDate(of: program, from: active.startDate))
        var outcomes: [ScheduledDayOutcome] = []
        var day = active.startDate
        while day <= last {
            if let slot = Self.slot(on: day, of: program, from: active.startDate), let training = slot.trainingDay {
                let done = trained.covers(slot)
                if day < today || done {
                    outcomes.append(ScheduledDayOutcome(day: day, week: slot.week, dayOfWeek: slot.dayOfWeek,
                                                        name: training.name, done: done))
                }
            }
            day = day.adding(days: 1)
        }
        return ProgramAdherence(programID: active.programID, scheduledDays: outcomes.count,
                                completedDays: outcomes.count { $0.done }, days: outcomes)
    }

    /// The first training day on or after `today` that is not done yet, with a weight
    /// suggestion for each exercise of its template; nil when no program is followed or
    /// it has no training day left.
    public func nextTrainingDay(from today: CalendarDay) -> NextTrainingDay? {
        guard let (active, program) = followed() else { return nil }
        let trained = trainedDays(for: active.programID)
        var day = max(today, active.startDate)
        let end = Self.endDate(of: program, from: active.startDate)
        while day <= end {
            if let slot = Self.slot(on: day, of: program, from: active.startDate), let training = slot.trainingDay,
               !(day == today && trained.covers(slot)) {
                let plan = DayPlan(week: slot.week, slot.plan, training)
                return NextTrainingDay(day: day, week: slot.week, dayOfWeek: slot.dayOfWeek, name: training.name,
                                       templateID: training.templateID, intensity: plan.intensity, volume: plan.volume,
                                       isDeload: plan.isDeload, suggestedRPE: plan.suggestedRPE,
                                       suggestions: suggestions(for: training.templateID, on: plan),
                                       notes: training.notes, weekNotes: slot.plan.notes)
            }
            day = day.adding(days: 1)
        }
        return nil
    }

    /// The last completed working set of an exercise: in the most recently completed lifting
    /// workout that has one, the last such set in the order they were logged.
    func lastPerformance(of exerciseID: UUID) -> LastPerformance? {
        guard let (workoutID, setID) = lastPerformanceSet(of: exerciseID), let workout = workouts[workoutID],
              let last = workout.sets[setID], let weight = last.weight, let reps = last.reps else { return nil }
        var performance = LastPerformance(weight: weight, reps: reps, rpe: workout.rpe ?? last.rpe)
        if let plan = plannedDay(of: workout) {
            performance.intensity = plan.intensity
            performance.inDeload = plan.isDeload
        }
        return performance
    }

    /// The program day a workout was done on, as planned: the day it references (of any
    /// program that still exists), or, for a workout that references none, the active
    /// program's training day of its calendar day (as adherence counts it); nil otherwise.
    func plannedDay(of workout: TrackedWorkout) -> DayPlan? {
        if let reference = workout.programDay {
            guard let program = programs[reference.programID], let week = Self.plan(of: program, week: reference.week),
                  let day = week.days.first(where: { $0.dayOfWeek == reference.dayOfWeek }) else { return nil }
            return DayPlan(week: reference.week, week, day)
        }
        guard let (active, program) = followed() else { return nil }
        let local = LocalCalendar.day(of: workout.startedAt, in: workout.timeZone)
        guard let slot = Self.slot(on: local, of: program, from: active.startDate), let day = slot.trainingDay else { return nil }
        return DayPlan(week: slot.week, slot.plan, day)
    }

    /// The workout and set ``lastPerformance(of:)`` reads.
    func lastPerformanceSet(of exerciseID: UUID) -> (workoutID: UUID, setID: UUID)? {
        for workoutID in completionOrder.reversed() {
            guard let workout = workouts[workoutID], workout.type == .lifting else { continue }
            // A working set has reps and a weight, so the first found is the performance.
            if let index = workout.sets.values.lastIndex(where: { $0.isWorkingSet && workout.entries[$0.entryID] == exerciseID }) {
                return (workoutID, workout.sets.keys[index])
            }
        }
        return nil
    }

    // MARK: Helpers

    private func followed() -> (ActiveProgram, ProgramDefinition)? {
        guard let active, let program = programs[active.programID] else { return nil }
        return (active, program)
    }

    private func suggestions(for templateID: UUID?, on plan: DayPlan) -> [WeightSuggestion] {
        guard let templateID, let exercises = templates[templateID] else { return [] }
        return exercises.map { exercise in
            let sets = Progression.sets(exercise.sets, volume: plan.volume, deload: plan.isDeload)
            var suggestion = WeightSuggestion(exerciseID: exercise.exerciseID, exerciseName: exerciseNames[exercise.exerciseID],
                                              sets: sets, plannedSets: exercise.sets, repsPerSet: exercise.repsPerSet, weight: nil,
                                              reason: Progression.noHistory(for: plan))
            if let last = lastPerformance(of: exercise.exerciseID) {
                (suggestion.weight, suggestion.reason) = Progression.suggest(after: last, for: plan,
                                                                             unit: settingsUnit ?? last.weight.unit)
            } else if let weight = exercise.weight {
                (suggestion.weight, suggestion.reason) = Progression.fromTemplate(weight, for: plan, unit: settingsUnit ?? weight.unit)
            }
            return suggestion
        }
    }
}
