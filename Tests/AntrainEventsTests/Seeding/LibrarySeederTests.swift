import AntrainEvents
import AntrainLog
import AntrainTestSupport
import Foundation
import Testing

@Suite("Library seeding")
struct LibrarySeederTests {
    static let library = packageRoot().appendingPathComponent("fixtures/library")

    func types(_ log: EventLog) async throws -> [String: Int] {
        var counts: [String: Int] = [:]
        try await log.replay { counts[$0.event.eventType, default: 0] += 1 }
        return counts
    }

    @Test("Presets become ordinary events on a new log, once")
    func once() async throws {
        let presets = try LibraryPresets.load(from: Self.library)
        #expect(presets.events.count == 145, "5 categories, 67 exercises, 11 templates, 4 programs, 58 foods")
        let directory = TemporaryDirectory()
        let log = try await EventLog.open(at: directory.filePath)
        let first = try await LibrarySeeder(log: log).seed(presets)
        #expect(first == LibrarySeeder.Report(seeded: presets.events.count, alreadyPresent: 0))
        let second = try await LibrarySeeder(log: log).seed(presets)
        #expect(second == LibrarySeeder.Report(seeded: 0, alreadyPresent: presets.events.count))
        let counts = try await types(log)
        #expect(counts["ExerciseCreated"] == presets.events.count { $0 is ExerciseCreated })
        #expect(counts.values.reduce(0, +) == presets.events.count)
        try await log.close()
    }

    @Test("Presets are appended in the library's order, so every seeded log lists them alike")
    func inTheLibrarysOrder() async throws {
        let presets = try LibraryPresets.load(from: Self.library)
        for _ in 0..<2 {
            let directory = TemporaryDirectory()
            let log = try await EventLog.open(at: directory.filePath)
            try await LibrarySeeder(log: log).seed(presets)
            var streams: [String] = []
            try await log.replay { streams.append($0.event.streamID) }
            #expect(streams == presets.events.map(\.streamID))
            try await log.close()
        }
    }

    @Test("A preset the user deleted is never created again, even after reopening")
    func deletedStaysDeleted() async throws {
        let presets = try LibraryPresets.load(from: Self.library)
        let directory = TemporaryDirectory()
        var log = try await EventLog.open(at: directory.filePath)
        try await LibrarySeeder(log: log).seed(presets)
        let squat = try #require(presets.events.compactMap { $0 as? ExerciseCreated }.first { $0.definition.name == "Barbell Back Squat" })
        try await log.append(ExerciseDeleted(exerciseID: squat.exerciseID))
        try await log.close()
        log = try await reopenForWriting(directory.path)
        let again = try await LibrarySeeder(log: log).seed(presets)
        #expect(again.seeded == 0)
        var squatEvents: [String] = []
        try await log.replay(ReadFilter(streamID: squat.streamID)) { squatEvents.append($0.event.eventType) }
        #expect(squatEvents == ["ExerciseCreated", "ExerciseDeleted"])
        try await log.close()
    }

    @Test("A preset file with a bad entry is refused, naming the file and the entry")
    func badFile() throws {
        let directory = TemporaryDirectory()
        for name in try FileManager.default.contentsOfDirectory(atPath: Self.library.path) {
            try FileManager.default.copyItem(atPath: Self.library.path + "/" + name, toPath: directory.file(name))
        }
        var categories = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: directory.file("categories.json")))) as! [[String: Any]]
        categories[1]["name"] = "   "
        try JSONSerialization.data(withJSONObject: categories).write(to: URL(fileURLWithPath: directory.file("categories.json")))
        let error = #expect(throws: PresetError.self) { try LibraryPresets.load(from: URL(fileURLWithPath: directory.path)) }
        #expect(error?.entry == 1)
        #expect(error?.file.hasSuffix("categories.json") == true)
        #expect(error?.reason.contains("name") == true)
        try FileManager.default.removeItem(atPath: directory.file("foods.json"))
        #expect(throws: PresetError.self) { try LibraryPresets.load(from: URL(fileURLWithPath: directory.path)) }
    }
}
