import AntrainGenerator

/// SplitMix64 (Steele, Lea and Flood), the generator's own seeded random numbers: a seed
/// replays a test's random choices and hostile bytes exactly.
package typealias SplitMix64 = GeneratorRandom
