import AntrainEvents
import Foundation
import OrderedCollections

extension LegacyDailyNutrition {
    /// One diary entry as the model keeps it: what a correction can change, and the number
    /// of the food snapshot it was logged with (in ``LegacyDailyNutrition/snapshots``).
    struct LoggedEntry: Sendable, Codable, Equatable {
        // Declared widest first, so that an entry takes 32 bytes, not 40.
        /// The amount eaten, in grams.
        var amountGrams: Double
        /// Its food snapshot's index in ``LegacyDailyNutrition/snapshots``.
        var snapshot: Int32
        /// The meal it belongs to.
        var meal: Meal
        /// The entry's id, which corrections and removals name.
        var entryID: UUID
    }

    /// A food as some `FoodLogged` described it: the part of an entry that its food, not
    /// the entry, decides.
    struct FoodSnapshot: Sendable, Codable, Equatable {
        /// The food of the library.
        var foodID: UUID
        /// Its name when logged.
        var foodName: String
        /// Its nutrients per 100 g when logged.
        var per100g: Nutrients

        /// Whether `event` carries exactly this name and these nutrients, bit for bit (so
        /// that even -0 and 0 stay apart, as they did when each entry kept its own copy).
        func matches(_ event: FoodLogged) -> Bool {
            let other = event.per100g
            return per100g.caloriesKcal.bitPattern == other.caloriesKcal.bitPattern
                && per100g.proteinG.bitPattern == other.proteinG.bitPattern
                && per100g.carbsG.bitPattern == other.carbsG.bitPattern
                && per100g.fatsG.bitPattern == other.fatsG.bitPattern
                && foodName == event.foodName
        }
    }

    /// The entry as queries show it, with its snapshot's food, name and nutrients.
    func diaryEntry(_ entry: LoggedEntry) -> DiaryEntry {
        let snapshot = snapshots[Int(entry.snapshot)]
        return DiaryEntry(entryID: entry.entryID, meal: entry.meal, foodID: snapshot.foodID, foodName: snapshot.foodName,
                          amountGrams: entry.amountGrams, per100g: snapshot.per100g)
    }
}

// The checkpoint holds the diary, the snapshots and the goals; the lookups beside them are
// rebuilt from those, so a model restored from a checkpoint goes on exactly as one that
// never stopped.
extension LegacyDailyNutrition {
    private enum CodingKeys: String, CodingKey {
        case diary, snapshots, goalChanges
    }

    /// Decodes the encoded state, then rebuilds each food's latest snapshot from it.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        diary = try container.decode(OrderedDictionary<CalendarDay, [LoggedEntry]>.self, forKey: .diary)
        snapshots = try container.decode([FoodSnapshot].self, forKey: .snapshots)
        goalChanges = try container.decode([GoalsChange].self, forKey: .goalChanges)
        for (number, snapshot) in snapshots.enumerated() {
            latestSnapshot[snapshot.foodID] = Int32(number)
        }
        for entry in diary.values.joined() where !snapshots.indices.contains(Int(entry.snapshot)) {
            throw DecodingError.dataCorrupted(.init(codingPath: [CodingKeys.diary],
                                                    debugDescription: "entry \(entry.entryID) names snapshot \(entry.snapshot) of \(snapshots.count)"))
        }
    }

    /// Encodes the diary, the snapshots and the goals: nothing that can be rebuilt.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(diary, forKey: .diary)
        try container.encode(snapshots, forKey: .snapshots)
        try container.encode(goalChanges, forKey: .goalChanges)
    }

    /// Equal when the encoded state is: the lookups follow from it.
    public static func == (lhs: LegacyDailyNutrition, rhs: LegacyDailyNutrition) -> Bool {
        lhs.diary == rhs.diary && lhs.snapshots == rhs.snapshots && lhs.goalChanges == rhs.goalChanges
    }
}
