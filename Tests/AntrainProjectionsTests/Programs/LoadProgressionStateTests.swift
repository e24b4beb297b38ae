import AntrainEvents
@testable import AntrainProjections
import AntrainTestSupport
import Foundation
import Testing

// The hand-worked load progression (the arithmetic of `ProgramAnswers.Progression`), asked end
// to end through the keyed facade: a log whose last working set, RPE, day intensity and
// settings' unit are each case's, and the suggestion `ProgramProgress.nextTrainingDay` gives
// for it.

private let lift = UUID.n(20), template = UUID.n(10), program = UUID.n(1)

/// A program of 3 weeks from Monday 2026-03-02 that plans only week 1 (intensity `intensity`,
/// one day, Monday), so that Monday 2026-03-16 is week 3 on week 1's plan; the settings' weight
/// unit `unit`; and a free lifting workout on 2026-03-03 whose one working set of the template's
/// exercise is `weight` × 5 at set RPE `rpe` (the workout has no RPE of its own). The week-3
/// suggestion for that exercise, from the log folded in memory and from the log's store.
private func suggestions(after weight: Mass, _ rpe: Double?, intensity: Double, unit: MassUnit) async throws -> [WeightSuggestion] {
    let definition = ProgramDefinition(name: "Cycle", category: .strengthTraining, difficulty: .intermediate, durationWeeks: 3,
                                       progression: .custom, weeks: [
                                           ProgramWeek(number: 1, intensityModifier: intensity, days: [
                                               ProgramDay(dayOfWeek: 1, name: "Day", templateID: template),
                                           ]),
                                       ])
    let scratch = try await ScratchLog("progression")
    try await scratch.record([
        ExerciseCreated(exerciseID: lift, definition: ProgramFixture.exercise("Lift")),
        TemplateCreated(templateID: template, name: "Day", items: [
            .exercise(position: 1, exerciseID: lift, target: .repetitions(sets: 5, repsPerSet: 5, restSeconds: 180)),
        ]),
        ProgramCreated(programID: program, definition: definition),
        ProgramActivated(programID: program, startDate: .on("2026-03-02")),
        SettingsChanged(weightUnit: unit, distanceUnit: .kilometres),
    ] + ProgramFixture.workout(.n(101), at: "2026-03-03T07:00:00Z", day: nil,
                               sets: [(lift, .n(201), SetPerformance(reps: 5, weight: weight, rpe: rpe))]))
    var found: [WeightSuggestion] = []
    for store in try await scratch.stores(ProgramProgress.models) {
        let next = try #require(try ProgramProgress(store).nextTrainingDay(from: .on("2026-03-16")))
        #expect(next.day == .on("2026-03-16") && next.week == 3 && next.intensity == intensity)
        found.append(try #require(next.suggestions.first))
    }
    #expect(found[0] == found[1], "folded and caught up agree")
    return found
}

@Suite("Program progress load progression (keyed state)")
struct LoadProgressionStateTests {
    @Test("RPE bands: below 7 easy, 7 to below 9 moderate, 9 and up hard, none unrated")
    func bands() async throws {
        let cases: [(rpe: Double?, band: SuggestionReason.Band, percent: Double)] = [
            (1, .easy, 5), (6.5, .easy, 5), (7, .moderate, 2.5), (8.5, .moderate, 2.5),
            (9, .hard, -2.5), (10, .hard, -2.5), (nil, .unrated, 2.5),
        ]
        for (rpe, band, percent) in cases {
            for suggestion in try await suggestions(after: .kilograms(100), rpe, intensity: 1, unit: .kilograms) {
                #expect(suggestion.reason.band == band && suggestion.reason.stepPercent == percent, "RPE \(rpe.map { "\($0)" } ?? "none")")
            }
        }
    }

    @Test("kg: each band with an intensity modifier, rounded to 2.5 kg")
    func kilograms() async throws {
        // RPE 6: 100 × 1.05 × 0.9 = 94.5; 94.5 / 2.5 = 37.8 → 38 × 2.5 = 95.
        for easy in try await suggestions(after: .kilograms(100), 6, intensity: 0.9, unit: .kilograms) {
            #expect(easy.weight == .kilograms(95))
        }
        // RPE 8: 100 × 1.025 × 0.9 = 92.25; / 2.5 = 36.9 → 37 × 2.5 = 92.5.
        for moderate in try await suggestions(after: .kilograms(100), 8, intensity: 0.9, unit: .kilograms) {
            #expect(moderate.weight == .kilograms(92.5))
            #expect(moderate.reason.text == "last 100 kg × 5 at RPE 8: +2.5%, week 3 intensity 0.9 → 92.5 kg")
        }
        // RPE 9.5: 100 × 0.975 × 1.1 = 107.25; / 2.5 = 42.9 → 43 × 2.5 = 107.5.
        for hard in try await suggestions(after: .kilograms(100), 9.5, intensity: 1.1, unit: .kilograms) {
            #expect(hard.weight == .kilograms(107.5))
            #expect(hard.reason.text == "last 100 kg × 5 at RPE 9.5: -2.5%, week 3 intensity 1.1 → 107.5 kg")
        }
        // No RPE: 100 × 1.025 × 1 = 102.5, already a multiple of 2.5.
        for unrated in try await suggestions(after: .kilograms(100), nil, intensity: 1, unit: .kilograms) {
            #expect(unrated.weight == .kilograms(102.5))
        }
    }

    @Test("lb: rounded to 5 lb, and a kg performance converted when the settings say lb")
    func pounds() async throws {
        // RPE 7: 225 × 1.025 × 0.9 = 207.5625; / 5 = 41.51 → 42 × 5 = 210.
        for suggestion in try await suggestions(after: .pounds(225), 7, intensity: 0.9, unit: .pounds) {
            #expect(suggestion.weight == .pounds(210))
        }
        // RPE 10: 315 × 0.975 × 0.85 = 261.05625; / 5 = 52.21 → 52 × 5 = 260.
        for suggestion in try await suggestions(after: .pounds(315), 10, intensity: 0.85, unit: .pounds) {
            #expect(suggestion.weight == .pounds(260))
        }
        // RPE 4: 135 × 1.05 × 1 = 141.75; / 5 = 28.35 → 28 × 5 = 140.
        for suggestion in try await suggestions(after: .pounds(135), 4, intensity: 1, unit: .pounds) {
            #expect(suggestion.weight == .pounds(140))
        }
        // 100 kg = 220.462 lb; × 1.025 = 225.974; / 5 = 45.19 → 45 × 5 = 225 lb.
        for suggestion in try await suggestions(after: .kilograms(100), 8, intensity: 1, unit: .pounds) {
            #expect(suggestion.weight == .pounds(225))
        }
    }
}
