import AntrainEvents
import Foundation

// The checkpoint holds the four maps; the memos of the last workout and occurrence looked
// up only make lookups faster, so they are not encoded (and ``RecentKey``s always compare
// equal, so the synthesized `==` compares the maps alone).
extension LegacyTrainingSummary {
    private enum CodingKeys: String, CodingKey {
        case workouts, entries, sets, muscleGroups
    }

    /// Decodes the maps, checking that every set names a workout and an occurrence held.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        workouts = try container.decode(UUIDMap<WorkoutRecord>.self, forKey: .workouts)
        entries = try container.decode(KeyedLog<EntryRecord>.self, forKey: .entries)
        sets = try container.decode(KeyedLog<SetRecord>.self, forKey: .sets)
        muscleGroups = try container.decode(UUIDMap<[MuscleGroup]>.self, forKey: .muscleGroups)
        for set in sets.records where !workouts.values.indices.contains(Int(set.workout))
            || !entries.records.indices.contains(Int(set.entry)) {
            throw DecodingError.dataCorruptedError(forKey: .sets, in: container,
                                                   debugDescription: "a set names workout \(set.workout) or occurrence \(set.entry), beyond the maps")
        }
    }

    /// Encodes the four maps.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(workouts, forKey: .workouts)
        try container.encode(entries, forKey: .entries)
        try container.encode(sets, forKey: .sets)
        try container.encode(muscleGroups, forKey: .muscleGroups)
    }
}
