import Foundation

/// The last UUID a replay looked up and the number it found for it: a one-entry memo in
/// front of a ``UUIDMap`` or ``UUIDIndex``.
///
/// ```swift
/// var recent = RecentKey()
/// let number = recent.number(of: workoutID) ?? {
///     let found = workouts.slot(for: workoutID, default: .referenced)
///     recent.remember(workoutID, as: found)
///     return found
/// }()
/// ```
///
/// A log names the same workout and the same exercise occurrence in runs (every set of an
/// occurrence is logged one after the other), so comparing two words usually saves hashing
/// into a table too large for the cache. It is never encoded: a model decoded from a
/// checkpoint starts with an empty memo, which changes only how fast it finds a number. A
/// map that renumbers its keys (a removal) must ``forget()``.
struct RecentKey: Sendable {
    private var words: (UInt64, UInt64) = (0, 0)
    private var number = -1

    /// Nothing remembered.
    init() {}

    /// The number remembered for `key`, if `key` is the one remembered.
    @inline(__always)
    func number(of key: UUID) -> Int? {
        number >= 0 && key.words == words ? number : nil
    }

    /// Remembers `key` as numbered `number`.
    @inline(__always)
    mutating func remember(_ key: UUID, as number: Int) {
        words = key.words
        self.number = number
    }

    /// Forgets the key remembered, after its map renumbered its keys.
    mutating func forget() { number = -1 }
}

extension RecentKey: Equatable {
    /// Always equal: a memo is not part of what a model is, so two models that differ only
    /// in what they last looked up are equal (and a model can keep synthesized `==`).
    static func == (lhs: RecentKey, rhs: RecentKey) -> Bool { true }
}
