extension UnsafeBufferPointer {
    /// The element at `index`, lent in place rather than copied (an `unsafeAddress`
    /// accessor), with its bounds checked in every build: a call taking it as an argument
    /// borrows it, with no retain of what it holds.
    @inlinable
    subscript(lent index: Int) -> Element {
        unsafeAddress {
            precondition(index >= 0 && index < count, "index \(index) out of 0..<\(count)")
            return baseAddress.unsafelyUnwrapped + index
        }
    }
}
