/// The first damage this process has seen in a writable log, shared by its readers and its
/// writer: a read that runs into damage latches it, and the very next append is refused,
/// without waiting for a `verify`. Also written to `damage.json`, so that other processes
/// and later writers refuse appends too, until `repair`.
final class DamageLatch: Sendable {
    private let damage = Locked<Damage?>(nil)
    let directory: LogDirectory

    init(directory: LogDirectory) { self.directory = directory }

    /// The latched damage, if any.
    var current: Damage? { damage.withLock { $0 } }

    /// Latches `found` unless damage is latched already; records the marker the first time.
    func record(_ found: Damage) {
        let isFirst = damage.withLock { latched in
            guard latched == nil else { return false }
            latched = found
            return true
        }
        if isFirst { try? DamageMarker.write(found, directory) }
    }

    /// Forgets the damage, after `repair`.
    func clear() { damage.withLock { $0 = nil } }
}
