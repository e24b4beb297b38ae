/// An event type with a hand-written decoder of its current binary form.
///
/// The hot event types of a replay (sets, diary entries, workouts) conform, so that a
/// projection rebuild does not pay for the Codable machinery (existential containers, a
/// closure per field, a class instance per value) on every event. `init(binary:)` must read
/// the fields exactly as the synthesized or hand-written `init(from:)` reads them through
/// ``BinaryEventDecoder``, and refuse exactly the bytes it refuses; the tests of
/// `FastDecoderTests` check both on samples and on every truncation and many corruptions.
///
/// The catalog uses it for the current schema version only; older versions still go through
/// their frozen shapes and upcasters.
protocol FastBinaryDecodable: DomainEvent {
    /// Reads the value's fields from `cursor`, in declaration order.
    init(binary cursor: inout BinaryCursor) throws(BinaryCursor.Failure)
}

extension FastBinaryDecodable {
    /// Decodes exactly `bytes` through the hand-written decoder.
    static func fastDecode(_ bytes: UnsafeRawBufferPointer) throws(BinaryCursor.Failure) -> Self {
        var cursor = BinaryCursor(bytes)
        let value = try Self(binary: &cursor)
        try cursor.finish()
        return value
    }

    /// Decodes exactly `bytes`: through the hand-written decoder, and when that refuses them,
    /// through ``BinaryEventDecoder`` again, which says precisely what is wrong (code,
    /// message, offset, field) as it always has.
    static func decodeBinary(_ bytes: UnsafeRawBufferPointer) throws(CodecError) -> Self {
        do { return try fastDecode(bytes) } catch {
            return try BinaryEventDecoder.decode(Self.self, from: bytes)
        }
    }
}
