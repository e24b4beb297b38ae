/// A position in a book's sets where the latest day of the sets so far grows: the set there
/// is the first one of `day` or later, and every set before it is of an earlier day.
///
/// Sets arrive nearly in day order, so a book has about one mark per day trained, and a
/// weigh-in finds the sets of its day and later with a binary search instead of a map of
/// positions per day (which cost a lookup and an array per set).
struct DayMark: Sendable, Equatable {
    /// The day, as days since 1970.
    var day: Int
    /// The position of its first set.
    var position: Int
}

extension ExerciseRecordBook {
    /// The latest day with a set; `Int.min` without sets.
    var lastDay: Int { dayMarks.last?.day ?? .min }

    /// Notes the day of the set about to be at `position`.
    @inline(__always)
    mutating func markDay(_ day: Int, at position: Int) {
        if day > lastDay { dayMarks.append(DayMark(day: day, position: position)) }
    }

    /// The first position whose set may be of `day` or later: every set before it is earlier.
    func firstPosition(onOrAfter day: Int) -> Int {
        // The first mark of `day` or later; the marks' days ascend.
        var low = 0, high = dayMarks.count
        while low < high {
            let mid = (low + high) / 2
            if dayMarks[mid].day < day { low = mid + 1 } else { high = mid }
        }
        return low < dayMarks.count ? dayMarks[low].position : sets.count
    }

    /// Looks every set's bodyweight up again in `bodyweights` (0 for every set when the
    /// exercise is not a bodyweight one), after the library changed its kind.
    mutating func refreshBodyweights(_ bodyweights: BodyweightLog) {
        for position in sets.indices {
            sets[position].bodyweightKg = isBodyweight ? bodyweights.kilograms(on: sets[position].day) : 0
        }
    }

    /// Gives the sets of `days` the bodyweight `kilograms`, which a new weigh-in made theirs;
    /// the first position that changed, if any. Only for a bodyweight exercise: the others
    /// count no bodyweight.
    mutating func setBodyweight(_ kilograms: Double, on days: Range<Int>) -> Int? {
        var changed: Int?
        for position in firstPosition(onOrAfter: days.lowerBound)..<sets.count
        where sets[position].bodyweightKg != kilograms && days.contains(sets[position].day) {
            sets[position].bodyweightKg = kilograms
            changed = changed ?? position
        }
        return changed
    }
}
