/// The groups that name a region rather than a muscle: seed 001 files exercises under `core`
/// and seed 002 under `legs`, while the preset library names the muscles themselves (a
/// plank trains `abs` and `obliques`). Asking for the region finds both.
extension MuscleGroup {
    /// The groups this one takes in: the region and its muscles for `core` and `legs`, the
    /// group alone for every other.
    public var coveredGroups: Set<MuscleGroup> {
        switch self {
        case .core: [.core, .abs, .obliques, .lowerBack]
        case .legs: [.legs, .quads, .hamstrings, .glutes, .calves, .adductors, .abductors]
        default: [self]
        }
    }

    /// Whether an exercise filed under `groups` trains this group (or, for a region, one of its muscles).
    public func isTrained(byAnyOf groups: [MuscleGroup]) -> Bool {
        let covered = coveredGroups
        return groups.contains { covered.contains($0) }
    }
}
