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

extension Checkpoint {
    /// The model or digest this file holds: through its hand-written decoder when it has one.
    func digest<Digest: Decodable>(as _: Digest.Type) throws -> Digest {
        if let fast = Digest.self as? any FastCheckpointDecodable.Type,
           let value = try? stateBytes.withUnsafeBytes({ bytes throws(BinaryCursor.Failure) in
               var cursor = BinaryCursor(bytes)
               let value = try fast.init(binary: &cursor)
               try cursor.finish()
               return value
           }) as? Digest {
            return value
        }
        return try state(as: Digest.self)
    }
}
