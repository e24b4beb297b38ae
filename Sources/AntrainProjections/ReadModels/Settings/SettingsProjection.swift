import AntrainEvents
import Foundation

/// Folds `SettingsChanged` into the settings in force and `ProfileUpdated` into the profile:
/// one key each, changed by each event.
struct SettingsProjection: KeyedReadModel {
    static let name = "settings"
    /// 2: keeps the profile too (`settings_profile`), which `profile` shows.
    static let version = 2
    /// One key, `units`; columns: the weight and distance units, as their raw names.
    static let current = StateKeyspace(projection: name, name: "current",
                                       columns: [StateColumn("weight_unit", .text), StateColumn("distance_unit", .text)])
    /// One key, `profile` (``UserProfile``); columns: its fields.
    static let profile = StateKeyspace(projection: name, name: "profile", columns: UserProfile.columns)
    static let keyspaces = [current, profile]
    static let handledEvents: [any DomainEvent.Type] = [
        SettingsChanged.self, ProfileUpdated.self
    ]
    static let unitsKey: NameKey = "units"
    static let profileKey: NameKey = "profile"

    private var current: KeyedTable<UnitSettings>
    private var profile: KeyedTable<UserProfile>

    init(context: FoldContext) {
        current = KeyedTable(Self.current, context: context)
        profile = KeyedTable(Self.profile, context: context)
    }

    mutating func visit(_ event: SettingsChanged, _ stored: EventMetadata) {
        current.set(Self.unitsKey, UnitSettings(weight: event.weightUnit, distance: event.distanceUnit))
    }

    /// The fields given replace the profile's; the goals are the nutrition model's.
    mutating func visit(_ event: ProfileUpdated, _ stored: EventMetadata) {
        let slot = profile.slot(of: Self.profileKey, orInsert: { UserProfile() })
        profile[slot].apply(event)
    }

    mutating func takeChanges(into changes: inout [StateChange], evictingColdBefore coldBefore: UInt32?) {
        current.takeChanges(into: &changes, evictingColdBefore: coldBefore)
        profile.takeChanges(into: &changes, evictingColdBefore: coldBefore)
    }

    var residentBytes: Int { current.residentBytes + profile.residentBytes }
}

/// The units the user chose: plain numbers are read in them, and tables show them.
public struct UnitSettings: KeyedValue, Equatable {
    /// What its keyspace keeps it under (public, as every witness of a public type's
    /// ``KeyedValue`` conformance is).
    public typealias Key = NameKey

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

    /// Writes its stored form (``KeyedValue``).
    public func encode(into writer: inout StateValueWriter) {
        writer.code(weight)
        writer.code(distance)
    }

    /// Reads the stored form ``encode(into:)`` writes.
    public init(from cursor: inout BinaryCursor) throws(BinaryCursor.Failure) {
        weight = try cursor.code(MassUnit.self)
        distance = try cursor.code(DistanceUnit.self)
    }

    /// Its keyspace's typed columns.
    public var columns: [StateColumnValue] { [.text(weight.rawValue), .text(distance.rawValue)] }
}

/// The settings in force, read from the store.
///
/// ```swift
/// let units = try Settings(report.store).units()    // kg and km until the user chose
/// ```
public struct Settings: Sendable {
    /// The models its answers come from.
    package static let models: [any KeyedReadModel.Type] = [SettingsProjection.self]
    let store: any KeyedStateStore

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
