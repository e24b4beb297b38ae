import AntrainEvents
import AntrainGenerator
import Foundation
import Testing

@Suite("Generated content")
struct GeneratedContentTests {
    @Test("Proportions look like real use: sets dominate, with warm-ups, corrections and every kind of session")
    func proportions() throws {
        let generator = try GeneratorFixtures.generator(athletes: 8, weeks: 26)
        let events = generator.events()
        let report = generator.dryRun()
        let sets = report.count(SetLogged.self)
        let warmups = events.count { ($0.event as? SetLogged)?.performance.setType == .warmup }
        let failures = events.count { ($0.event as? SetLogged)?.performance.setType == .failure }
        let missed = events.count { ($0.event as? SetLogged)?.performance.completed == false }
        print("generated 8 athletes x 26 weeks:", report.countsByType.sorted { $0.value > $1.value })
        #expect(report.countsByType.values.allSatisfy { $0 <= sets }, "SetLogged is the most common event")
        #expect(Double(sets) > 0.3 * Double(report.events), "food entries come close, but sets lead")
        #expect(Double(warmups) > 0.05 * Double(sets) && warmups < sets / 2)
        #expect(failures > 0 && missed > 0)
        #expect(report.count(SetCorrected.self) > sets / 200 && report.count(SetCorrected.self) < sets / 20)
        #expect(report.count(SetRemoved.self) > 0)
        #expect(report.count(FoodLogged.self) > 8 * 26 * 7 * 4)
        #expect(report.count(FoodEntryCorrected.self) > 0 && report.count(FoodEntryRemoved.self) > 0)
        #expect(report.count(BodyweightRecorded.self) > 8 * 26 * 7 / 2)
        #expect(report.count(CardioLogged.self) > 0 && report.count(MetconLogged.self) > 0)
        #expect(report.count(WorkoutCancelled.self) > 0)
        let started = report.count(WorkoutStarted.self)
        let ended = report.count(WorkoutCompleted.self) + report.count(WorkoutCancelled.self)
        #expect(started > ended, "some workouts are abandoned: started, never ended")
        #expect(report.count(ProgramActivated.self) > 8, "programs are run again when they end")
        #expect(report.count(ExerciseCreated.self) > 60 && report.count(FoodItemCreated.self) > 50)
        // Snapshots: every food entry names a food of the library, with its nutrients.
        let foods = Dictionary(events.compactMap { ($0.event as? FoodItemCreated).map { ($0.foodID, $0.definition) } }) { first, _ in first }
        #expect(events.allSatisfy { new in
            guard let logged = new.event as? FoodLogged else { return true }
            return foods[logged.foodID].map { $0.name == logged.foodName && $0.per100g == logged.per100g } ?? false
        })
    }

    @Test("One athlete over 26 weeks is a season: several sessions a week, working weights that climb")
    func season() throws {
        let events = try GeneratorFixtures.generator(athletes: 1, weeks: 26, seed: 7).events()
        let completed = events.count { $0.event is WorkoutCompleted }
        #expect((26 * 2)...(26 * 6) ~= completed, "\(completed) workouts in 26 weeks")
        // The heaviest working set of each week, over the lifts of the first exercise slot.
        var heaviestByWeek: [Int: Double] = [:]
        let first = GeneratorFixtures.monday.daysSince1970
        for new in events {
            guard let set = new.event as? SetLogged, set.performance.setType == .normal, let weight = set.performance.weight else { continue }
            let week = (set.loggedAt.day.daysSince1970 - first) / 7
            heaviestByWeek[week] = max(heaviestByWeek[week] ?? 0, weight.kilograms)
        }
        let early = (0..<4).compactMap { heaviestByWeek[$0] }.max() ?? 0
        let late = (22..<26).compactMap { heaviestByWeek[$0] }.max() ?? 0
        #expect(early > 0 && late > early * 1.05, "heaviest set \(early) kg in the first month, \(late) kg in the last")
    }

    @Test("Generation speed (printed, not asserted)")
    func speed() throws {
        let report = try GeneratorFixtures.generator(athletes: 40, weeks: 26).dryRun()
        print("generated \(report.events) events in \(report.batches) batches in \(report.seconds) s: \(Int(report.eventsPerSecond)) events/s")
        #expect(report.events > 100_000)
    }
}
