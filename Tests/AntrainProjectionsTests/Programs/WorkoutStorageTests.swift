import AntrainEvents
@testable import AntrainProjections
import Foundation
import OrderedCollections
import Testing

/// The maps ``LegacyProgramProgress`` keeps its workouts in behave and encode exactly as the
/// `OrderedDictionary`s they replaced, so its checkpoints and digests keep their bytes.
@Suite("Program progress storage")
struct WorkoutStorageTests {
    @Test("a linear map adds, replaces in place, removes and encodes as an ordered dictionary")
    func linearMap() throws {
        var map = LinearUUIDMap<Int>()
        var reference: OrderedDictionary<UUID, Int> = [:]
        let steps: [(Int, Int?)] = [(1, 10), (2, 20), (3, 30), (2, 21), (1, nil), (4, 40), (1, 11), (9, nil), (3, 31)]
        for (key, value) in steps {
            map[.n(key)] = value
            reference[.n(key)] = value
        }
        map.removeAll { $0 == 40 }
        reference.removeAll { $0.value == 40 }
        #expect(map.keys == reference.keys.elements && map.values == reference.values.elements)
        #expect(map[.n(3)] == 31 && map[.n(4)] == nil && map.index(forKey: .n(1)) == 2)
        #expect(map.filter(keys: { $0 != .n(2) }).keys == [.n(3), .n(1)])
        let bytes = try BinaryEventEncoder.encode(map)
        #expect(bytes == (try BinaryEventEncoder.encode(reference)))
        #expect(try BinaryEventDecoder.decode(LinearUUIDMap<Int>.self, from: bytes) == map)
    }

    @Test("the workout table keeps an id's place on replacement, and puts a removed one back at the end")
    func workoutTable() throws {
        func workout(_ minute: Int) -> LegacyProgramProgress.TrackedWorkout {
            LegacyProgramProgress.TrackedWorkout(type: .lifting, programDay: nil,
                                           startedAt: Timestamp(microsecondsSince1970: Int64(minute) * 60_000_000), timeZone: "UTC")
        }
        var table = WorkoutTable()
        var reference: OrderedDictionary<UUID, LegacyProgramProgress.TrackedWorkout> = [:]
        let steps: [(Int, Int?)] = [(1, 1), (2, 2), (3, 3), (2, 4), (1, nil), (4, 5), (1, 6), (9, nil), (3, 7)]
        for (key, minute) in steps {
            if let minute {
                table.updateValue(workout(minute), forKey: .n(key))
                reference[.n(key)] = workout(minute)
            } else {
                table.removeValue(forKey: .n(key))
                reference[.n(key)] = nil
            }
        }
        #expect(table.map(\.key) == reference.keys.elements && table.map(\.value) == reference.values.elements)
        #expect(table.count == 4 && table[.n(1)] == workout(6) && table.index(forKey: .n(9)) == nil)
        if let index = table.index(forKey: .n(2)) { table[index].rpe = 8 }
        reference[.n(2)]?.rpe = 8
        let bytes = try BinaryEventEncoder.encode(table)
        #expect(bytes == (try BinaryEventEncoder.encode(reference)))
        #expect(try BinaryEventDecoder.decode(WorkoutTable.self, from: bytes) == table)
    }

    /// The plain struct of optionals a tracked set used to be, with synthesized Codable.
    private struct PlainSet: Codable, Equatable {
        var entryID: UUID
        var setType: SetType
        var reps: Int?
        var weight: Mass?
        var completed: Bool
        var rpe: Double?
    }

    @Test("a tracked set keeps every field and encodes as the plain struct of optionals it replaced")
    func trackedSet() throws {
        let plains = [
            PlainSet(entryID: .n(1), setType: .normal, reps: 5, weight: .pounds(225), completed: true, rpe: 8.5),
            PlainSet(entryID: .n(2), setType: .warmup, reps: 10, weight: nil, completed: false, rpe: nil),
            PlainSet(entryID: .n(3), setType: .failure, reps: nil, weight: nil, completed: true, rpe: 10),
        ]
        for plain in plains {
            let set = LegacyProgramProgress.TrackedSet(entryID: plain.entryID, SetPerformance(
                setType: plain.setType, reps: plain.reps, weight: plain.weight, durationSeconds: plain.reps == nil ? 30 : nil,
                completed: plain.completed, rpe: plain.rpe))
            #expect(set.reps == plain.reps && set.weight == plain.weight && set.rpe == plain.rpe && set.completed == plain.completed)
            #expect(set.isWorkingSet == (plain.completed && plain.setType != .warmup && plain.reps != nil && plain.weight != nil))
            let bytes = try BinaryEventEncoder.encode(set)
            #expect(bytes == (try BinaryEventEncoder.encode(plain)))
            #expect(try BinaryEventDecoder.decode(LegacyProgramProgress.TrackedSet.self, from: bytes) == set)
        }
    }
}
