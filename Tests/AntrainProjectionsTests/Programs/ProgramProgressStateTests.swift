import AntrainEvents
@testable import AntrainProjections
import AntrainTestSupport
import Foundation
import Testing

// The hand-worked program history of ProgramFixture asked through the keyed facade (the
// expectations are those the memory-image model met before it), checked on the log folded into
// a store in memory and on the log's own store caught up.

/// A log holding `events`.
private func scratch(_ events: [any DomainEvent]) async throws -> ScratchLog {
    let scratch = try await ScratchLog("programs")
    try await scratch.record(events)
    return scratch
}

/// The program progress of `scratch`: folded in memory, and the log's store caught up.
private func programs(_ scratch: ScratchLog) async throws -> [ProgramProgress] {
    try await scratch.stores(ProgramProgress.models).map { ProgramProgress($0) }
}

@Suite("Program progress (keyed state)")
struct ProgramProgressStateTests {
    typealias F = ProgramFixture

    @Test("weeks are counted from the start date in blocks of 7 days, days by weekday, cycle through the planned weeks, and end")
    func weekAndDay() async throws {
        for model in try await programs(try await scratch(F.library())) {
            // 2026-03-01 is the day before the start: not started.
            let before = try #require(try model.position(on: .on("2026-03-01")))
            #expect(before.phase == .notStarted && before.week == nil)
            // End date: 2026-03-02 + 3 × 7 − 1 = 20 days later = 2026-03-22.
            #expect(before.endDate == .on("2026-03-22"))

            // Offset 0: week 0/7 + 1 = 1, day 0 % 7 + 1 = 1, "Heavy".
            let first = try #require(try model.position(on: .on("2026-03-02")))
            #expect(first.phase == .running && first.week == 1 && first.dayOfWeek == 1)
            #expect(first.plannedWeek == 1 && first.trainingDay?.name == "Heavy")
            // Offset 6: week 1, day 7, a rest day.
            let sunday = try #require(try model.position(on: .on("2026-03-08")))
            #expect(sunday.week == 1 && sunday.dayOfWeek == 7 && sunday.trainingDay == nil)
            // Offset 7: week 7/7 + 1 = 2, day 1: the boundary.
            let weekTwo = try #require(try model.position(on: .on("2026-03-09")))
            #expect(weekTwo.week == 2 && weekTwo.dayOfWeek == 1 && weekTwo.plannedWeek == 2)
            // Offset 17: week 17/7 + 1 = 3, day 17 % 7 + 1 = 4; week 3 is not planned, so the
            // cycle of planned weeks [1, 2] gives index (3 − 1) % 2 = 0: week 1's "Light".
            let cycled = try #require(try model.position(on: .on("2026-03-19")))
            #expect(cycled.week == 3 && cycled.dayOfWeek == 4 && cycled.plannedWeek == 1)
            #expect(cycled.trainingDay?.intensityOverride == 0.8)
            // Offset 20: the last day, week 3 day 7; offset 21: finished.
            let last = try #require(try model.position(on: .on("2026-03-22")))
            #expect(last.phase == .running && last.week == 3 && last.dayOfWeek == 7)
            let after = try #require(try model.position(on: .on("2026-03-23")))
            #expect(after.phase == .finished && after.week == nil)
        }
    }

    @Test("no program is followed before an activation and after a deactivation")
    func deactivation() async throws {
        for empty in try await programs(try await scratch([])) {
            #expect(try empty.position(on: .on("2026-03-02")) == nil)
        }
        let stoppedLog = try await scratch(F.library() + [ProgramDeactivated(programID: F.program, deactivatedAt: .at("2026-03-04T00:00:00Z"))])
        for stopped in try await programs(stoppedLog) {
            #expect(try stopped.activeProgramID() == nil && stopped.position(on: .on("2026-03-04")) == nil)
        }
    }

    @Test("adherence: a day is done by a completed workout referencing it, or by free lifting that day")
    func adherence() async throws {
        for model in try await programs(try await scratch(F.library() + F.history())) {
            // Scheduled before 2026-03-18: Mar 2 (w1 d1), Mar 5 (w1 d4), Mar 9 (w2 d1), Mar 16 (w3 d1).
            // Mar 2: W1 references it, completed: done.
            // Mar 5: W2 is free lifting on that day: done.
            // Mar 9: W3 references it but was cancelled: not done.
            // Mar 16: W4 started 2026-03-15T23:30Z, which is 00:30 on Mar 16 in Berlin (UTC+1): done.
            // 3 of 4.
            let through18 = try #require(try model.adherence(through: .on("2026-03-18")))
            #expect(through18.scheduledDays == 4 && through18.completedDays == 3)
            #expect(through18.days.map(\.done) == [true, true, false, true])
            #expect(through18.days.map(\.day) == [.on("2026-03-02"), .on("2026-03-05"), .on("2026-03-09"), .on("2026-03-16")])
            #expect(through18.fraction == 0.75)
            // Mar 19 (w3 d4) is scheduled but not done yet: today does not count until it is done.
            let through19 = try #require(try model.adherence(through: .on("2026-03-19")))
            #expect(through19.scheduledDays == 4)
            // After the end (Mar 22) Mar 19 is missed: 5 scheduled, 3 done.
            let afterEnd = try #require(try model.adherence(through: .on("2026-04-30")))
            #expect(afterEnd.scheduledDays == 5 && afterEnd.completedDays == 3)
        }
    }

    @Test("next training day suggests weights from the last working sets, the RPE band and the day's intensity")
    func suggestions() async throws {
        for model in try await programs(try await scratch(F.library() + F.history())) {
            let next = try #require(try model.nextTrainingDay(from: .on("2026-03-17")))
            // Mar 19, week 3 day 4 "Light": intensity override 0.8.
            #expect(next.day == .on("2026-03-19") && next.week == 3 && next.dayOfWeek == 4 && next.intensity == 0.8)
            // The plank is timed: three suggestions, bench, squat, row.
            #expect(next.suggestions.map(\.exerciseID) == [F.bench, F.squat, F.row])

            // Bench: last completed workout with bench is W4 (RPE 8); its last working set is
            // the corrected 102.5 × 5 (the 40 kg warm-up and the uncompleted 120 are skipped).
            // W4 was week 3's Monday, on week 1's plan at intensity 0.9: the baseline is
            // 102.5 / 0.9 = 113.89; × 1.025 × 0.8 = 93.39; / 2.5 = 37.36 → 37 × 2.5 = 92.5 kg.
            let bench = next.suggestions[0]
            #expect(bench.weight == .kilograms(92.5) && bench.sets == 5 && bench.plannedSets == 5 && bench.repsPerSet == 5)
            #expect(bench.exerciseName == "Bench Press" && bench.reason.band == .moderate && bench.reason.lastIntensity == 0.9)
            #expect(bench.reason.text == "last 102.5 kg × 5 at RPE 8 (done at intensity 0.9): +2.5%, week 3 intensity 0.8 → 92.5 kg")

            // Squat: W3 (200 kg) was cancelled; W2 has 140 × 5 (the 150 was removed), no RPE.
            // W2 was free lifting on Thursday 03-05, week 1's "Light" day at 0.8, which it counts for:
            // 140 / 0.8 = 175; × 1.025 × 0.8 = 143.5; / 2.5 = 57.4 → 57 × 2.5 = 142.5 kg.
            let squat = next.suggestions[1]
            #expect(squat.weight == .kilograms(142.5) && squat.reason.band == .unrated)
            #expect(squat.reason.text == "last 140 kg × 5, no RPE (done at intensity 0.8): +2.5%, week 3 intensity 0.8 → 142.5 kg")

            // Row was never done.
            #expect(next.suggestions[2].weight == nil && next.suggestions[2].reason.band == .noHistory)
        }
    }

    @Test("a last performance on another program's day starts from that program's intensity; a deleted program's counts as 1")
    func otherProgramsIntensity() async throws {
        // Program "Peak" (id 2): one week at intensity 1.2, Tuesdays. On Tuesday 03-17, after W4,
        // bench 120 × 5 at RPE 8 on Peak's week 1 Tuesday: the last bench.
        let peak = UUID.n(2)
        let definition = ProgramDefinition(name: "Peak", category: .powerlifting, difficulty: .advanced, durationWeeks: 1, progression: .custom,
                                           weeks: [ProgramWeek(number: 1, intensityModifier: 1.2, days: [
                                               ProgramDay(dayOfWeek: 2, name: "Heavy", templateID: F.template),
                                           ])])
        let history = F.library() + F.history() + [ProgramCreated(programID: peak, definition: definition)]
            + F.workout(.n(105), at: "2026-03-17T07:00:00Z", day: ProgramDayReference(programID: peak, week: 1, dayOfWeek: 2),
                        sets: [(F.bench, .n(241), F.set(120, 5, rpe: 8))])
        for model in try await programs(try await scratch(history)) {
            let bench = try #require(try model.nextTrainingDay(from: .on("2026-03-18"))?.suggestions.first)
            // 120 / 1.2 = 100; × 1.025 × 0.8 (Thursday's "Light") = 82; / 2.5 = 32.8 → 33 × 2.5 = 82.5 kg.
            #expect(bench.weight == .kilograms(82.5))
            #expect(bench.reason.text == "last 120 kg × 5 at RPE 8 (done at intensity 1.2): +2.5%, week 3 intensity 0.8 → 82.5 kg")
        }
        // Peak deleted: its day's intensity is unknown, so 1: 120 × 1.025 × 0.8 = 98.4; / 2.5 = 39.36 → 39 × 2.5 = 97.5 kg.
        for model in try await programs(try await scratch(history + [ProgramDeleted(programID: peak)])) {
            #expect(try model.nextTrainingDay(from: .on("2026-03-18"))?.suggestions.first?.weight == .kilograms(97.5))
        }
    }

    @Test("the settings' unit decides the unit and the increment of a suggestion")
    func suggestionInSettingsUnit() async throws {
        let log = try await scratch(F.library() + F.history() + [SettingsChanged(weightUnit: .pounds, distanceUnit: .miles)])
        for model in try await programs(log) {
            let next = try #require(try model.nextTrainingDay(from: .on("2026-03-19")))
            // 102.5 kg = 102.5 / 0.45359237 = 225.9738 lb; / 0.9 = 251.0820; × 1.025 × 0.8 = 205.8872;
            // / 5 = 41.18 → 41 × 5 = 205 lb.
            #expect(next.suggestions[0].weight == .pounds(205))
        }
    }

    @Test("a training day done today is passed over; after the end there is none")
    func nextDaySkipsDoneToday() async throws {
        for model in try await programs(try await scratch(F.library() + F.history())) {
            // Mar 16 is done (W4): the next one is Mar 19.
            #expect(try model.nextTrainingDay(from: .on("2026-03-16"))?.day == .on("2026-03-19"))
            // Mar 9 was not done (cancelled): from Mar 9 it is Mar 9 itself, week 2 intensity 1.1.
            let monday = try #require(try model.nextTrainingDay(from: .on("2026-03-09")))
            #expect(monday.day == .on("2026-03-09") && monday.intensity == 1.1)
            #expect(try model.nextTrainingDay(from: .on("2026-03-20")) == nil)
        }
    }

    @Test("caught up one event at a time, the state is the same bytes as folded in one go, and answers the same")
    func stepwiseEqualsOneGo() async throws {
        // Catch-ups of one event, in batches of one, must store exactly what one fold does.
        let log = try await scratch(F.library() + F.history() + [SettingsChanged(weightUnit: .kilograms, distanceUnit: .kilometres)])
        let (stepped, folded) = try await StateTesting.stepwiseAndFolded(ProgramProgress.models, copying: log,
                                                                         eventsPerStep: 1, batchSize: 1)
        #expect(stepped == folded)
        let answers = try await programs(log).map { try $0.nextTrainingDay(from: .on("2026-03-17")) }
        #expect(answers[0] == answers[1] && answers[0]?.suggestions.first?.weight == .kilograms(92.5))
    }
}
