import AntrainEvents
import Foundation

/// Where the user stands in the active training program: the current week and day, how many
/// scheduled days were trained, and the weights to use on the next training day.
///
/// ```swift
/// let programs = ProgramProgress(store)
/// if let next = try programs.nextTrainingDay(from: today) {
///     for suggestion in next.suggestions { print(suggestion.exerciseName ?? "", suggestion.reason.text) }
/// }
/// ```
///
/// The rules are those of the calendar and the progression in ProgramProgress+Queries.swift
/// and ProgramProgress+Progression.swift. An answer reads the active program, the templates,
/// the completed workouts since the program's start (for adherence) and, for each exercise of
/// a template, the one workout of its last performance: never the whole history.
public struct ProgramProgress: Sendable {
    /// The models its answers come from.
    package static let models: [any KeyedReadModel.Type] = [ProgramsProjection.self, TrainingProjection.self,
                                                            SettingsProjection.self]
    private let store: any KeyedStateStore

    /// Answers from `store`, caught up with the log.
    public init(_ store: any KeyedStateStore) { self.store = store }

    /// The program followed, if any (and if it was not deleted since).
    public func activeProgramID() throws -> UUID? { try answers().activeProgramID }

    /// Where the active program stands on `today`; nil when no program is followed.
    public func position(on today: CalendarDay) throws -> ProgramPosition? { try answers().position(on: today) }

    /// The scheduled days of the active program from its start through `today`, and which were done.
    public func adherence(through today: CalendarDay) throws -> ProgramAdherence? { try answers().adherence(through: today) }

    /// The first training day on or after `today` not done yet, with a weight suggestion for each
    /// exercise of its template.
    public func nextTrainingDay(from today: CalendarDay) throws -> NextTrainingDay? { try answers().nextTrainingDay(from: today) }

    /// The part of the programs' state the answers can reach, in the shape the calendar and
    /// progression rules work on: the active program, every template, the completed workouts
    /// on or after the program's start (without sets), for each template exercise the
    /// workout of its last performance with only that set, and the programs those reference.
    private func answers() throws -> ProgramAnswers {
        try store.read { state in
            var answers = ProgramAnswers()
            answers.settingsUnit = try Settings.chosenUnits(in: state)?.weight
            for entry in try state.entries(in: ProgramsProjection.templates, from: nil, below: nil, descending: false, limit: nil) {
                guard let id = UUID(keyBytes: entry.key) else { continue }
                answers.templates[id] = try TemplatePlan.decoded(entry.value, in: ProgramsProjection.templates).exercises
            }
            guard let active = try state.value(in: ProgramsProjection.active, key: ProgramsProjection.activeKey.keyBytes)
                .map({ try ActivePlan.decoded($0, in: ProgramsProjection.active) }) else { return answers }
            answers.active = ProgramAnswers.ActiveProgram(programID: active.programID, startDate: active.startDate)
            if let program = try state.value(in: ProgramsProjection.programs, key: active.programID.keyBytes) {
                answers.programs[active.programID] = try StoredProgram.decoded(program, in: ProgramsProjection.programs).definition
            }
            var kept: [(workout: TrainingWorkout, setID: UUID?)] = []
            // Adherence reads the days of the program's span (a line each): the program days
            // completed workouts named, and whether a completed lifting workout named none.
            let end = answers.programs[active.programID].map { ProgramAnswers.endDate(of: $0, from: active.startDate) }
                ?? active.startDate
            for entry in try state.entries(in: TrainingProjection.days, from: active.startDate.keyBytes,
                                           below: end.adding(days: 1).keyBytes, descending: false, limit: nil) {
                kept += Self.standIns(for: try TrainingDayLine.decoded(entry.value, in: TrainingProjection.days))
            }
            for exerciseID in Set(answers.templates.values.joined().map(\.exerciseID)) {
                guard let book = try state.value(in: TrainingProjection.exercises, key: exerciseID.keyBytes)
                    .map({ try ExerciseBook.decoded($0, in: TrainingProjection.exercises) }) else { continue }
                answers.exerciseNames[exerciseID] = book.isNamed ? book.name : nil
                guard let latest = book.performances.first, let workout = try WorkoutHistory.stored(latest.workoutID, in: state),
                      let set = workout.lastWorkingSet(of: exerciseID) else { continue }
                kept.append((workout, set))
            }
            // A last performance done on another program's day was done at that program's
            // intensity: its definition is read too (a deleted program's is gone: 1 then).
            for programID in Set(kept.compactMap { $0.setID == nil ? nil : $0.workout.programDay?.programID })
            where answers.programs[programID] == nil {
                guard let stored = try state.value(in: ProgramsProjection.programs, key: programID.keyBytes) else { continue }
                answers.programs[programID] = try StoredProgram.decoded(stored, in: ProgramsProjection.programs).definition
            }
            Self.fill(&answers, with: kept)
            return answers
        }
    }

    /// Workouts that stand for what a day's line says of the programs: one per program day
    /// named, and one lifting workout without a program day if the day had one; each completed,
    /// started at noon UTC of the day (so that its calendar day is the day's), without sets.
    private static func standIns(for line: TrainingDayLine) -> [(workout: TrainingWorkout, setID: UUID?)] {
        let noon = line.day.start.adding(seconds: 12 * 3600)
        var made: [TrainingWorkout] = line.programDays.map { entry in
            TrainingWorkout(id: .standIn(UInt64(line.day.daysSince1970) << 8 | 1), type: .lifting, status: .completed,
                            programDay: entry.day, startedAt: noon, timeZone: "UTC", firstOffset: 0)
        }
        if line.freeLifting > 0 {
            made.append(TrainingWorkout(id: .standIn(UInt64(line.day.daysSince1970) << 8 | 2), type: .lifting, status: .completed,
                                        startedAt: noon, timeZone: "UTC", firstOffset: 0))
        }
        for index in made.indices {
            made[index].id = .standIn(UInt64(line.day.daysSince1970) << 8 | UInt64(index + 1))
            made[index].completedOffset = 0
        }
        return made.map { ($0, nil) }
    }

    /// Puts the kept workouts in, each with only the sets kept of it, in the order they were
    /// completed.
    private static func fill(_ answers: inout ProgramAnswers, with kept: [(workout: TrainingWorkout, setID: UUID?)]) {
        var workouts: [UUID: (TrainingWorkout, Set<UUID>)] = [:]
        for (workout, setID) in kept {
            var entry = workouts[workout.id] ?? (workout, [])
            if let setID { entry.1.insert(setID) }
            workouts[workout.id] = entry
        }
        for (workout, sets) in workouts.values.sorted(by: { ($0.0.completedOffset ?? 0) < ($1.0.completedOffset ?? 0) }) {
            var tracked = ProgramAnswers.TrackedWorkout(type: workout.type, programDay: workout.programDay,
                                                               startedAt: workout.startedAt, timeZone: workout.timeZone)
            tracked.status = workout.status == .completed ? .completed : workout.status == .cancelled ? .cancelled : .active
            tracked.rpe = workout.rpe
            let chosen = workout.entries.flatMap { entry in entry.sets.filter { sets.contains($0.figures.setID) }.map { (entry, $0) } }
                .sorted { $0.1.loggedOffset < $1.1.loggedOffset }
            for (entry, set) in chosen {
                if tracked.entries[entry.entryID] == nil { tracked.entries[entry.entryID] = entry.exerciseID }
                tracked.sets[set.figures.setID] = ProgramAnswers.TrackedSet(entryID: entry.entryID, workout.shown(set).performance)
            }
            answers.workouts.updateValue(tracked, forKey: workout.id)
            answers.completionOrder.append(workout.id)
        }
    }
}

extension TrainingWorkout {
    /// The last completed working set of `exerciseID` (in the order logged), if any.
    func lastWorkingSet(of exerciseID: UUID) -> UUID? {
        entries.sets(of: exerciseID).last { $0.figures.isWorkingWithLoad }?.figures.setID
    }
}
