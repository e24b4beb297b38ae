import AntrainProjections
import Foundation
import Testing

#if canImport(Glibc)
import Glibc

/// The settings reach glibc: after them a block of 16 MiB comes from the heap, where the
/// defaults map every block that large on its own (so that each array doubling faults in
/// fresh pages); one over 32 MiB, glibc's ceiling, still gets a mapping.
@Suite("Allocator settings for large replays")
struct AllocatorTuningTests {
    /// Whether glibc mapped the block at `pointer` on its own: the IS_MMAPPED bit (2) of the
    /// size word that glibc keeps just before every block it hands out.
    private func isMapped(_ pointer: UnsafeMutableRawPointer) -> Bool {
        (pointer - MemoryLayout<Int>.size).load(as: Int.self) & 2 != 0
    }

    @Test("after forReadModels, 16 MiB blocks come from the heap and 64 MiB ones are still mapped")
    func heapServesLargeArrays() throws {
        AllocatorTuning.forReadModels()
        let large = try #require(malloc(16 << 20))
        defer { free(large) }
        let huge = try #require(malloc(64 << 20))
        defer { free(huge) }
        #expect(!isMapped(large))
        #expect(isMapped(huge))
    }
}
#endif
