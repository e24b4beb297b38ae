import AntrainEvents
import AntrainGenerator
@testable import AntrainProjections
import Foundation
import Testing

/// The keyed recorder refuses what the legacy recorder refuses, with the same code and the
/// same message, word for word, on a generated log (workouts of every status, presets, deleted
/// items, an active program).
@Suite("Recorder: the same refusals as the legacy recorder")
struct RecorderLegacyRefusalTests {
    let t0 = Timestamp.at("2025-06-01T07:00:00Z")

    @Test("Commands on workouts of every status, on deleted and preset items, and new ids already used", arguments: [5, 8])
    func sameRefusals(seed: UInt64) async throws {
        let scratch = try await ScratchLog("recorder")
        try await GeneratedLogReplayTests.append(try GeneratedLogReplayTests.batches(seed: seed), to: scratch.log)
        let legacy = try await scratch.model(LegacyCommandState.self)
        let keyed = try Recorder(log: scratch.log)
        let old = LegacyRecorder(log: scratch.log)
        var commands: [Command] = []
        for status in ["completed", "cancelled", "deleted", "logged", "active"] {
            for (id, workout) in legacy.workouts.filter({ $0.value.status.rawValue == status }).prefix(3) {
                let set = workout.sets.keys.first ?? .n(99)
                commands += [
                    .logSet(workoutID: id, entryID: .n(1), exerciseID: .n(2), setID: .n(3), performance: .lifted(1, 1), at: t0),
                    .addExercise(workoutID: id, entryID: workout.entries.keys.first ?? .n(1), exerciseID: .n(2)),
                    .correctSet(workoutID: id, setID: .n(98), performance: .lifted(1, 1)),
                    .removeSet(workoutID: id, setID: .n(98)),
                    .completeWorkout(workoutID: id, endedAt: t0, durationSeconds: 1),
                    .cancelWorkout(workoutID: id, at: t0),
                    .startWorkout(workoutID: id, type: .lifting, at: t0),
                    .logMetcon(MetconLogged(workoutID: id, format: .amrap, startedAt: t0, durationSeconds: 60)),
                    .correctSet(workoutID: id, setID: set, performance: .lifted(1, 0)),
                ]
            }
        }
        commands.append(.startWorkout(workoutID: .n(50), type: .lifting, at: t0))
        for (id, exercise) in legacy.exercises.prefix(2) + legacy.exercises.filter({ $0.value.isDeleted }).prefix(2) {
            commands += [.deleteExercise(exerciseID: id), .createExercise(exerciseID: id, definition: RecorderBench.exercise(exercise.name))]
        }
        for (id, program) in legacy.programs.prefix(3) + legacy.programs.filter({ $0.value.isDeleted }).prefix(2) {
            commands += [.deleteProgram(programID: id), .createProgram(programID: .n(60), definition: program.definition),
                         .duplicateProgram(newProgramID: .n(61), sourceProgramID: id, name: program.definition.name.uppercased())]
            for templateID in program.templateIDs.prefix(1) { commands.append(.deleteTemplate(templateID: templateID)) }
        }
        for (id, _) in legacy.foods.prefix(2) + legacy.foods.filter({ $0.value.isDeleted }).prefix(2) {
            commands += [.deleteFood(foodID: id), .logFood(entryID: .n(70), day: .on("2025-06-01"), meal: .lunch, foodID: id, grams: 0, at: t0)]
        }
        commands += [.deactivateProgram(at: t0), .activateProgram(programID: .n(80), startDate: .on("2025-06-01")),
                     .updateTemplate(templateID: .n(81), name: "Nothing", items: [])]
        var refused = 0
        for command in commands {
            let new = await Self.refusal { try await keyed.plan(command) }
            let before = await Self.refusal { try await old.plan(command) }
            #expect(new == before, "\(command)")
            if new != nil { refused += 1 }
        }
        #expect(refused > 60)
    }

    private static func refusal(_ plan: () async throws -> PlannedAppend) async -> CommandError? {
        do {
            _ = try await plan()
            return nil
        } catch {
            return error as? CommandError
        }
    }
}
