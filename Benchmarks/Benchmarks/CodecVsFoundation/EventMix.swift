import AntrainEvents
import BenchmarkSupport
import Foundation

/// The events both codecs encode and decode: days of a real user's diary, in log order.
///
/// Each day has a bodyweight entry and eight food entries; every other day a lifting
/// session of five exercises with four sets each (started, exercises added, sets logged,
/// RPE, completed). Ids come from a fixed seed, values vary, a tenth of the weights are in
/// pounds. About 45 % of the events are `SetLogged`, as in a lifting-heavy log.
enum EventMix {
    static func make(count: Int) -> [any DomainEvent] {
        var random = SplitMix64(seed: 0xC0DEC)
        var events: [any DomainEvent] = []
        let exercises = (0..<60).map { _ in random.uuid() }
        let foods = ["Chicken breast, cooked", "White rice, cooked", "Rolled oats", "Banana", "Skyr, plain", "Olive oil", "Broccoli", "Salmon, cooked"]
        var day = CalendarDay(year: 2025, month: 1, day: 1)!
        while events.count < count {
            let morning = day.start.adding(seconds: 6.5 * 3600)
            events.append(BodyweightRecorded(entryID: random.uuid(), weight: .kilograms(80 + Double(random.int(0...40)) / 10),
                                             recordedAt: morning))
            for index in 0..<8 {
                let per100g = Nutrients(caloriesKcal: Double(random.int(20...900)), proteinG: Double(random.int(0...300)) / 10,
                                        carbsG: Double(random.int(0...700)) / 10, fatsG: Double(random.int(0...400)) / 10)
                events.append(FoodLogged(entryID: random.uuid(), day: day, meal: [.breakfast, .lunch, .dinner, .snack][index / 2],
                                         foodID: random.uuid(), foodName: foods[index], amountGrams: Double(random.int(1...12)) * 25,
                                         per100g: per100g, loggedAt: morning.adding(seconds: Double(index) * 5400)))
            }
            if day.daysSince1970 % 2 == 0 {
                let workout = random.uuid()
                let start = day.start.adding(seconds: 17 * 3600)
                events.append(WorkoutStarted(workoutID: workout, type: .lifting, name: "Session", startedAt: start, timeZone: "Europe/Berlin"))
                for position in 1...5 {
                    let entry = random.uuid()
                    events.append(ExerciseAddedToWorkout(workoutID: workout, entryID: entry, exerciseID: exercises[random.int(0...59)],
                                                         position: position))
                    for set in 0..<4 {
                        let kilograms = Double(random.int(8...80)) * 2.5
                        let weight: Mass = random.int(0...9) == 0 ? .pounds((kilograms / 0.45359237 / 5).rounded() * 5) : .kilograms(kilograms)
                        events.append(SetLogged(workoutID: workout, entryID: entry, setID: random.uuid(),
                                                performance: SetPerformance(setType: set == 0 ? .warmup : .normal, reps: random.int(3...12),
                                                                            weight: weight, rpe: set == 3 ? Double(random.int(14...20)) / 2 : nil,
                                                                            restSeconds: 120),
                                                loggedAt: start.adding(seconds: Double(position * 600 + set * 120))))
                    }
                }
                events.append(WorkoutRPERecorded(workoutID: workout, rpe: 8))
                events.append(WorkoutCompleted(workoutID: workout, endedAt: start.adding(seconds: 4000), durationSeconds: 4000))
            }
            day = day.adding(days: 1)
        }
        return Array(events.prefix(count))
    }
}
