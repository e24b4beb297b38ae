import AntrainEvents
import Foundation

// A tracked set encodes as the plain struct it was: entry id, set type, then reps, weight,
// completed and RPE, each optional one only when present, as synthesized Codable writes
// them; so checkpoints and digests keep their bytes.
extension LegacyProgramProgress.TrackedSet: Codable {
    private enum CodingKeys: String, CodingKey {
        case entryID, setType, reps, weight, completed, rpe
    }

    /// Reads the fields the plain struct wrote.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(entryID: try container.decode(UUID.self, forKey: .entryID),
                  setType: try container.decode(SetType.self, forKey: .setType),
                  reps: try container.decodeIfPresent(Int.self, forKey: .reps),
                  weight: try container.decodeIfPresent(Mass.self, forKey: .weight),
                  completed: try container.decode(Bool.self, forKey: .completed),
                  rpe: try container.decodeIfPresent(Double.self, forKey: .rpe))
    }

    /// Writes the fields in the plain struct's order.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(entryID, forKey: .entryID)
        try container.encode(setType, forKey: .setType)
        try container.encodeIfPresent(reps, forKey: .reps)
        try container.encodeIfPresent(weight, forKey: .weight)
        try container.encode(completed, forKey: .completed)
        try container.encodeIfPresent(rpe, forKey: .rpe)
    }
}
