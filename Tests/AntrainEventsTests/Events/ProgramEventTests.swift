import AntrainEvents
import Foundation
import Testing

@Suite("Training program events")
struct ProgramEventTests {
    static let programID = UUID(uuidString: "1C2B3A49-5867-8F12-A3B4-C5D6E7F80912")!
    static let copyID = UUID(uuidString: "2D3C4B5A-6978-8123-B4C5-D6E7F8091A23")!
    static let templateID = UUID(uuidString: "4E3D5F8B-4061-8D2A-8BD5-D4A2C0DE517B")!

    static func days(_ weekdays: [Int] = [1, 3, 5]) -> [ProgramDay] {
        weekdays.map { ProgramDay(dayOfWeek: $0, name: "Day \($0)", templateID: templateID, suggestedRPE: 8) }
    }

    /// Four weeks: three building, then a deload.
    static let definition = ProgramDefinition(
        name: "Three and one", description: "Build for three weeks, then rest.", category: .strengthTraining,
        difficulty: .intermediate, durationWeeks: 4, progression: .threeOneDeload, weeks: [
            ProgramWeek(number: 1, phase: "accumulation", days: days()),
            ProgramWeek(number: 2, phase: "accumulation", intensityModifier: 1.025, volumeModifier: 1.1, days: days()),
            ProgramWeek(number: 3, name: "Heavy week", phase: "intensification", intensityModifier: 1.05, days: days()),
            ProgramWeek(number: 4, name: "Deload", phase: "deload", intensityModifier: 0.9, volumeModifier: 0.6, isDeload: true,
                        days: [ProgramDay(dayOfWeek: 2, name: "Easy", templateID: templateID, intensityOverride: 0.8,
                                          volumeOverride: 0.5, suggestedRPE: 6)]),
        ])

    static func created(_ change: (inout ProgramDefinition) -> Void) -> ProgramCreated {
        var definition = definition
        change(&definition)
        return ProgramCreated(programID: programID, definition: definition, isPreset: false)
    }

    @Test("Valid events of every type pass and name their streams")
    func validEvents() {
        EventChecks.valid(ProgramCreated(programID: Self.programID, definition: Self.definition, isPreset: true))
        EventChecks.valid(ProgramUpdated(programID: Self.programID, definition: Self.definition))
        EventChecks.valid(ProgramDuplicated(newProgramID: Self.copyID, sourceProgramID: Self.programID, definition: Self.definition))
        EventChecks.valid(ProgramDeleted(programID: Self.programID))
        EventChecks.valid(ProgramActivated(programID: Self.programID, startDate: CalendarDay("2026-11-23")!))
        EventChecks.valid(ProgramDeactivated(programID: Self.programID, deactivatedAt: Timestamp("2026-12-20T18:00:00Z")!))
        EventChecks.valid(Self.created { $0.weeks[0].days = [] })
        EventChecks.valid(Self.created { $0.weeks[0].days = Self.days(Array(1...7)) })
        EventChecks.valid(Self.created { $0.weeks.reverse() })
        EventChecks.valid(Self.created { $0.weeks = [$0.weeks[3]] })
        EventChecks.valid(Self.created {
            $0.durationWeeks = 52
            $0.weeks = (1...52).map { ProgramWeek(number: $0, days: Self.days(Array(1...7))) }
        })
        EventChecks.valid(Self.created {
            $0.description = nil
            $0.weeks[0].days[0] = ProgramDay(dayOfWeek: 1, name: "Free day")
        })

        let stream = "program-1c2b3a49-5867-8f12-a3b4-c5d6e7f80912"
        #expect(ProgramCreated(programID: Self.programID, definition: Self.definition).streamID == stream)
        #expect(ProgramUpdated(programID: Self.programID, definition: Self.definition).streamID == stream)
        #expect(ProgramDeleted(programID: Self.programID).streamID == stream)
        let copy = ProgramDuplicated(newProgramID: Self.copyID, sourceProgramID: Self.programID, name: "Mine", copying: Self.definition)
        #expect(copy.streamID == "program-2d3c4b5a-6978-8123-b4c5-d6e7f8091a23")
        #expect(copy.name == "Mine" && copy.definition.name == "Mine" && copy.definition.weeks == Self.definition.weeks)
        #expect(ProgramActivated(programID: Self.programID, startDate: CalendarDay(daysSince1970: 0)).streamID == "active-program")
        #expect(ProgramDeactivated(programID: Self.programID, deactivatedAt: .now).streamID == "active-program")
    }

    @Test("Program, week and day names are checked", arguments: ["", " \n ", EventChecks.text(101, "ö")])
    func badNames(name: String) {
        EventChecks.invalid(Self.created { $0.name = name }, ["definition.name"])
        EventChecks.invalid(Self.created { $0.weeks[1].name = name }, ["definition.weeks[1].name"])
        EventChecks.invalid(Self.created { $0.weeks[2].days[1].name = name }, ["definition.weeks[2].days[1].name"])
        var renamed = Self.definition
        renamed.name = name
        EventChecks.invalid(ProgramUpdated(programID: Self.programID, definition: renamed), ["definition.name"])
        EventChecks.invalid(ProgramDuplicated(newProgramID: Self.copyID, sourceProgramID: Self.programID, name: name,
                                              copying: Self.definition), ["definition.name"])
    }

    @Test("Description at most 1000 characters; a phase tag 1 to 50")
    func descriptionAndPhase() {
        EventChecks.valid(Self.created { $0.description = EventChecks.text(1000) })
        EventChecks.invalid(Self.created { $0.description = EventChecks.text(1001) }, ["definition.description"])
        EventChecks.valid(Self.created { $0.weeks[0].phase = EventChecks.text(50) })
        EventChecks.invalid(Self.created { $0.weeks[0].phase = EventChecks.text(51) }, ["definition.weeks[0].phase"])
        EventChecks.invalid(Self.created { $0.weeks[0].phase = " " }, ["definition.weeks[0].phase"])
    }

    @Test("A program lasts 1 to 52 weeks and plans 1 to 52 of them")
    func duration() {
        for weeks in [0, -1, 53, Int.max] {
            EventChecks.invalid(Self.created { $0.durationWeeks = weeks }, ["definition.durationWeeks"])
        }
        EventChecks.invalid(Self.created { $0.weeks = [] }, ["definition.weeks"])
        EventChecks.invalid(Self.created {
            $0.durationWeeks = 52
            $0.weeks = (0..<53).map { ProgramWeek(number: $0 % 52 + 1, days: []) }
        }, ["definition.weeks", "definition.weeks[52].number"])
    }

    @Test("Week numbers are 1 or more, at most durationWeeks, each once")
    func weekNumbers() {
        EventChecks.invalid(Self.created { $0.weeks[0].number = 0 }, ["definition.weeks[0].number"])
        EventChecks.invalid(Self.created { $0.weeks[0].number = -3 }, ["definition.weeks[0].number"])
        EventChecks.invalid(Self.created { $0.weeks[1].number = 53 }, ["definition.weeks[1].number"])
        EventChecks.invalid(Self.created { $0.weeks[3].number = 5 }, ["definition.weeks[3].number"])
        EventChecks.invalid(Self.created { $0.durationWeeks = 3 }, ["definition.weeks[3].number"])
        EventChecks.invalid(Self.created { $0.weeks[2].number = 1 }, ["definition.weeks[2].number"])
        EventChecks.invalid(Self.created { $0.weeks = $0.weeks.map { week in var week = week; week.number = 2; return week } },
                            ["definition.weeks[1].number", "definition.weeks[2].number", "definition.weeks[3].number"])
    }

    @Test("Days of the week are 1 to 7, each once a week")
    func daysOfWeek() {
        for bad in [0, 8, -1, Int.min] {
            EventChecks.invalid(Self.created { $0.weeks[0].days[1].dayOfWeek = bad }, ["definition.weeks[0].days[1].dayOfWeek"])
        }
        EventChecks.invalid(Self.created { $0.weeks[2].days[2].dayOfWeek = 1 }, ["definition.weeks[2].days[2].dayOfWeek"])
        EventChecks.invalid(Self.created { $0.weeks[0].days = Self.days(Array(1...7) + [3]) },
                            ["definition.weeks[0].days", "definition.weeks[0].days[7].dayOfWeek"])
    }

    static let badModifiers: [Double] = [0, -0.0, -1, 2.000_000_1, 2.5, .greatestFiniteMagnitude, .nan, .infinity, -.infinity]
    static let goodModifiers: [Double] = [2, 1, 0.001, .leastNonzeroMagnitude]

    @Test("Intensity and volume modifiers and overrides are above 0 and at most 2", arguments: badModifiers)
    func badModifier(value: Double) {
        EventChecks.invalid(Self.created { $0.weeks[1].intensityModifier = value }, ["definition.weeks[1].intensityModifier"])
        EventChecks.invalid(Self.created { $0.weeks[1].volumeModifier = value }, ["definition.weeks[1].volumeModifier"])
        EventChecks.invalid(Self.created { $0.weeks[3].days[0].intensityOverride = value },
                            ["definition.weeks[3].days[0].intensityOverride"])
        EventChecks.invalid(Self.created { $0.weeks[3].days[0].volumeOverride = value }, ["definition.weeks[3].days[0].volumeOverride"])
    }

    @Test("Modifiers and overrides at the edges pass", arguments: goodModifiers)
    func goodModifier(value: Double) {
        EventChecks.valid(Self.created {
            $0.weeks[1].intensityModifier = value
            $0.weeks[1].volumeModifier = value
            $0.weeks[3].days[0].intensityOverride = value
            $0.weeks[3].days[0].volumeOverride = value
        })
    }

    @Test("A suggested RPE is 1 to 10", arguments: [0, 0.99, 10.01, 11, -5, Double.nan, .infinity, -.infinity])
    func badRPE(value: Double) {
        EventChecks.invalid(Self.created { $0.weeks[0].days[2].suggestedRPE = value }, ["definition.weeks[0].days[2].suggestedRPE"])
    }

    @Test("RPE 1, 7.5 and 10 pass")
    func goodRPE() {
        for value in [1, 7.5, 10] { EventChecks.valid(Self.created { $0.weeks[0].days[2].suggestedRPE = value }) }
    }

    @Test("A copy needs an id of its own")
    func duplicateID() {
        EventChecks.invalid(ProgramDuplicated(newProgramID: Self.programID, sourceProgramID: Self.programID,
                                              definition: Self.definition), ["newProgramID"])
    }

    @Test("Non-finite numbers cannot be stored at all")
    func nonFiniteEncoding() {
        for value in [Double.nan, .infinity, -.infinity] {
            let event = Self.created { $0.weeks[1].days[0].suggestedRPE = value }
            let error = #expect(throws: CodecError.self) { try BinaryEventEncoder.encode(event) }
            #expect(error?.code == .nonFiniteNumber)
            #expect(throws: EncodingError.self) { try JSONEncoder().encode(event) }
        }
    }

    @Test("Every event round-trips through the binary codec and JSON, with edge values")
    func roundTrips() throws {
        let bare = ProgramDefinition(name: "", category: .custom, difficulty: .beginner, durationWeeks: 0, progression: .custom,
                                     weeks: [ProgramWeek(number: 1, days: [ProgramDay(dayOfWeek: 1, name: "")])])
        let extreme = ProgramDefinition(
            name: "Programm für Fortgeschrittene – 上級 💪", description: EventChecks.text(70_000, "λ"), category: .powerlifting,
            difficulty: .advanced, durationWeeks: .max, progression: .wave, weeks: (1...52).map { number in
                ProgramWeek(number: number, name: "Woche \(number)", phase: "akkumulation", intensityModifier: .greatestFiniteMagnitude,
                            volumeModifier: -0.0, isDeload: number % 4 == 0, days: (1...7).map {
                                ProgramDay(dayOfWeek: $0, name: "Tag", templateID: Self.templateID, intensityOverride: .leastNonzeroMagnitude,
                                           volumeOverride: 1.0 / 3, suggestedRPE: -.greatestFiniteMagnitude)
                            })
            })
        try EventChecks.roundTrips(ProgramCreated(programID: Self.programID, definition: Self.definition, isPreset: true))
        try EventChecks.roundTrips(ProgramCreated(programID: Self.programID, definition: bare))
        try EventChecks.roundTrips(ProgramCreated(programID: Self.programID, definition: extreme))
        try EventChecks.roundTrips(ProgramUpdated(programID: Self.programID, definition: extreme))
        try EventChecks.roundTrips(ProgramDuplicated(newProgramID: Self.copyID, sourceProgramID: Self.programID, definition: bare))
        try EventChecks.roundTrips(ProgramDeleted(programID: Self.programID))
        for day in [CalendarDay(year: 1, month: 1, day: 1)!, CalendarDay(year: 9999, month: 12, day: 31)!, CalendarDay(daysSince1970: 0)] {
            try EventChecks.roundTrips(ProgramActivated(programID: Self.programID, startDate: day))
        }
        for micros: Int64 in [-62_135_596_800_000_000, 0, 1, 253_402_300_799_999_999] {
            try EventChecks.roundTrips(ProgramDeactivated(programID: Self.programID, deactivatedAt: Timestamp(microsecondsSince1970: micros)))
        }

        // The JSON forms of the calendar day and the instant.
        let activated = try EventChecks.jsonEncoder().encode(ProgramActivated(programID: Self.programID, startDate: CalendarDay("2026-11-23")!))
        #expect(String(decoding: activated, as: UTF8.self) == #"{"programID":"1C2B3A49-5867-8F12-A3B4-C5D6E7F80912","startDate":"2026-11-23"}"#)
        let deactivated = try EventChecks.jsonEncoder().encode(
            ProgramDeactivated(programID: Self.programID, deactivatedAt: Timestamp("2026-12-20T18:00:00.25Z")!))
        #expect(String(decoding: deactivated, as: UTF8.self)
            == #"{"deactivatedAt":"2026-12-20T18:00:00.25Z","programID":"1C2B3A49-5867-8F12-A3B4-C5D6E7F80912"}"#)
    }

    @Test("Truncated or damaged bytes of every event throw CodecError, never crash")
    func damage() throws {
        try EventChecks.refusesDamage(ProgramCreated(programID: Self.programID, definition: Self.definition, isPreset: true))
        try EventChecks.refusesDamage(ProgramUpdated(programID: Self.programID, definition: Self.definition))
        try EventChecks.refusesDamage(ProgramDuplicated(newProgramID: Self.copyID, sourceProgramID: Self.programID, definition: Self.definition))
        try EventChecks.refusesDamage(ProgramDeleted(programID: Self.programID))
        try EventChecks.refusesDamage(ProgramActivated(programID: Self.programID, startDate: CalendarDay("2026-11-23")!))
        try EventChecks.refusesDamage(ProgramDeactivated(programID: Self.programID, deactivatedAt: Timestamp("2026-12-20T18:00:00Z")!))
    }
}
