import AntrainEvents
@testable import AntrainProjections
import Testing

@Suite("LegacyProgramProgress load progression")
struct LoadProgressionTests {
    typealias P = LegacyProgramProgress.Progression

    private func suggest(_ weight: Mass, _ rpe: Double?, intensity: Double, unit: MassUnit) -> (Mass, SuggestionReason) {
        P.suggest(after: .init(weight: weight, reps: 5, rpe: rpe), intensity: intensity, week: 3, unit: unit)
    }

    @Test("RPE bands: below 7 easy, 7 to below 9 moderate, 9 and up hard, none unrated")
    func bands() {
        #expect(P.step(for: 1).band == .easy && P.step(for: 6.5).percent == 5)
        #expect(P.step(for: 7).band == .moderate && P.step(for: 8.5).percent == 2.5)
        #expect(P.step(for: 9).band == .hard && P.step(for: 10).percent == -2.5)
        #expect(P.step(for: nil).band == .unrated && P.step(for: nil).percent == 2.5)
    }

    @Test("kg: each band with an intensity modifier, rounded to 2.5 kg")
    func kilograms() {
        // RPE 6: 100 × 1.05 × 0.9 = 94.5; 94.5 / 2.5 = 37.8 → 38 × 2.5 = 95.
        #expect(suggest(.kilograms(100), 6, intensity: 0.9, unit: .kilograms).0 == .kilograms(95))
        // RPE 8: 100 × 1.025 × 0.9 = 92.25; / 2.5 = 36.9 → 37 × 2.5 = 92.5.
        let (moderate, reason) = suggest(.kilograms(100), 8, intensity: 0.9, unit: .kilograms)
        #expect(moderate == .kilograms(92.5))
        #expect(reason.text == "last 100 kg × 5 at RPE 8: +2.5%, week 3 intensity 0.9 → 92.5 kg")
        // RPE 9.5: 100 × 0.975 × 1.1 = 107.25; / 2.5 = 42.9 → 43 × 2.5 = 107.5.
        let (hard, hardReason) = suggest(.kilograms(100), 9.5, intensity: 1.1, unit: .kilograms)
        #expect(hard == .kilograms(107.5))
        #expect(hardReason.text == "last 100 kg × 5 at RPE 9.5: -2.5%, week 3 intensity 1.1 → 107.5 kg")
        // No RPE: 100 × 1.025 × 1 = 102.5, already a multiple of 2.5.
        #expect(suggest(.kilograms(100), nil, intensity: 1, unit: .kilograms).0 == .kilograms(102.5))
    }

    @Test("lb: rounded to 5 lb, and a kg performance converted when the settings say lb")
    func pounds() {
        // RPE 7: 225 × 1.025 × 0.9 = 207.5625; / 5 = 41.51 → 42 × 5 = 210.
        #expect(suggest(.pounds(225), 7, intensity: 0.9, unit: .pounds).0 == .pounds(210))
        // RPE 10: 315 × 0.975 × 0.85 = 261.05625; / 5 = 52.21 → 52 × 5 = 260.
        #expect(suggest(.pounds(315), 10, intensity: 0.85, unit: .pounds).0 == .pounds(260))
        // RPE 4: 135 × 1.05 × 1 = 141.75; / 5 = 28.35 → 28 × 5 = 140.
        #expect(suggest(.pounds(135), 4, intensity: 1, unit: .pounds).0 == .pounds(140))
        // 100 kg = 220.462 lb; × 1.025 = 225.974; / 5 = 45.19 → 45 × 5 = 225 lb.
        #expect(suggest(.kilograms(100), 8, intensity: 1, unit: .pounds).0 == .pounds(225))
    }
}
