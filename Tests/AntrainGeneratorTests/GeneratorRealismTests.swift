import AntrainEvents
import AntrainGenerator
import Foundation
import Testing

/// Generated athletes lift what trained adults lift, put no weight on bands and bodyweight
/// movements, and train at hours people train at, in their own time zone. One athlete per
/// seed, so that each log's workouts are one person's.
@Suite("Generated realism")
struct GeneratorRealismTests {
    static let seeds: [UInt64] = Array(1...16)

    /// One athlete's twelve weeks: the heaviest completed working set (kg) of each exercise,
    /// the sets of exercises that carry no external load, and every session's start.
    struct Season {
        var sex: Sex?
        var heaviestKg: [String: Double] = [:]
        var unloadedSetsWithWeight: [String] = []
        /// Band exercises of kind bodyweight, whose records would count the athlete's bodyweight as their load.
        var bandsAsBodyweight: [String] = []
        var zones: Set<String> = []
        var starts: [Timestamp] = []

        init(seed: UInt64) throws {
            var exercises: [UUID: ExerciseDefinition] = [:]
            var entries: [UUID: ExerciseDefinition] = [:]
            for new in try GeneratorFixtures.generator(athletes: 1, weeks: 12, seed: seed).events() {
                switch new.event {
                case let created as ExerciseCreated:
                    exercises[created.exerciseID] = created.definition
                    if created.definition.equipment == .band, created.definition.kind == .bodyweight {
                        bandsAsBodyweight.append(created.definition.name)
                    }
                case let profile as ProfileUpdated: sex = profile.sex ?? sex
                case let started as WorkoutStarted:
                    zones.insert(started.timeZone)
                    starts.append(started.startedAt)
                case let cardio as CardioLogged: starts.append(cardio.startedAt)
                case let metcon as MetconLogged: starts.append(metcon.startedAt)
                case let added as ExerciseAddedToWorkout: entries[added.entryID] = exercises[added.exerciseID]
                case let set as SetLogged:
                    guard let definition = entries[set.entryID], let weight = set.performance.weight, weight.value > 0 else { continue }
                    if definition.equipment == .band || definition.kind == .bodyweight { unloadedSetsWithWeight.append(definition.name) }
                    if set.performance.setType != .warmup, set.performance.completed {
                        heaviestKg[definition.name] = max(heaviestKg[definition.name] ?? 0, weight.kilograms)
                    }
                default: break
                }
            }
        }
    }

    @Test("The main lifts' heaviest working sets are a trained adult's; accessories are lighter", arguments: seeds)
    func mainLiftsArePlausible(seed: UInt64) throws {
        let season = try Season(seed: seed)
        // Men and women of 55 to 110 kg, trained, over twelve weeks (women lift about two thirds).
        let ranges: [String: ClosedRange<Double>] = season.sex == .female
            ? ["Conventional Deadlift": 55...150, "Barbell Back Squat": 45...125, "Barbell Bench Press": 27.5...80, "Overhead Press": 17.5...55]
            : ["Conventional Deadlift": 90...215, "Barbell Back Squat": 70...175, "Barbell Bench Press": 50...135, "Overhead Press": 30...85]
        for (lift, range) in ranges {
            guard let heaviest = season.heaviestKg[lift] else { continue }
            #expect(range.contains(heaviest), "seed \(seed) (\(String(describing: season.sex))): \(lift) \(heaviest) kg, expected \(range)")
        }
        for (name, heaviest) in season.heaviestKg where ["Lateral Raise", "Dumbbell Curl", "Hammer Curl", "Face Pull", "Cable Fly"].contains(name) {
            #expect(heaviest <= 30, "seed \(seed): \(name) at \(heaviest) kg")
        }
        #expect(season.heaviestKg.values.allSatisfy { $0 <= 260 }, "seed \(seed): \(season.heaviestKg.filter { $0.value > 260 })")
    }

    @Test("Across athletes the typical top deadlift is 80 to 180 kg, not the 37.5 kg of old")
    func athletesAreNotLight() throws {
        let tops = try Self.seeds.compactMap { try Season(seed: $0).heaviestKg["Conventional Deadlift"] }.sorted()
        #expect(tops.count >= 4, "\(tops)")
        let median = tops[tops.count / 2]
        #expect((80...180).contains(median), "median top deadlift \(median) kg of \(tops)")
    }

    @Test("Bands and bodyweight exercises carry no external load, and no band counts as bodyweight", arguments: seeds)
    func unloadedExercises(seed: UInt64) throws {
        let season = try Season(seed: seed)
        #expect(season.unloadedSetsWithWeight.isEmpty, "\(season.unloadedSetsWithWeight)")
        #expect(season.bandsAsBodyweight.isEmpty, "\(season.bandsAsBodyweight)")
    }

    @Test("Every session starts between 05:00 and 22:00 in the athlete's time zone", arguments: seeds)
    func startsAtTrainingHours(seed: UInt64) throws {
        let season = try Season(seed: seed)
        #expect(season.zones.count == 1, "one athlete, one zone: \(season.zones)")
        let identifier = try #require(season.zones.first)
        let zone = try #require(TimeZone(identifier: identifier))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        #expect(!season.starts.isEmpty)
        for start in season.starts {
            let hour = calendar.component(.hour, from: start.date)
            #expect((5..<22).contains(hour), "seed \(seed): a session starts at \(start.date) (\(hour):xx in \(zone.identifier))")
        }
    }
}
