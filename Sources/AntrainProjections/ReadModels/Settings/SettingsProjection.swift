import AntrainEvents
import Foundation

/// Folds `SettingsChanged` into the settings in force: one key, replaced by each change.
struct SettingsProjection: KeyedReadModel {
    static let name = "settings"
    static let version = 1
    /// One key, `units`; columns: the weight and distance units, as their raw names.
    static let current = StateKeyspace(projection: name, name: "current",
                                       columns: [StateColumn("weight_unit", .text), StateColumn("distance_unit", .text)])
    static let keyspaces = [current]
    static let unitsKey: NameKey = "units"

    private var current: KeyedTable<UnitSettings>

    init(context: FoldContext) {
        current = KeyedTable(Self.current, context: context)
    }

    mutating func visit(_ event: SettingsChanged, _ stored: EventMetadata) {
        current.set(Self.unitsKey, UnitSettings(weight: event.weightUnit, distance: event.distanceUnit))
    }

    mutating func takeChanges(into changes: inout [StateChange], evictingColdBefore coldBefore: UInt32?) {
        current.takeChanges(into: &changes, evictingColdBefore: coldBefore)
    }

    var residentBytes: Int { current.residentBytes }
}

/// The units the user chose: plain numbers are read in them, and tables show them.
public struct UnitSettings: KeyedValue, Equatable {
    package typealias Key = NameKey

    /// The unit of weights.
    public var weight: MassUnit
    /// The unit of distances.
    public var distance: DistanceUnit

    /// Kilograms and kilometres: the units until the user chooses.
    public static let defaults = UnitSettings(weight: .kilograms, distance: .kilometres)

    /// Units from their parts.
    public init(weight: MassUnit, distance: DistanceUnit) {
        self.weight = weight
        self.distance = distance
    }

    package func encode(into writer: inout StateValueWriter) {
        writer.code(weight)
        writer.code(distance)
    }

    package init(from cursor: inout BinaryCursor) throws(BinaryCursor.Failure) {
        weight = try cursor.code(MassUnit.self)
        distance = try cursor.code(DistanceUnit.self)
    }

    package var columns: [StateColumnValue] { [.text(weight.rawValue), .text(distance.rawValue)] }
}

/// The settings in force, read from the store.
///
/// ```swift
/// let units = try Settings(report.store).units()    // kg and km until the user chose
/// ```
public struct Settings: Sendable {
    /// The models its answers come from.
    package static let models: [any KeyedReadModel.Type] = [SettingsProjection.self]
    private let store: any KeyedStateStore

    /// Answers from `store`, caught up with the log.
    public init(_ store: any KeyedStateStore) { self.store = store }

    /// The units of the latest `SettingsChanged`; nil when the user never chose.
    public func chosenUnits() throws -> UnitSettings? {
        try store.read { try Self.chosenUnits(in: $0) }
    }

    /// The units of the latest `SettingsChanged`, read in a transaction already open.
    static func chosenUnits(in state: any KeyedStateReading) throws -> UnitSettings? {
        let keyspace = SettingsProjection.current
        return try state.value(in: keyspace, key: SettingsProjection.unitsKey.keyBytes).map { try UnitSettings.decoded($0, in: keyspace) }
    }

    /// The units in force: the user's choice, else kilograms and kilometres.
    public func units() throws -> UnitSettings { try chosenUnits() ?? .defaults }
}
