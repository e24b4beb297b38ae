import AntrainEvents
@testable import AntrainProjections
import AntrainTestSupport
import Foundation
import Testing

/// `WorkoutSet` holds its performance in compact fields; it must give back exactly the
/// performance it was given and encode exactly as the plain struct it replaced, so that a
/// workout's JSON keeps the shape it always had.
@Suite("Workout history: compact sets")
struct WorkoutSetStorageTests {
    /// The shape `WorkoutSet` had: the synthesized coding of these four fields.
    private struct PlainSet: Codable, Equatable {
        var setID: UUID
        var performance: SetPerformance
        var loggedAt: Timestamp
        var isCorrected: Bool
    }

    /// Every combination of present and absent fields, with both units and every set type.
    private var performances: [SetPerformance] {
        var all: [SetPerformance] = []
        for mask in 0..<64 {
            func on(_ bit: Int) -> Bool { mask & (1 << bit) != 0 }
            for (index, type) in [SetType.warmup, .normal, .dropset, .failure].enumerated() {
                all.append(SetPerformance(setType: type, reps: on(0) ? 8 + index : nil,
                                          weight: on(1) ? (index % 2 == 0 ? .kilograms(102.5) : .pounds(225)) : nil,
                                          durationSeconds: on(2) ? 42.5 : nil, distanceMetres: on(3) ? 1609.34 : nil,
                                          completed: index != 3, rpe: on(4) ? 8.5 : nil, restSeconds: on(5) ? 180 : nil,
                                          notes: mask % 3 == 0 ? "paused reps, belt on" : nil))
            }
        }
        return all
    }

    @Test("Each performance comes back as given, and the set encodes and decodes as the plain struct did")
    func sameValuesSameBytes() throws {
        let loggedAt = Timestamp(microsecondsSince1970: 1_767_225_600_000_000)
        for (index, performance) in performances.enumerated() {
            let id = UUID.n(index + 1)
            let set = WorkoutSet(setID: id, performance: performance, loggedAt: loggedAt, isCorrected: index % 2 == 0)
            #expect(set.performance == performance)
            let plain = PlainSet(setID: id, performance: performance, loggedAt: loggedAt, isCorrected: index % 2 == 0)
            let bytes = try BinaryEventEncoder.encode(set)
            #expect(bytes == (try BinaryEventEncoder.encode(plain)), "performance \(index)")
            #expect(try bytes.withUnsafeBytes { try BinaryEventDecoder.decode(WorkoutSet.self, from: $0) } == set)
        }
    }

    @Test("A correction replaces every field, absent ones included, and volume follows the fields")
    func correctionReplacesEverything() {
        var set = WorkoutSet(setID: UUID.n(1), performance: SetPerformance(reps: 5, weight: .pounds(225), rpe: 9, restSeconds: 120),
                             loggedAt: Timestamp(microsecondsSince1970: 0), isCorrected: false)
        // 225 lb × 5 = 1125 lb = 510.29 kg (0.45359237 kg per lb).
        #expect(abs(set.volumeKg - 510.291416) < 1e-6)
        let corrected = SetPerformance(setType: .warmup, reps: 3)
        set.performance = corrected
        #expect(set.performance == corrected)
        #expect(set == WorkoutSet(setID: UUID.n(1), performance: corrected, loggedAt: Timestamp(microsecondsSince1970: 0), isCorrected: false))
        #expect(set.volumeKg == 0, "a warm-up has no volume")
    }

    @Test("A set the training model keeps is a plain value of at most 88 bytes; its notes are its workout's")
    func plainValue() {
        #expect(_isPOD(SetFigures.self) && _isPOD(TrainingSet.self), "nothing counted by reference in a set")
        #expect(MemoryLayout<SetFigures>.stride <= 88)
        let lifted = WorkoutSet(setID: UUID.n(1), performance: SetPerformance(reps: 5, weight: .kilograms(100), restSeconds: 90),
                                loggedAt: Timestamp(microsecondsSince1970: 0), isCorrected: false)
        var timed = lifted
        timed.performance = SetPerformance(durationSeconds: 60, restSeconds: 90, notes: "easy")
        #expect(lifted != timed && timed.performance.durationSeconds == 60 && timed.performance.reps == nil)
        #expect(timed.notes == "easy" && WorkoutSet(timed.figures, notes: nil).performance.notes == nil)
        timed.performance = lifted.performance
        #expect(timed == lifted, "a correction back to the lifted set leaves no trace of the other")
    }
}
