import AntrainEvents

/// A read model or digest with a hand-written decoder of the bytes ``BinaryEventEncoder``
/// writes for it.
///
/// A state with tens of thousands of lines (one per workout, say) takes Codable's
/// machinery a closure and a container per field; the hand-written reader loads the same
/// bytes in a tenth of the time. It must read exactly what the synthesized `init(from:)`
/// reads, in declaration order; `DigestTests` checks both on generated logs. When it
/// refuses the bytes, the Codable decoder runs on them again, so damage is still reported
/// the same way.
protocol FastCheckpointDecodable {
    /// Reads the value's fields from `cursor`, in declaration order.
    init(binary cursor: inout BinaryCursor) throws(BinaryCursor.Failure)
}

extension FastCheckpointDecodable {
    /// The value of exactly `bytes` through the hand-written decoder; nil when it refuses them.
    static func fastDecode(_ bytes: [UInt8]) -> Self? {
        try? bytes.withUnsafeBytes { raw throws(BinaryCursor.Failure) -> Self in
            var cursor = BinaryCursor(raw)
            let value = try Self(binary: &cursor)
            try cursor.finish()
            return value
        }
    }
}
