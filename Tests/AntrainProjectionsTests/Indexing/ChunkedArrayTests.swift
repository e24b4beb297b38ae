import Foundation
import Testing
@testable import AntrainEvents
@testable import AntrainProjections

/// ``ChunkedArray`` against the `Array` it stands in for: the same elements at the same
/// positions, the same changes in place, and the same bytes when encoded.
@Suite struct ChunkedArrayTests {
    /// A few chunks' worth and a part, so that positions on both sides of every chunk
    /// boundary are covered.
    static let count = ChunkedArray<Int>.chunkCapacity * 3 + 123

    @Test func appendsAndReadsBackLikeAnArray() {
        var chunked = ChunkedArray<Int>()
        var array: [Int] = []
        for value in 0..<Self.count {
            chunked.append(value * 7 - 3)
            array.append(value * 7 - 3)
        }
        #expect(chunked.count == array.count)
        #expect(Array(chunked) == array)
        for position in [0, 1, 4_095, 4_096, 4_097, 8_191, 8_192, Self.count - 1] {
            #expect(chunked[position] == array[position], "position \(position)")
        }
        #expect(chunked.indices == array.indices)
    }

    @Test func changesInPlaceWhereAnArrayWould() {
        var chunked = ChunkedArray(0..<Self.count)
        var array = Array(0..<Self.count)
        for position in stride(from: 0, to: Self.count, by: 997) {
            chunked[position] += 1_000_000
            array[position] += 1_000_000
        }
        chunked.swapAt(4_095, 4_096)
        array.swapAt(4_095, 4_096)
        #expect(Array(chunked) == array)
        #expect(chunked == ChunkedArray(array))
        chunked[Self.count - 1] = -1
        #expect(chunked != ChunkedArray(array))
    }

    @Test func aCopyIsIndependent() {
        let original = ChunkedArray(0..<10_000)
        var copy = original
        copy[5_000] = -5
        copy.append(42)
        #expect(original[5_000] == 5_000 && original.count == 10_000)
        #expect(copy[5_000] == -5 && copy.count == 10_001 && copy.last == 42)
    }

    @Test func encodesExactlyAsAnArrayAndDecodesBack() throws {
        let array = (0..<Self.count).map { UInt64($0) &* 0x9E37_79B9_7F4A_7C15 }
        let chunked = ChunkedArray(array)
        let bytes = try BinaryEventEncoder.encode(chunked)
        #expect(bytes == (try BinaryEventEncoder.encode(array)))
        #expect(try BinaryEventDecoder.decode(ChunkedArray<UInt64>.self, from: bytes) == chunked)
        let json = try JSONEncoder().encode(ChunkedArray(array.prefix(50)))
        #expect(json == (try JSONEncoder().encode(Array(array.prefix(50)))))
    }

    @Test func anEmptyOneIsAnEmptyArray() throws {
        var chunked = ChunkedArray<String>()
        #expect(chunked.isEmpty && chunked.count == 0 && Array(chunked) == [])
        #expect(try BinaryEventEncoder.encode(chunked) == (try BinaryEventEncoder.encode([String]())))
        chunked.append("bench")
        #expect(!chunked.isEmpty && chunked != ChunkedArray<String>())
    }
}
