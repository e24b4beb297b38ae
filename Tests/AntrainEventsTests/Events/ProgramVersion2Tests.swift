@testable import AntrainEvents
@testable import AntrainLog
import Foundation
import Testing

/// Version 2 of the program events (issue 19): weeks and days keep their notes, the
/// categories are the app design's, and version 1 records read as version 2.
@Suite("Program events, version 2")
struct ProgramVersion2Tests {
    static let template = UUID.stable(["program-v2", "template"])

    @Test("A version 1 record reads as version 2: strength is strengthTraining, no notes, everything else kept")
    func upcast() throws {
        let old = ProgramCreatedV1(programID: UUID.stable(["program-v2", "p"]), definition: ProgramDefinitionV1(
            name: "Old", description: "Kept", category: .hypertrophy, difficulty: .advanced, durationWeeks: 2, progression: .wave,
            weeks: [ProgramWeekV1(number: 2, name: "Two", phase: "peak", intensityModifier: 1.1, volumeModifier: 0.9, isDeload: true,
                                  days: [ProgramDayV1(dayOfWeek: 3, name: "Wed", templateID: Self.template, intensityOverride: 0.8,
                                                      volumeOverride: 0.7, suggestedRPE: 8.5)])]), isPreset: true)
        let bytes = try BinaryEventEncoder.encode(old)
        let decoded = try bytes.withBytes { raw throws(CodecError) in
            try EventCatalog.standard.decode(eventType: "ProgramCreated", schemaVersion: 1, payload: raw)
        }
        guard case let .event(event) = decoded, let created = event as? ProgramCreated else {
            Issue.record("version 1 did not decode: \(decoded)")
            return
        }
        let expected = ProgramDefinition(name: "Old", description: "Kept", category: .bodybuilding, difficulty: .advanced, durationWeeks: 2,
                                         progression: .wave, weeks: [
                                             ProgramWeek(number: 2, name: "Two", phase: "peak", intensityModifier: 1.1, volumeModifier: 0.9,
                                                         isDeload: true, days: [
                                                             ProgramDay(dayOfWeek: 3, name: "Wed", templateID: Self.template, intensityOverride: 0.8,
                                                                        volumeOverride: 0.7, suggestedRPE: 8.5),
                                                         ]),
                                         ])
        #expect(created == ProgramCreated(programID: old.programID, definition: expected, isPreset: true))
        #expect(ProgramCreated.schemaVersion == 2 && ProgramUpdated.schemaVersion == 2 && ProgramDuplicated.schemaVersion == 2)
        let mapped = ProgramCategoryV1.allCases.map { ProgramCategory(upcasting: $0) }
        #expect(mapped == [.strengthTraining, .bodybuilding, .powerlifting, .endurance, .generalFitness, .custom])
    }

    @Test("Notes of weeks and days survive the binary and the JSON forms, and more than 500 characters are refused")
    func notes() throws {
        var definition = ProgramDefinition(name: "Noted", category: .crossfit, difficulty: .beginner, durationWeeks: 1, progression: .custom,
                                           weeks: [ProgramWeek(number: 1, notes: "Week note", days: [
                                               ProgramDay(dayOfWeek: 1, name: "Day", notes: "Day note\nsecond line", templateID: Self.template),
                                           ])])
        let event = ProgramCreated(programID: UUID.stable(["program-v2", "n"]), definition: definition)
        #expect(try BinaryEventDecoder.decode(ProgramCreated.self, from: try BinaryEventEncoder.encode(event)) == event)
        let json = try EventJSON.text(event)
        #expect(json.contains("\"notes\":\"Week note\"") && json.contains("\"notes\":\"Day note\\nsecond line\""), "\(json)")
        #expect(try JSONDecoder().decode(ProgramCreated.self, from: Data(json.utf8)) == event)
        definition.weeks[0].notes = String(repeating: "n", count: 501)
        definition.weeks[0].days[0].notes = String(repeating: "d", count: 501)
        EventChecks.invalid(ProgramCreated(programID: event.programID, definition: definition),
                            ["definition.weeks[0].notes", "definition.weeks[0].days[0].notes"])
    }

    @Test("The design's categories are the values; version 1's names and the design's display names are read as them")
    func categories() throws {
        #expect(ProgramCategory.allCases.map(\.rawValue)
            == ["powerlifting", "bodybuilding", "strengthTraining", "crossfit", "generalFitness", "sportSpecific", "endurance", "custom"])
        let read: [(String, ProgramCategory)] = [
            ("strength", .strengthTraining), ("hypertrophy", .bodybuilding), ("general", .generalFitness),
            ("Strength Training", .strengthTraining), ("CrossFit", .crossfit), ("Sport Specific", .sportSpecific),
            ("sportSpecific", .sportSpecific), ("endurance", .endurance),
        ]
        for (text, category) in read {
            #expect(try JSONDecoder().decode(ProgramCategory.self, from: Data("\"\(text)\"".utf8)) == category, "\(text)")
            // Written as the value, never as the alias.
            #expect(String(decoding: try JSONEncoder().encode(category), as: UTF8.self) == "\"\(category.rawValue)\"")
        }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(ProgramCategory.self, from: Data("\"yoga\"".utf8)) }
    }
}
