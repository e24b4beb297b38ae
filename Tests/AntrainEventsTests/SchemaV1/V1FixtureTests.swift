import AntrainEvents
import AntrainLog
import AntrainTestSupport
import Foundation
import SystemPackage
import Testing

/// The log in `fixtures/schema-v1/`, written when every event type was at schema version 1,
/// must verify, replay and give the answers it gave then, with every later build.
@Suite("The schema version 1 fixture")
struct V1FixtureTests {
    static let fixture = packageRoot().appendingPathComponent("fixtures/schema-v1")

    /// A copy of the fixture log (so that nothing a test does can touch the committed files).
    static func copy() throws -> TemporaryDirectory {
        let directory = TemporaryDirectory("v1")
        let source = fixture.appendingPathComponent("log").path
        for name in try FileManager.default.contentsOfDirectory(atPath: source) {
            try FileManager.default.copyItem(atPath: source + "/" + name, toPath: directory.file(name))
        }
        return directory
    }

    static func committedAnswers() throws -> HistoryAnswers {
        try JSONDecoder().decode(HistoryAnswers.self, from: Data(contentsOf: fixture.appendingPathComponent("answers.json")))
    }

    @Test("It verifies, with the chain head it was written with")
    func verifies() async throws {
        let directory = try Self.copy()
        let log = try await EventLog.openReadOnly(at: directory.filePath)
        let report = try await log.verify()
        #expect(report.ok)
        #expect(report.chainHead == (try Self.committedAnswers()).chainHead)
        try await log.close()
    }

    @Test("It replays every record and gives the same answers as when it was written")
    func sameAnswers() async throws {
        let directory = try Self.copy()
        let log = try await EventLog.openReadOnly(at: directory.filePath)
        var events: [StoredEvent] = []
        let summary = try await log.replay { events.append($0) }
        #expect(summary.skipped == 0)
        let answers = HistoryAnswers(events: events, chainHead: try await log.end().chainHead.hex)
        #expect(answers == (try Self.committedAnswers()))
        try await log.close()
    }

    @Test("It holds every event type its history writes, each known to the catalog and stored at schema version 1")
    func everyType() async throws {
        let directory = try Self.copy()
        let log = try await EventLog.openReadOnly(at: directory.filePath)
        var stored: [String: Set<UInt16>] = [:]
        for try await record in log.records() { stored[record.eventType, default: []].insert(record.schemaVersion) }
        // The types of the catalogue when the fixture was written (an event type added since
        // has no version 1 shape to freeze, and needs no change here).
        #expect(Set(stored.keys) == Set(V1History.appends.flatMap { $0.events.map(\.type) }))
        #expect(Set(stored.keys).isSubset(of: Set(EventCatalog.standard.eventTypes)))
        #expect(stored.values.allSatisfy { $0 == [1] })
        try await log.close()
    }

    @Test("The frozen version 1 shapes write the committed log again, byte for byte")
    func frozenShapesAreExact() async throws {
        let directory = TemporaryDirectory("v1-again")
        try await V1History.write(to: directory.path)
        let committed = Self.fixture.appendingPathComponent("log").path
        let names = try FileManager.default.contentsOfDirectory(atPath: committed).sorted()
        // The writer's state (writer-state.sqlite) is a cache beside the log, not the log.
        #expect(directory.contents().filter { !$0.hasPrefix("writer-state.sqlite") }.sorted() == names)
        for name in names {
            #expect(FileManager.default.contents(atPath: directory.file(name)) == FileManager.default.contents(atPath: committed + "/" + name),
                    "\(name) differs")
        }
    }

    @Test("Records stored at version 1 read as the current shapes, upcast")
    func upcasts() async throws {
        let directory = try Self.copy()
        let log = try await EventLog.openReadOnly(at: directory.filePath)
        var sets: [SetLogged] = []
        var bodyweights: [BodyweightRecorded] = []
        var meals: [FoodLogged] = []
        var starts: [WorkoutStarted] = []
        var quickLogZones: [String] = []
        try await log.replay { stored in
            switch stored.event {
            case let event as SetLogged: sets.append(event)
            case let event as BodyweightRecorded: bodyweights.append(event)
            case let event as FoodLogged: meals.append(event)
            case let event as WorkoutStarted: starts.append(event)
            case let event as CardioLogged: quickLogZones.append(event.timeZone)
            case let event as MetconLogged: quickLogZones.append(event.timeZone)
            default: break
            }
            #expect(stored.storedSchemaVersion == 1)
        }
        #expect(sets.first?.performance.weight == .kilograms(60))
        #expect(sets.allSatisfy { $0.performance.weight?.unit == .kilograms })
        #expect(bodyweights.first?.weight == .kilograms(82.4))
        #expect(meals.first?.amountGrams == 80)
        #expect(!starts.isEmpty && starts.allSatisfy { $0.timeZone == "UTC" })
        // Two cardio sessions and a metcon, filed under their UTC days as they were written.
        #expect(quickLogZones == ["UTC", "UTC", "UTC"])
        try await log.close()
    }

    @Test("The catalog has a path from every stored version to the current one")
    func catalogIsSound() {
        #expect(EventCatalog.standard.problems.isEmpty)
    }
}
