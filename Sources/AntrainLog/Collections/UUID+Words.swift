import Foundation

extension UUID {
    /// The id's 128 bits as two 64-bit words, in memory order.
    ///
    /// ```swift
    /// if a.words == b.words { … }      // two compares instead of sixteen
    /// let mixed = a.words.0 &* 0x9E37_79B9_7F4A_7C15
    /// ```
    ///
    /// The read models and the writer compare and hash millions of ids; `UUID`'s own `==` compares its
    /// sixteen bytes one by one, and its `hash(into:)` goes through `Hasher`.
    @inline(__always)
    package var words: (UInt64, UInt64) {
        withUnsafeBytes(of: uuid) { ($0.loadUnaligned(as: UInt64.self), $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self)) }
    }
}
