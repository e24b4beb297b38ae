import AntrainEvents
import AntrainLog
import AntrainProjections
import Foundation
import SystemPackage
import Testing

/// The example of docs/PROJECTIONS.md, "Adding a read model", run on a real log: its answers
/// are the weeks worked out from the events appended (``ExpectedWeeks``), after a first
/// catch-up, after an incremental one and after a rebuild, which writes the same bytes.
@Suite("The read model of docs/PROJECTIONS.md, kept by a store")
struct WeeklyWeighInsTests {
    /// A range holding every weigh-in the tests append.
    static let year = (from: CalendarDay(year: 2026, month: 1, day: 1)!, through: CalendarDay(year: 2026, month: 12, day: 31)!)

    @Test("Its answers are the events' weeks after a catch-up, an incremental catch-up and a rebuild")
    func answersThroughCatchUpsAndRebuild() async throws {
        let directory = TemporaryDirectory()
        let path = directory.path
        let log = try await EventLog.open(at: FilePath(path), options: LogOptions(durability: .none))
        let first = WeighIns.series(0, count: 30)
        try await log.append(first.map { NewEvent($0) })
        let today = CalendarDay(year: 2026, month: 3, day: 4)!

        // The doc's usage, word for word:
        let store = try ProjectionStore(logDirectory: path, readModels: [WeeklyWeighIns.self])
        let report = try await store.catchUp(log)                  // folds what is new, and saves it
        let weeks = WeeklyWeights(report.store)
        let thisWeek = try weeks.week(containing: today)           // one row: the week holding today
        let lastFourWeeks = try weeks.weeks(from: today.adding(days: -21), through: today)

        #expect(Self.kinds(report) == ["weekly-weigh-ins": "rebuilt"], "the first catch-up builds it from the start")
        #expect(report.saved)
        #expect(thisWeek.map(Week.init) == ExpectedWeeks.week(containing: today, in: first))
        // By hand: weigh-ins 26 to 29 fall on 3 March in Tokyo, 4 March in Auckland and in UTC,
        // and 5 March in New York; the 25th, at 13:45 UTC on 1 March, is Sunday in New York.
        #expect(thisWeek?.weighIns == 4)
        #expect(lastFourWeeks.map(Week.init) == ExpectedWeeks.weeks(from: today.adding(days: -21), through: today, in: first))
        #expect(lastFourWeeks.count == 4)
        #expect(try weeks.weeks(from: Self.year.from, through: Self.year.through).map(Week.init) == ExpectedWeeks.all(first))
        #expect(try weeks.week(containing: CalendarDay(year: 2026, month: 1, day: 28)!) == nil, "a week without weigh-ins")

        // More weigh-ins: the next catch-up folds only those, into the weeks they touch.
        let second = WeighIns.edges + WeighIns.series(30, count: 12)
        try await log.append(second.map { NewEvent($0) })
        let caughtUp = try await store.catchUp(log)
        #expect(Self.kinds(caughtUp) == ["weekly-weigh-ins": "caught up"])
        let appended = first + second
        let afterCatchUp = WeeklyWeights(caughtUp.store)
        #expect(try afterCatchUp.weeks(from: Self.year.from, through: Self.year.through).map(Week.init) == ExpectedWeeks.all(appended))
        #expect(try afterCatchUp.week(containing: today).map(Week.init) == ExpectedWeeks.week(containing: today, in: appended))
        let caughtUpRows = try Self.rows(caughtUp.store)
        #expect(caughtUpRows.count == ExpectedWeeks.all(appended).count)

        // Another store of the same log (another process, say) finds it current.
        let other = try await ProjectionStore(logDirectory: path, readModels: [WeeklyWeighIns.self]).catchUp(log)
        #expect(Self.kinds(other) == ["weekly-weigh-ins": "current"])

        // The doc's rebuild, word for word:
        let rebuilt = try await store.rebuild(log, names: [WeeklyWeighIns.name])
        let fromScratch = WeeklyWeights(rebuilt.store)             // read from the store the rebuild reports

        #expect(Self.kinds(rebuilt) == ["weekly-weigh-ins": "rebuilt"])
        #expect(try fromScratch.weeks(from: Self.year.from, through: Self.year.through).map(Week.init) == ExpectedWeeks.all(appended))
        #expect(try Self.rows(rebuilt.store) == caughtUpRows, "a rebuild writes the bytes the catch-ups wrote")
    }

    @Test("It shares the state file with the standard models, which keep theirs and leave it its own")
    func besideTheStandardModels() async throws {
        let directory = TemporaryDirectory()
        let log = try await EventLog.open(at: FilePath(directory.path), options: LogOptions(durability: .none))
        let events = WeighIns.series(0, count: 20)
        try await log.append(events.map { NewEvent($0) })
        let store = try ProjectionStore(logDirectory: directory.path, readModels: [WeeklyWeighIns.self])
        let before = try Self.rows(try await store.catchUp(log).store)

        // antrain-log's models, rebuilt in the same file: the example's state stays as it was.
        let standard = try await ProjectionStore(standardModelsOf: directory.path).rebuild(log)
        #expect(try Bodyweight(standard.store, events: nil).entries(from: Self.year.from, through: Self.year.through).count == events.count)
        let after = try await store.catchUp(log)
        #expect(Self.kinds(after) == ["weekly-weigh-ins": "current"], "the standard rebuild left its state and position alone")
        #expect(try Self.rows(after.store) == before)
        #expect(try WeeklyWeights(after.store).weeks(from: Self.year.from, through: Self.year.through).map(Week.init)
            == ExpectedWeeks.all(events))
    }

    /// How each model of `report` started, in words.
    static func kinds(_ report: StateCatchUpReport) -> [String: String] {
        Dictionary(uniqueKeysWithValues: report.starts.map { start in
            switch start.kind {
            case .current: (start.name, "current")
            case .caughtUp: (start.name, "caught up")
            case .rebuilt: (start.name, "rebuilt")
            }
        })
    }

    /// Every row of the example's keyspace, as stored.
    static func rows(_ store: any KeyedStateStore) throws -> [StateEntry] {
        try store.read { try $0.entries(in: WeeklyWeighIns.weeks, from: nil, below: nil, descending: false, limit: nil) }
    }
}
