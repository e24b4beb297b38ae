import AntrainEvents
import AntrainGenerator
@testable import AntrainProjections
import Foundation
import Testing

/// The keyed training models answer as the memory-image models they replace, on generated
/// logs (every kind of event, corrections, removals and deletions among them).
@Suite("Keyed state: training answers equal the legacy models'")
struct TrainingReferenceTests {
    static let models: [any KeyedReadModel.Type] = [TrainingProjection.self, ProgramsProjection.self, SettingsProjection.self]

    @Test("History, records, totals, summary and programs", arguments: [5, 12])
    func sameAnswers(seed: UInt64) async throws {
        let scratch = try await ScratchLog()
        try await GeneratedLogReplayTests.append(try GeneratedLogReplayTests.batches(seed: seed), to: scratch.log)
        let store = try await scratch.state(Self.models)

        let legacyHistory = try await scratch.model(LegacyWorkoutHistory.self)
        let history = WorkoutHistory(store, events: EventLookup(log: scratch.log))
        #expect(try history.summaries(WorkoutFilter(includeDeleted: true)) == legacyHistory.summaries(WorkoutFilter(includeDeleted: true)))
        #expect(try history.summaries(WorkoutFilter(type: .lifting), limit: 7) == Array(legacyHistory.summaries(WorkoutFilter(type: .lifting)).prefix(7)))
        for workout in legacyHistory.workouts(WorkoutFilter(includeDeleted: true)) {
            #expect(try history.workout(workout.id) == workout, "workout \(workout.id)")
        }
        #expect(try history.activeWorkout() == legacyHistory.activeWorkout())

        let legacyRecords = try await scratch.model(LegacyPersonalRecords.self)
        let records = PersonalRecords(store)
        for formula in OneRepMaxFormula.allCases {
            #expect(try records.allRecords(formula: formula) == legacyRecords.allRecords(formula: formula), "\(formula)")
        }
        for row in legacyRecords.exerciseTotals().allStatistics(includeUnused: true) {
            let mine = try #require(try records.statistics(for: row.exerciseID))
            #expect(mine.sets == row.sets && mine.reps == row.reps && mine.sessions == row.sessions, "\(row.exercise)")
            #expect(abs(mine.totalVolumeKg - row.totalVolumeKg) <= 1e-6 * max(1, row.totalVolumeKg), "\(row.exercise)")
            #expect(mine.lastPerformedAt == row.lastPerformedAt && mine.hasCompletedWorkout == row.hasCompletedWorkout, "\(row.exercise)")
            for kind in RecordKind.allCases {
                #expect(try records.progression(of: row.exerciseID, kind) == legacyRecords.progression(of: row.exerciseID, kind),
                        "\(row.exercise) \(kind)")
            }
        }

        let legacySummary = try await scratch.model(LegacyTrainingSummary.self)
        let summary = TrainingSummary(store)
        let start = CalendarDay(year: 2025, month: 1, day: 1)!, end = CalendarDay(year: 2025, month: 5, day: 1)!
        let weeks = try summary.weeklyVolume(from: start, through: end)
        let legacyWeeks = legacySummary.weeklyVolume(from: start, through: end)
        #expect(weeks.map(\.workouts) == legacyWeeks.map(\.workouts) && weeks.map(\.workingSets) == legacyWeeks.map(\.workingSets))
        #expect(zip(weeks, legacyWeeks).allSatisfy { abs($0.volumeKg - $1.volumeKg) <= 1e-6 * max(1, $1.volumeKg) })
        #expect(try summary.setsPerMuscleGroup(from: start, through: end) == legacySummary.setsPerMuscleGroup(from: start, through: end))
        for day in stride(from: 0, to: 120, by: 9) {
            let today = start.adding(days: day)
            #expect(try summary.streaks(today: today) == legacySummary.streaks(today: today), "\(today)")
        }

        let legacyPrograms = try await scratch.model(LegacyProgramProgress.self)
        let programs = ProgramProgress(store)
        for day in stride(from: 0, to: 120, by: 7) {
            let today = start.adding(days: day)
            #expect(try programs.position(on: today) == legacyPrograms.position(on: today), "\(today)")
            #expect(try programs.adherence(through: today) == legacyPrograms.adherence(through: today), "\(today)")
            #expect(try programs.nextTrainingDay(from: today) == legacyPrograms.nextTrainingDay(from: today), "\(today)")
        }
    }

    @Test("Caught up in random steps while the log grows equals one rebuild, byte for byte", arguments: [5, 17])
    func steppedEqualsRebuilt(seed: UInt64) async throws {
        let batches = try GeneratedLogReplayTests.batches(seed: seed)
        let (stepped, rebuilt, steps) = try await StateTesting.steppedAndRebuilt(Self.models, batches: batches, seed: seed)
        #expect(steps > 5)
        for (keyspace, entries) in rebuilt {
            #expect(stepped[keyspace] == entries, "\(keyspace)")
        }
        #expect((rebuilt["training/workouts"]?.count ?? 0) > 100)
    }
}
