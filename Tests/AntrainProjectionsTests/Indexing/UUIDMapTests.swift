import Foundation
import OrderedCollections
import Testing
@testable import AntrainEvents
@testable import AntrainProjections

/// ``UUIDIndex`` and ``UUIDMap`` against the ordered collections they stand in for.
@Suite struct UUIDMapTests {
    /// Random and sequential-looking UUIDs, with repeats.
    static func keys(_ count: Int, seed: UInt64) -> [UUID] {
        var state = seed
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        return (0..<count).map { number in
            let pick = next()
            if pick % 5 == 0 { return UUID(uuidString: String(format: "00000000-0000-0000-0000-%012x", number % 700))! }
            let (high, low) = (next() % 3 == 0 ? pick % 900 : pick, next())
            return withUnsafeBytes(of: (high, low)) { UUID(uuid: $0.load(as: uuid_t.self)) }
        }
    }

    @Test func readingSlotsAheadChangesNoNumber() {
        var warmed = UUIDIndex(), plain = UUIDIndex()
        let keys = Self.keys(20_000, seed: 11)
        // Batches of a few dozen, as a replay warms each batch's new workouts.
        for start in stride(from: 0, to: keys.count, by: 37) {
            let batch = keys[start..<min(start + 37, keys.count)]
            warmed.warm(toAdd: batch)
            #expect(warmed == plain, "warming adds nothing")
            for key in batch { #expect(warmed.append(key) == plain.append(key)) }
        }
        #expect(warmed.elements == plain.elements)
        warmed._checkInvariants()
        for key in Self.keys(2_000, seed: 12) { #expect(warmed.firstIndex(of: key) == plain.firstIndex(of: key)) }
    }

    @Test func indexNumbersInFirstSeenOrderLikeAnOrderedSet() {
        var index = UUIDIndex()
        var reference: OrderedSet<UUID> = []
        for key in Self.keys(20_000, seed: 7) {
            let (inserted, number) = index.append(key)
            let expected = reference.append(key)
            #expect(inserted == expected.inserted && number == expected.index)
        }
        #expect(index.elements == reference.elements)
        index._checkInvariants()
        for key in Self.keys(3_000, seed: 8) { #expect(index.firstIndex(of: key) == reference.firstIndex(of: key)) }
        index.remove(atOffsets: [0, 5, 17])
        reference.remove(at: 17); reference.remove(at: 5); reference.remove(at: 0)
        #expect(index.elements == reference.elements)
        #expect(index.firstIndex(of: reference[9]) == 9)
        index.removeAll()
        #expect(index.isEmpty && !index.contains(reference[0]))
    }

    @Test func mapBehavesAsAnOrderedDictionary() {
        var map = UUIDMap<Int>()
        var reference: OrderedDictionary<UUID, Int> = [:]
        for (number, key) in Self.keys(10_000, seed: 11).enumerated() {
            switch number % 4 {
            case 0: #expect(map.updateValue(number, forKey: key) == reference.updateValue(number, forKey: key))
            case 1: map[key, default: 0] += number; reference[key, default: 0] += number
            case 2 where number % 40 == 2: #expect(map.removeValue(forKey: key) == reference.removeValue(forKey: key))
            default: map[key] = number; reference[key] = number
            }
        }
        #expect(map.keys == reference.keys.elements && map.values == reference.values.elements)
        #expect(Array(map.map(\.0)) == reference.keys.elements)
        map.removeAll()
        #expect(map.isEmpty && map[reference.keys[0]] == nil)
    }

    @Test func indexEncodesAsAnOrderedSetDoesAndRefusesRepeats() throws {
        var map = UUIDMap<Double>()
        var reference: OrderedDictionary<UUID, Double> = [:]
        for (number, key) in Self.keys(500, seed: 3).enumerated() { map[key] = Double(number); reference[key] = Double(number) }
        let bytes = try BinaryEventEncoder.encode(map.keyIndex)
        #expect(bytes == (try BinaryEventEncoder.encode(OrderedSet(reference.keys))))
        let decoded = try BinaryEventDecoder.decode(UUIDIndex.self, from: bytes)
        #expect(decoded.elements == map.keys && decoded.firstIndex(of: map.keys[42]) == 42)
        let repeated = [map.keys[0], map.keys[1], map.keys[0]]
        #expect(throws: CodecError.self) { try BinaryEventDecoder.decode(UUIDIndex.self, from: BinaryEventEncoder.encode(repeated)) }
    }
}
