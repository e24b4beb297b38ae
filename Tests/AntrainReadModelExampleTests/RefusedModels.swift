import AntrainEvents
import AntrainProjections

// Read models a store must refuse, as an app could write them by mistake: they keep nothing
// and differ only in their names and keyspaces.

/// A model that handles no event and keeps nothing.
protocol KeepsNothing: KeyedReadModel {
    init()
}

extension KeepsNothing {
    static var version: Int { 1 }
    static var handledEvents: [any DomainEvent.Type] { [] }
    init(context: FoldContext) { self.init() }
    mutating func takeChanges(into changes: inout [StateChange], evictingColdBefore coldBefore: UInt32?) {}
    var residentBytes: Int { 0 }
}

/// Named as the standard bodyweight model.
struct NamedAsBodyweight: KeepsNothing {
    static let name = "bodyweight"
    static let keyspaces = [StateKeyspace(projection: name, name: "weeks")]
}

/// Named as an earlier build named what is now the training model (`rebuild` still takes it).
struct NamedAsWorkoutHistory: KeepsNothing {
    static let name = "workout-history"
    static let keyspaces = [StateKeyspace(projection: name, name: "weeks")]
}

/// Named as the state's own tables begin.
struct NamedAsTheState: KeepsNothing {
    static let name = "state"
    static let keyspaces = [StateKeyspace(projection: name, name: "meta")]
}

/// A name with capitals and spaces.
struct NamedInWords: KeepsNothing {
    static let name = "Weekly Weigh-Ins"
    static let keyspaces = [StateKeyspace(projection: name, name: "weeks")]
}

/// A name with underscores, which tables use to join names.
struct NamedWithUnderscores: KeepsNothing {
    static let name = "weekly_weigh_ins"
    static let keyspaces = [StateKeyspace(projection: name, name: "weeks")]
}

/// Keeps the example's keyspace as if it were its own.
struct BorrowsAKeyspace: KeepsNothing {
    static let name = "borrower"
    static let keyspaces = [WeeklyWeighIns.weeks]
}

/// Its table, `daily_nutrition_days`, is the standard nutrition model's.
struct SharesNutritionsTable: KeepsNothing {
    static let name = "daily"
    static let keyspaces = [StateKeyspace(projection: name, name: "nutrition-days")]
}

/// Its table, `weekly_weigh_ins_weeks`, is the example's.
struct SharesTheExamplesTable: KeepsNothing {
    static let name = "weekly"
    static let keyspaces = [StateKeyspace(projection: name, name: "weigh-ins-weeks")]
}

/// A column named as the table's own key column.
struct HasAKeyColumn: KeepsNothing {
    static let name = "keyed"
    static let keyspaces = [StateKeyspace(projection: name, name: "weeks", columns: [StateColumn("key", .blob)])]
}
