import AntrainEvents
import Foundation
import Testing

@Suite("Profile, bodyweight and settings events")
struct ProfileEventTests {
    typealias Check = NutritionEventChecks

    static let today = CalendarDay(year: 2025, month: 9, day: 15)!
    static let goals = NutritionGoals(caloriesKcal: 2600, proteinG: 180, carbsG: 300, fatsG: 75)
    static let profile = ProfileUpdated(name: "Alex", heightCentimetres: 178.5, sex: .unspecified,
                                        dateOfBirth: CalendarDay(year: 1990, month: 4, day: 2)!, activityLevel: .moderate,
                                        goals: goals, effectiveFrom: today)
    static let weight = BodyweightRecorded(entryID: UUID(uuidString: "7F3E2D1C-0B9A-4876-9543-210FEDCBA987")!, weight: .kilograms(82.4),
                                           recordedAt: Timestamp("2025-09-15T06:30:00Z")!, notes: "Before breakfast")

    // MARK: - Profile

    @Test("A complete profile update, an empty one and every choice are valid")
    func validProfile() {
        #expect(Check.rejectedFields(Self.profile) == [])
        #expect(Check.rejectedFields(ProfileUpdated(effectiveFrom: Self.today)) == [])
        for sex in Sex.allCases {
            for level in ActivityLevel.allCases {
                #expect(Check.rejectedFields(ProfileUpdated(sex: sex, activityLevel: level, effectiveFrom: Self.today)) == [])
            }
        }
        Check.expectAccepted(Self.profile) { $0.heightCentimetres = 300 }
        Check.expectAccepted(Self.profile) { $0.dateOfBirth = CalendarDay(year: 1900, month: 1, day: 1)! }
        Check.expectAccepted(Self.profile) { $0.dateOfBirth = Self.today }
        Check.expectAccepted(Self.profile) { $0.goals = NutritionGoals(caloriesKcal: 0.5, proteinG: 0, carbsG: 0, fatsG: 0) }
    }

    @Test("Profile fields out of range are rejected by field")
    func profileRanges() {
        Check.expectRejected(Self.profile, for: ["name"]) { $0.name = "" }
        Check.expectRejected(Self.profile, for: ["name"]) { $0.name = "  " }
        Check.expectRejected(Self.profile, for: ["name"]) { $0.name = String(repeating: "a", count: 101) }
        Check.expectRejected(Self.profile, for: ["heightCentimetres"]) { $0.heightCentimetres = 0 }
        Check.expectRejected(Self.profile, for: ["heightCentimetres"]) { $0.heightCentimetres = -170 }
        Check.expectRejected(Self.profile, for: ["heightCentimetres"]) { $0.heightCentimetres = 300.1 }
        Check.expectRejected(Self.profile, for: ["dateOfBirth"]) { $0.dateOfBirth = CalendarDay(year: 1899, month: 12, day: 31)! }
        Check.expectRejected(Self.profile, for: ["dateOfBirth"]) { $0.dateOfBirth = Self.today.adding(days: 1) }
        Check.expectRejected(Self.profile, for: ["goals.caloriesKcal"]) { $0.goals?.caloriesKcal = 0 }
        Check.expectRejected(Self.profile, for: ["goals.caloriesKcal"]) { $0.goals?.caloriesKcal = -2000 }
        Check.expectRejected(Self.profile, for: ["goals.proteinG"]) { $0.goals?.proteinG = -1 }
        Check.expectRejected(Self.profile, for: ["goals.carbsG"]) { $0.goals?.carbsG = -0.5 }
        Check.expectRejected(Self.profile, for: ["goals.fatsG"]) { $0.goals?.fatsG = -75 }
        Check.expectRejected(Self.profile, for: ["name", "heightCentimetres", "dateOfBirth", "goals.caloriesKcal", "goals.fatsG"]) {
            $0.name = ""
            $0.heightCentimetres = 400
            $0.dateOfBirth = CalendarDay(year: 1800, month: 1, day: 1)!
            $0.goals = NutritionGoals(caloriesKcal: 0, proteinG: 0, carbsG: 0, fatsG: -1)
        }
    }

    @Test("A date of birth message names both bounds")
    func dateOfBirthMessage() throws {
        var event = Self.profile
        event.dateOfBirth = CalendarDay(year: 2030, month: 1, day: 1)!
        let issue = try #require(Check.validationError(event)?.issues.first)
        #expect(issue.description == "dateOfBirth is 2030-01-01; allowed: a day from 1900-01-01 to effectiveFrom (2025-09-15)")
    }

    @Test("Non-finite heights and goals are rejected by field", arguments: NutritionEventChecks.nonFinite)
    func profileNonFinite(bad: Double) {
        Check.expectRejected(Self.profile, for: ["heightCentimetres"]) { $0.heightCentimetres = bad }
        Check.expectRejected(Self.profile, for: ["goals.caloriesKcal"]) { $0.goals?.caloriesKcal = bad }
        Check.expectRejected(Self.profile, for: ["goals.proteinG"]) { $0.goals?.proteinG = bad }
        Check.expectRejected(Self.profile, for: ["goals.carbsG"]) { $0.goals?.carbsG = bad }
        Check.expectRejected(Self.profile, for: ["goals.fatsG"]) { $0.goals?.fatsG = bad }
    }

    // MARK: - Bodyweight and settings

    @Test("Bodyweights must be more than 0 and at most 1000 kg, notes at most 200 characters")
    func bodyweight() {
        #expect(Check.rejectedFields(Self.weight) == [])
        Check.expectAccepted(Self.weight) { $0.weight = .kilograms(1000); $0.notes = nil }
        Check.expectAccepted(Self.weight) { $0.weight = .kilograms(0.001); $0.notes = String(repeating: "n", count: 200) }
        Check.expectRejected(Self.weight, for: ["weight"]) { $0.weight = .kilograms(0) }
        Check.expectRejected(Self.weight, for: ["weight"]) { $0.weight = .kilograms(-80) }
        Check.expectRejected(Self.weight, for: ["weight"]) { $0.weight = .kilograms(1000.5) }
        Check.expectRejected(Self.weight, for: ["notes"]) { $0.notes = String(repeating: "n", count: 201) }
        Check.expectRejected(Self.weight, for: ["notes"]) { $0.notes = "\u{8}" }
        Check.expectRejected(Self.weight, for: ["weight", "notes"]) { $0.weight = .kilograms(0); $0.notes = String(repeating: "n", count: 201) }
    }

    @Test("Non-finite bodyweights are rejected", arguments: NutritionEventChecks.nonFinite)
    func bodyweightNonFinite(bad: Double) {
        Check.expectRejected(Self.weight, for: ["weight"]) { $0.weight = .kilograms(bad) }
    }

    @Test("Every combination of settings is valid")
    func settings() {
        for weightUnit in MassUnit.allCases {
            for distanceUnit in DistanceUnit.allCases {
                #expect(Check.rejectedFields(SettingsChanged(weightUnit: weightUnit, distanceUnit: distanceUnit)) == [])
            }
        }
    }

    @Test("Profile, bodyweight and settings have one stream each")
    func streams() {
        #expect(Self.profile.streamID == "profile")
        #expect(Self.weight.streamID == "bodyweight")
        #expect(SettingsChanged(weightUnit: .pounds, distanceUnit: .miles).streamID == "settings")
    }

    // MARK: - Codec

    static var profileEdges: [ProfileUpdated] {
        [
            profile,
            ProfileUpdated(effectiveFrom: CalendarDay(year: 1, month: 1, day: 1)!),
            ProfileUpdated(name: Check.nonASCII(100), heightCentimetres: .greatestFiniteMagnitude, sex: .other,
                           dateOfBirth: CalendarDay(year: 1, month: 1, day: 1)!, activityLevel: .veryActive,
                           goals: NutritionGoals(caloriesKcal: .leastNonzeroMagnitude, proteinG: -.greatestFiniteMagnitude,
                                                 carbsG: 1.0 / 3, fatsG: -0.0),
                           effectiveFrom: CalendarDay(year: 9999, month: 12, day: 31)!),
        ] + Sex.allCases.map { ProfileUpdated(sex: $0, effectiveFrom: today) }
            + ActivityLevel.allCases.map { ProfileUpdated(activityLevel: $0, effectiveFrom: today) }
    }

    static var weightEdges: [BodyweightRecorded] {
        [
            weight,
            BodyweightRecorded(entryID: UUID(), weight: .kilograms(.greatestFiniteMagnitude), recordedAt: Check.latest, notes: Check.nonASCII(200)),
            BodyweightRecorded(entryID: UUID(), weight: .kilograms(-.leastNonzeroMagnitude), recordedAt: Check.earliest),
            BodyweightRecorded(entryID: UUID(), weight: .kilograms(72.125), recordedAt: Timestamp(microsecondsSince1970: 0), notes: ""),
        ]
    }

    static var settingsEdges: [SettingsChanged] {
        MassUnit.allCases.flatMap { weightUnit in
            DistanceUnit.allCases.map { SettingsChanged(weightUnit: weightUnit, distanceUnit: $0) }
        }
    }

    @Test("Profile, bodyweight and settings events round-trip through the binary and JSON forms")
    func roundTrips() throws {
        for event in Self.profileEdges { try Check.expectRoundTrips(event) }
        for event in Self.weightEdges { try Check.expectRoundTrips(event) }
        for event in Self.settingsEdges { try Check.expectRoundTrips(event) }
    }

    @Test("Profile, bodyweight and settings events cut short at any length fail to decode")
    func truncation() throws {
        for event in Self.profileEdges { try Check.expectTruncationsFail(event) }
        for event in Self.weightEdges { try Check.expectTruncationsFail(event) }
        for event in Self.settingsEdges { try Check.expectTruncationsFail(event) }
    }
}
