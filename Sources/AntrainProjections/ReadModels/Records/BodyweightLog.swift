import AntrainEvents

/// LegacyBodyweight entries in day order, for the weight a bodyweight set moved.
struct BodyweightLog: Codable, Sendable, Equatable {
    struct Entry: Codable, Sendable, Equatable {
        var day: Int
        var measuredAt: Int64
        var kilograms: Double
    }

    /// Sorted by measurement time; an entry measured at the same instant as another comes after it.
    private(set) var entries: [Entry] = []

    /// Adds an entry, keeping the order; the days whose bodyweight it now is.
    ///
    /// A day's bodyweight is the last entry of that day or before, so the new entry becomes
    /// that of its own day and the days after it up to the next later entry's day (an empty
    /// range when a later entry of its own day follows), and of no other day.
    @discardableResult
    mutating func add(_ weight: Mass, measuredAt: Timestamp) -> Range<Int> {
        let micros = measuredAt.microsecondsSince1970
        let entry = Entry(day: measuredAt.day.daysSince1970, measuredAt: micros, kilograms: weight.kilograms)
        // Entries usually arrive in time order: search from the end.
        var index = entries.endIndex
        while index > entries.startIndex, entries[index - 1].measuredAt > micros { index -= 1 }
        entries.insert(entry, at: index)
        // Later entries are measured later, so none is of an earlier day than this one.
        let next = index + 1 < entries.count ? entries[index + 1].day : .max
        return entry.day..<next
    }

    /// The bodyweight of `day`: its last entry, else the last entry before it; 0 when none is.
    func kilograms(on day: Int) -> Double {
        // Most sets are of a day on or after the latest weigh-in: no search.
        if let last = entries.last, last.day <= day { return last.kilograms }
        // Binary search for the first entry after `day`.
        var low = 0, high = entries.count
        while low < high {
            let mid = (low + high) / 2
            if entries[mid].day <= day { low = mid + 1 } else { high = mid }
        }
        return low == 0 ? 0 : entries[low - 1].kilograms
    }
}
