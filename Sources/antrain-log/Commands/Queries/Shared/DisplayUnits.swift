import AntrainEvents
import AntrainProjections

/// The weight unit the settings chose, so that tables show kilograms or pounds as the user
/// asked; JSON and CSV stay in kilograms, whatever the settings.
///
/// A read model of its own (checkpointed beside the others) because no standard model makes
/// the settings public, and reading the whole log for one event would waste the checkpoints.
struct LegacyDisplayUnits: ReadModel, Equatable {
    static let name = "display-units"
    static let version = 1

    /// The latest `SettingsChanged` weight unit; kilograms until the user chose one.
    var weightUnit: MassUnit = .kilograms

    init() {}

    mutating func visit(_ event: SettingsChanged, _ stored: EventMetadata) { weightUnit = event.weightUnit }
}
