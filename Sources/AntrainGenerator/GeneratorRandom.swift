import Foundation

/// The generator's own seeded random numbers (SplitMix64): the same seed gives the same
/// numbers on every platform and every Swift version, which `SystemRandomNumberGenerator`
/// and the standard library's `random(in:using:)` algorithms do not promise.
///
/// ```swift
/// var random = GeneratorRandom(seed: 42)
/// let id = random.uuid()
/// let reps = random.int(3...8)
/// ```
public struct GeneratorRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator starting from `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// A generator for one part of the output (an athlete, the library), independent of the
    /// others: adding an athlete does not change what the others do.
    public init(seed: UInt64, stream: UInt64) {
        var mixer = GeneratorRandom(seed: seed ^ (stream &* 0xD6E8_FEB8_6659_FD93))
        state = mixer.next()
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A version-4 UUID from 16 random bytes, with its version and variant bits set.
    public mutating func uuid() -> UUID {
        let high = next()
        let low = next()
        var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &bytes) { raw in
            raw.storeBytes(of: high.bigEndian, toByteOffset: 0, as: UInt64.self)
            raw.storeBytes(of: low.bigEndian, toByteOffset: 8, as: UInt64.self)
            raw[6] = (raw[6] & 0x0F) | 0x40
            raw[8] = (raw[8] & 0x3F) | 0x80
        }
        return UUID(uuid: bytes)
    }

    /// A whole number in `range`, without modulo bias worth mentioning (ranges here are tiny).
    public mutating func int(_ range: ClosedRange<Int>) -> Int {
        let width = UInt64(range.upperBound - range.lowerBound) + 1
        return range.lowerBound + Int(next() % width)
    }

    /// A number in [0, 1), from the top 53 bits.
    public mutating func unit() -> Double {
        Double(next() >> 11) * (1.0 / 9_007_199_254_740_992.0)
    }

    /// A number in `range`.
    public mutating func double(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + unit() * (range.upperBound - range.lowerBound)
    }

    /// True with probability `probability`.
    public mutating func chance(_ probability: Double) -> Bool {
        unit() < probability
    }

    /// One element of a non-empty array.
    public mutating func pick<Element>(_ elements: [Element]) -> Element {
        elements[Int(next() % UInt64(elements.count))]
    }

    /// A roughly normal number (the sum of three uniforms), cheap and bounded to ±3 spreads.
    public mutating func normal(mean: Double, spread: Double) -> Double {
        mean + (unit() + unit() + unit() - 1.5) * 2 * spread
    }
}
