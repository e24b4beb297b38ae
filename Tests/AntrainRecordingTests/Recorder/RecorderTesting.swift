import AntrainEvents
@testable import AntrainProjections
@testable import AntrainRecording
import AntrainTestSupport
import Foundation
import Testing

/// A keyed ``Recorder`` on a real scratch log, with the checks every command test needs.
struct RecorderBench {
    let scratch: ScratchLog
    let recorder: Recorder

    init() async throws {
        scratch = try await ScratchLog("recorder")
        recorder = try Recorder(log: scratch.log)
    }

    /// The log's next offset: the number of events in it.
    func end() async throws -> UInt64 { try await scratch.log.end().nextOffset }

    /// The facts, caught up.
    func facts() async throws -> RecorderFacts { try await recorder.facts() }

    /// Runs a command that must pass, and returns how many events it appended.
    @discardableResult
    func run(_ command: Command, sourceLocation: SourceLocation = #_sourceLocation) async throws -> Int {
        let before = try await end()
        let result = try await recorder.execute(command)
        let after = try await end()
        #expect(after - before == UInt64(result.offsets.count), sourceLocation: sourceLocation)
        return result.offsets.count
    }

    /// Runs a command that must be refused with `code`, a message containing each of
    /// `mentions`, and nothing appended.
    func refuse(_ command: Command, _ code: CommandError.Code, mentions: [String],
                sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let before = try await end()
        do {
            try await recorder.execute(command)
            Issue.record("the command passed; expected \(code)", sourceLocation: sourceLocation)
        } catch let error as CommandError {
            #expect(error.code == code, "\(error)", sourceLocation: sourceLocation)
            for mention in mentions {
                #expect(error.message.contains(mention), "\"\(mention)\" is not in: \(error.message)", sourceLocation: sourceLocation)
            }
        }
        #expect(try await end() == before, "a refused command appended events", sourceLocation: sourceLocation)
    }

    /// Every event of the log, in order.
    func events() async throws -> [any DomainEvent] {
        var events: [any DomainEvent] = []
        try await scratch.log.replay { events.append($0.event) }
        return events
    }

    static func exercise(_ name: String) -> ExerciseDefinition {
        ExerciseDefinition(name: name, category: .barbell, equipment: .barbell, muscleGroups: [.chest])
    }

    static func program(_ name: String, template: UUID) -> ProgramDefinition {
        ProgramDefinition(name: name, category: .strengthTraining, difficulty: .beginner, durationWeeks: 1, progression: .linear,
                          weeks: [ProgramWeek(number: 1, days: [ProgramDay(dayOfWeek: 1, name: "Day", templateID: template)])])
    }

    static func items(_ exerciseID: UUID) -> [TemplateItem] {
        [.exercise(position: 1, exerciseID: exerciseID, target: .repetitions(sets: 3, repsPerSet: 5, restSeconds: 120))]
    }

    static let skyr = FoodDefinition(name: "Skyr", per100g: Nutrients(caloriesKcal: 63, proteinG: 11, carbsG: 4, fatsG: 0.2),
                                     category: .dairy)
}
