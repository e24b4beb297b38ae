import Foundation

/// One entry of ``ExerciseStats`` with the sets it still has, for checks done set by set.
struct EntrySets: Sendable, Equatable {
    var workoutID: UUID
    /// Taken out of the workout: its sets no longer count.
    var isRemoved: Bool
    /// Its remaining sets, in logging order.
    var sets: [SetContribution]
}

extension ExerciseStats {
    /// Every entry with its remaining sets, walked from the set chains: what tests sum set by
    /// set to check the running totals the queries read. Not for queries: it visits every set.
    var entries: UUIDMap<EntrySets> {
        var result = UUIDMap<EntrySets>()
        for (number, tally) in entryTallies.enumerated() {
            var remaining: [SetContribution] = []
            var set = Int(tally.firstSet)
            while set >= 0 {
                if !sets[set].isRemoved { remaining.append(sets[set].contribution) }
                set = Int(sets[set].next)
            }
            result.updateValue(EntrySets(workoutID: tally.workoutID, isRemoved: tally.isRemoved, sets: remaining),
                               forKey: entryIDs[number])
        }
        return result
    }
}
