import AntrainEvents
import AntrainJSON
import AntrainProjections
import Foundation

/// What `settings` without options prints: the units in force, and whether they were chosen.
enum SettingsView {
    /// Reads the settings and prints them in `global`'s format.
    static func show(_ global: GlobalOptions) async throws {
        try await CommandRunner.run(global) { place in
            let store = try await StateAccess.store(Settings.models, place: place)
            answer(try Settings(store).chosenUnits()).print(global.format)
        }
    }

    /// The units chosen, or the defaults (kg and kilometres) when never chosen.
    static func answer(_ chosen: UnitSettings?) -> QueryAnswer {
        let units = chosen ?? .defaults
        var json = JSONObjectBuilder()
        json.add("weightUnit", .string(units.weight.rawValue))
        json.add("distanceUnit", .string(units.distance.rawValue))
        json.add("isDefault", .bool(chosen == nil))
        var block = KeyValueBlock()
        block.add("weights", units.weight.rawValue)
        block.add("distances", units.distance.rawValue)
        var text = block.lines
        if chosen == nil { text += ["", "(the defaults: never set; change them with antrain-log settings --weight-unit lb)"] }
        var csv = CSVText(["weightUnit", "distanceUnit", "isDefault"])
        csv.add([units.weight.rawValue, units.distance.rawValue, String(chosen == nil)])
        return QueryAnswer(json: json.value, text: text, csv: csv)
    }
}
