// What both benchmark suites use: a seedable generator and a box for state shared by a
// benchmark's setup and iterations.
import Foundation

/// A small, fast, seedable generator (SplitMix64), so every run writes the same records.
public struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    /// A generator starting from `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A random version-4 UUID, as `UUID()` makes them (and as incompressible).
    public mutating func uuid() -> UUID {
        let a = next(), b = next()
        var bytes = (UInt8(truncatingIfNeeded: a), UInt8(truncatingIfNeeded: a >> 8), UInt8(truncatingIfNeeded: a >> 16),
                     UInt8(truncatingIfNeeded: a >> 24), UInt8(truncatingIfNeeded: a >> 32), UInt8(truncatingIfNeeded: a >> 40),
                     UInt8(truncatingIfNeeded: a >> 48), UInt8(truncatingIfNeeded: a >> 56), UInt8(truncatingIfNeeded: b),
                     UInt8(truncatingIfNeeded: b >> 8), UInt8(truncatingIfNeeded: b >> 16), UInt8(truncatingIfNeeded: b >> 24),
                     UInt8(truncatingIfNeeded: b >> 32), UInt8(truncatingIfNeeded: b >> 40), UInt8(truncatingIfNeeded: b >> 48),
                     UInt8(truncatingIfNeeded: b >> 56))
        bytes.6 = (bytes.6 & 0x0F) | 0x40
        bytes.8 = (bytes.8 & 0x3F) | 0x80
        return UUID(uuid: bytes)
    }

    /// A number in `range`.
    public mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }
    /// One of `values`.
    public mutating func pick<T>(_ values: [T]) -> T { values[Int(next() % UInt64(values.count))] }
}

/// Mutable state shared by a benchmark's setup, iterations and teardown (one process runs one
/// benchmark, and its iterations run one after another).
public final class Box<Value>: @unchecked Sendable {
    /// The state.
    public var value: Value
    /// A box holding `value`.
    public init(_ value: Value) { self.value = value }
}

