import AntrainEvents

extension LegacyBodyweight: FastCheckpointDecodable {
    /// Every query of the model reads all of it (a trend is every entry), so its checkpoint
    /// is its own answer; tens of thousands of weigh-ins took Codable 40 ms to restore.
    init(binary cursor: inout BinaryCursor) throws(BinaryCursor.Failure) {
        let count = try cursor.varint()
        var entries: [BodyweightEntry] = []
        entries.reserveCapacity(Int(min(count, 1 << 20)))
        for _ in 0..<count {
            entries.append(BodyweightEntry(entryID: try cursor.uuid(), weight: try cursor.mass(),
                                           recordedAt: try cursor.timestamp(), notes: try cursor.optionalString()))
        }
        self.init()
        self.entries = entries
    }
}
