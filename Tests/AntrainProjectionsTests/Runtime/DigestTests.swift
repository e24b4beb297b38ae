import AntrainEvents
import AntrainGenerator
@testable import AntrainProjections
import Foundation
import Testing

/// Digests answer what their models answer, are read from their files only when those
/// reflect the end of this very log, and the hand-written decoder of the workout list reads
/// exactly what Codable reads.
@Suite("Projection digests")
struct DigestTests {
    /// A generated log (three athletes, twelve weeks: corrections, removals, deletions,
    /// goal changes and weigh-ins among the events) and its models caught up.
    static func generatedLog(seed: UInt64) async throws -> ScratchLog {
        let scratch = try await ScratchLog()
        try await GeneratedLogReplayTests.append(try GeneratedLogReplayTests.batches(seed: seed), to: scratch.log)
        return scratch
    }

    @Test("Every digest answers every query exactly as its model does")
    func digestsAnswerAsTheirModels() async throws {
        let scratch = try await Self.generatedLog(seed: 21)
        let records = try await scratch.model(LegacyPersonalRecords.self)
        let recordsDigest = records.digest()
        #expect(recordsDigest.allRecords(formula: .epley) == records.allRecords(formula: .epley))
        #expect(recordsDigest.allRecords().count > 5)
        for exercise in records.books.keys {
            #expect(recordsDigest.records(for: exercise) == records.records(for: exercise))
            #expect(recordsDigest.progression(of: exercise, .heaviestWeight) == records.progression(of: exercise, .heaviestWeight))
        }

        let totals = records.exerciseTotals()
        #expect(recordsDigest.exerciseTotals() == totals)
        #expect(recordsDigest.exerciseTotals().allStatistics(formula: .epley, records: recordsDigest)
                == totals.allStatistics(formula: .epley, records: records))
        for exercise in records.books.keys {
            #expect(recordsDigest.exerciseTotals().statistics(for: exercise, records: recordsDigest)
                    == totals.statistics(for: exercise, records: records))
        }
        // Counted another way, from the workout history: every completed set of the
        // workouts not deleted (the generated log logs sets only in started workouts).
        let workouts = try await scratch.model(LegacyWorkoutHistory.self)
        let counted = workouts.workouts.values.filter { $0.status != .deleted }
            .reduce(0) { $0 + $1.exercises.reduce(0) { $0 + $1.sets.count(where: \.performance.completed) } }
        #expect(totals.allStatistics().reduce(0) { $0 + $1.sets } == counted)
        #expect(counted > 100)

        let programs = try await scratch.model(LegacyProgramProgress.self)
        let programsDigest = programs.digest()
        #expect(programs.activeProgramID != nil, "the generated athletes follow a program")
        #expect(programsDigest.workouts.count < programs.workouts.count / 2)
        var suggested = 0
        for offset in stride(from: -10, through: 120, by: 3) {
            let day = CalendarDay(year: 2025, month: 1, day: 6)!.adding(days: offset)
            #expect(programsDigest.position(on: day) == programs.position(on: day))
            #expect(programsDigest.adherence(through: day) == programs.adherence(through: day))
            let next = programs.nextTrainingDay(from: day)
            #expect(programsDigest.nextTrainingDay(from: day) == next)
            suggested += next?.suggestions.count { $0.weight != nil } ?? 0
        }
        #expect(suggested > 10, "suggestions from last performances were compared")

        let summary = try await scratch.model(LegacyTrainingSummary.self)
        let from = CalendarDay(year: 2025, month: 1, day: 1)!, through = CalendarDay(year: 2025, month: 4, day: 30)!
        let weeks = summary.digest().weeklyVolume(from: from, through: through)
        // Worked out from the model's own sets, not through the digest.
        let days = summary.countedWorkoutDays()
        let expectedVolume = summary.workingSets().filter { days[$0.workoutID].map { $0 >= ISOWeek(containing: from).monday && $0 <= through } ?? false }
            .reduce(0.0) { $0 + $1.volumeKg }
        #expect(abs(weeks.reduce(0.0) { $0 + $1.volumeKg } - expectedVolume) < 1e-6 * max(1, expectedVolume))
        #expect(weeks.reduce(0) { $0 + $1.workouts } == days.values.filter { $0 >= ISOWeek(containing: from).monday && $0 <= through }.count)
        #expect(expectedVolume > 0)

        let history = try await scratch.model(LegacyWorkoutHistory.self)
        let listed = history.digest().summaries(WorkoutFilter(type: .lifting))
        let full = history.workouts(WorkoutFilter(type: .lifting))
        #expect(listed.map(\.id) == full.map(\.id))
        #expect(listed.map(\.sets) == full.map(\.completedSets))
        #expect(listed.map(\.volumeKg) == full.map(\.volumeKg))
        let someExercise = try #require(full.first?.exercises.first?.exerciseID)
        #expect(history.digest().summaries(WorkoutFilter(exerciseID: someExercise)).map(\.id)
                == history.workouts(WorkoutFilter(exerciseID: someExercise)).map(\.id))

        let nutrition = try await scratch.model(LegacyDailyNutrition.self)
        let digest = nutrition.digest()
        let logged = nutrition.loggedDays
        #expect(logged.count > 30)
        for date in logged + [CalendarDay(year: 2030, month: 1, day: 1)!] {
            var day = nutrition.day(date)
            for index in day.meals.indices { day.meals[index].entries = [] }
            #expect(digest.day(date) == day)
        }
        let range = nutrition.range(from: logged[3], through: logged[20])
        #expect(digest.range(from: logged[3], through: logged[20]).average == range.average)
        #expect(digest.range(from: logged[3], through: logged[20]).days.map(\.calories) == range.days.map(\.calories))
    }

    @Test("A digest is read from its file only when it reflects the log's end; otherwise the model catches up and writes it again")
    func digestFreshness() async throws {
        let batches = try GeneratedLogReplayTests.batches(seed: 22)
        let scratch = try await ScratchLog()
        try await GeneratedLogReplayTests.append(batches.prefix(batches.count / 2), to: scratch.log)
        let first = try await ProjectionRunner.digest(of: LegacyWorkoutHistory.self, in: scratch.log, checkpoints: scratch.checkpoints)
        let stored = try #require(try scratch.checkpoints.loadDigest(LegacyWorkoutHistory.name))
        #expect(stored.position.offset == (try await scratch.log.end().nextOffset))
        #expect(try stored.state(as: WorkoutList.self) == first)

        // The log grows: the stale digest is not used.
        try await GeneratedLogReplayTests.append(batches.dropFirst(batches.count / 2), to: scratch.log)
        let second = try await ProjectionRunner.digest(of: LegacyWorkoutHistory.self, in: scratch.log, checkpoints: scratch.checkpoints)
        #expect(second == (try await scratch.model(LegacyWorkoutHistory.self)).digest())
        #expect(second.lines.count > first.lines.count)
        #expect(try scratch.checkpoints.loadDigest(LegacyWorkoutHistory.name)?.position.offset == (try await scratch.log.end().nextOffset))

        // A digest that claims the end of another log (same length, other chain) is not used.
        let forged = Checkpoint(name: LegacyWorkoutHistory.name, version: LegacyWorkoutHistory.version,
                                position: LogPosition(offset: try await scratch.log.end().nextOffset, chainHash: .zero),
                                stateBytes: try BinaryEventEncoder.encode(WorkoutList()))
        try scratch.checkpoints.saveDigest(forged)
        #expect(try await ProjectionRunner.digest(of: LegacyWorkoutHistory.self, in: scratch.log, checkpoints: scratch.checkpoints) == second)

        // A checkpoint restored as it was still gets its missing digest written.
        scratch.checkpoints.remove(LegacyWorkoutHistory.name)
        _ = try await ProjectionRunner.digest(of: LegacyWorkoutHistory.self, in: scratch.log, checkpoints: scratch.checkpoints)
        unlink(scratch.checkpoints.digestPath(for: LegacyWorkoutHistory.name))
        #expect(try await ProjectionRunner.digest(of: LegacyWorkoutHistory.self, in: scratch.log, checkpoints: scratch.checkpoints) == second)
        #expect(try scratch.checkpoints.loadDigest(LegacyWorkoutHistory.name) != nil)
    }

    /// The hand-written decoder's reading of exactly `bytes`, nil when it refuses them.
    static func fastDecode<Value: FastCheckpointDecodable>(_: Value.Type, _ bytes: [UInt8]) -> Value? {
        Value.fastDecode(bytes)
    }

    @Test("The workout list's hand-written decoder reads exactly what Codable reads, and refuses what it refuses")
    func fastWorkoutListDecoder() async throws {
        let scratch = try await Self.generatedLog(seed: 23)
        var list = try await scratch.model(LegacyWorkoutHistory.self).digest()
        list.lines[0].summary.name = nil
        list.lines[1].summary.name = "Zürich ☀︎ session"
        let bytes = try BinaryEventEncoder.encode(list)
        #expect(Self.fastDecode(WorkoutList.self, bytes) == list)
        #expect(try BinaryEventDecoder.decode(WorkoutList.self, from: bytes) == list)
        // Every cut is refused by both.
        for cut in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 200)) {
            let short = Array(bytes[..<cut])
            #expect(Self.fastDecode(WorkoutList.self, short) == nil)
            #expect((try? BinaryEventDecoder.decode(WorkoutList.self, from: short)) == nil)
        }
    }

    @Test("The bodyweight model's hand-written decoder reads exactly what Codable reads, and a checkpoint restores through it")
    func fastBodyweightDecoder() async throws {
        let scratch = try await Self.generatedLog(seed: 24)
        var body = try await scratch.model(LegacyBodyweight.self)
        #expect(body.entries.count > 20)
        body.entries[0].notes = "après l'entraînement"
        body.entries[1].weight = Mass(180.4, .pounds)
        let bytes = try BinaryEventEncoder.encode(body)
        let checkpoint = Checkpoint(name: LegacyBodyweight.name, version: LegacyBodyweight.version, position: .start, stateBytes: bytes)
        #expect(try checkpoint.state(as: LegacyBodyweight.self) == body)
        #expect(try BinaryEventDecoder.decode(LegacyBodyweight.self, from: bytes) == body)
        for cut in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 100)) {
            let short = Array(bytes[..<cut])
            #expect(Self.fastDecode(LegacyBodyweight.self, short) == nil, "cut at \(cut)")
        }
        let projection = Projection<LegacyBodyweight>()
        try await projection.restore(checkpoint)
        #expect(await projection.model == body)
    }
}
