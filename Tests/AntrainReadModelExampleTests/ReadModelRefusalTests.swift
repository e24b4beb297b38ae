import AntrainEvents
import AntrainProjections
import Foundation
import Testing

/// A store refuses read models that would share or break another's state (``ReadModelError``),
/// before it creates anything: the standard models' names (current and earlier), names that
/// are not names, a name twice, a keyspace of another model, a table another model makes.
@Suite("Read models of an app's own: what a store refuses")
struct ReadModelRefusalTests {
    @Test("Names of the standard models, earlier ones included, and of the state's own tables are refused")
    func reservedNames() throws {
        try Self.expectRefused([NamedAsBodyweight.self], .reservedName("bodyweight"))
        try Self.expectRefused([NamedAsWorkoutHistory.self], .reservedName("workout-history"))
        try Self.expectRefused([NamedAsTheState.self], .reservedName("state"))
    }

    @Test("A name that is not lower-case words joined by dashes is refused")
    func invalidNames() throws {
        try Self.expectRefused([NamedInWords.self], .invalidName("Weekly Weigh-Ins"))
        try Self.expectRefused([NamedWithUnderscores.self], .invalidName("weekly_weigh_ins"))
    }

    @Test("Two models of one name are refused")
    func duplicateNames() throws {
        try Self.expectRefused([WeeklyWeighIns.self, WeeklyWeighIns.self], .duplicateName("weekly-weigh-ins"))
    }

    @Test("A keyspace of another model, a table another model makes and a column the table keeps are refused")
    func keyspaces() throws {
        let directory = TemporaryDirectory()
        #expect {
            try ProjectionStore(logDirectory: directory.path, readModels: [BorrowsAKeyspace.self])
        } throws: { error in
            guard case let .invalidKeyspace(model, keyspace, _)? = error as? ReadModelError else { return false }
            return model == "borrower" && keyspace == "weeks"
        }
        try Self.expectRefused([SharesNutritionsTable.self],
                               .sharedTable("daily_nutrition_days", keyspaces: ["daily/nutrition-days", "daily-nutrition/days"]))
        try Self.expectRefused([WeeklyWeighIns.self, SharesTheExamplesTable.self],
                               .sharedTable("weekly_weigh_ins_weeks", keyspaces: ["weekly-weigh-ins/weeks", "weekly/weigh-ins-weeks"]))
        #expect {
            try ProjectionStore(logDirectory: directory.path, readModels: [HasAKeyColumn.self])
        } throws: { error in
            guard case let .invalidKeyspace(model, _, reason)? = error as? ReadModelError else { return false }
            return model == "keyed" && reason.contains("\"key\"")
        }
        #expect(!FileManager.default.fileExists(atPath: directory.path + "/projections"), "nothing was created")
    }

    /// Expects a store of `models` to be refused with `error`, the error to say so in words,
    /// and nothing to be created in the log's directory.
    static func expectRefused(_ models: [any KeyedReadModel.Type], _ error: ReadModelError,
                              sourceLocation: SourceLocation = #_sourceLocation) throws {
        let directory = TemporaryDirectory()
        #expect(throws: error, sourceLocation: sourceLocation) {
            try ProjectionStore(logDirectory: directory.path, readModels: models)
        }
        #expect(!error.description.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: directory.path + "/projections"), "nothing was created",
                sourceLocation: sourceLocation)
    }
}
