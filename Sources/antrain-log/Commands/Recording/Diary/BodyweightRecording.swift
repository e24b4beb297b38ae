import AntrainEvents
import AntrainJSON
import Foundation

/// The recording half of `antrain-log bodyweight WEIGHT`: one weigh-in through the command rules.
enum BodyweightRecording {
    static func record(_ global: GlobalOptions, weight: String, at: String?, notes: String?) async throws {
        try await RecordingSession.run(global, "bodyweight") { session in
            let recordedAt = try LocalTime.instant(at)
            let mass = try Quantities.mass(weight, plainUnit: try await session.units().weight)
            let entryID = UUID()
            try await session.execute(.recordBodyweight(entryID: entryID, weight: mass, at: recordedAt, notes: notes,
                                                        timeZone: LocalTime.zoneIdentifier))
            return Recorded("recorded bodyweight \(mass) at \(TimeText.local(recordedAt.date))", [
                ("entryId", .id(entryID)), ("weight", .double(mass.value)), ("unit", .string(mass.unit.rawValue)),
            ])
        }
    }
}
