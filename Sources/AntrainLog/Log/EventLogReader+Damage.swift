/// Damage a reader that reads little should still tell of.
extension EventLogReader {
    /// Damage known in the log, or found in the block that ends at `end`: a command whose
    /// answer came from state that reflects the log up to `end` reads no block itself, so
    /// this is how it learns that the log it answers for is damaged. Looks at the marker a
    /// `verify`, a read or an append left (`damage.json`, one system call when there is none),
    /// then reads the block ending at `end` whole (its header, frame and checksums: the block
    /// a catch-up stopped at, usually the last). Nil when neither shows damage.
    public func damageNotice(endingAt end: UInt64) -> Damage? {
        latch?.current ?? DamageMarker.read(directory) ?? damageReading(endingAt: end)
    }
}
