import AntrainEvents
import AntrainLog
import BenchmarkSupport
import Foundation

/// One append: events for one stream (the engine appends to one stream per call).
struct Append: Sendable {
    var stream: String
    var events: [ProposedEvent]
}

/// Realistic records of a training-and-nutrition app: what Antrain is for.
///
/// - `SetLogged` (about 80 %) in `workout-<uuid>` streams, e.g.
///   `{"workoutId":"…","exerciseId":"…","setIndex":3,"reps":8,"weightKg":102.5,"rpe":8,"setType":"normal"}`
///   (~150 bytes), with exercise ids drawn from a catalogue of 300;
/// - `FoodLogged` (about 15 %) in `nutrition-<uuid>` streams, with a food name and macros;
/// - `BodyweightRecorded` (about 5 %) in `bodyweight-<uuid>` streams.
///
/// Ids are random v4 UUIDs, so they do not compress: no flattering of either engine.
struct Workload {
    var rng: SplitMix64
    let exercises: [String]
    let foods: [(name: String, kcal: Int, protein: Double, carbs: Double, fat: Double)] = [
        ("Greek yogurt 2%", 73, 10.0, 3.9, 2.0), ("Oats, rolled", 379, 13.2, 67.7, 6.5), ("Chicken breast, grilled", 165, 31.0, 0.0, 3.6),
        ("Basmati rice, cooked", 121, 3.5, 25.2, 0.4), ("Banana", 89, 1.1, 22.8, 0.3), ("Whey protein isolate", 370, 86.0, 4.0, 1.0),
        ("Egg, whole", 143, 12.6, 0.7, 9.5), ("Olive oil", 884, 0.0, 0.0, 100.0), ("Broccoli, steamed", 35, 2.4, 7.2, 0.4),
        ("Salmon fillet", 208, 20.4, 0.0, 13.4), ("Peanut butter", 588, 25.1, 20.0, 50.4), ("Whole milk", 61, 3.2, 4.8, 3.3),
    ]
    let setTypes = ["normal", "normal", "normal", "normal", "warmup", "drop", "failure"]
    let meals = ["breakfast", "lunch", "dinner", "snack"]

    /// ~100-byte `SetLogged` payloads, made once and reused, so that making a batch costs
    /// little next to appending it.
    private(set) var shortPayloads: [[UInt8]] = []
    private var shortCursor = 0

    init(seed: UInt64) {
        rng = SplitMix64(seed: seed)
        var catalogue = SplitMix64(seed: 0xA27A_1A)
        exercises = (0..<300).map { _ in catalogue.uuid().uuidString.lowercased() }
        var pool: [[UInt8]] = []
        for index in 0..<4096 { pool.append(shortSet(setIndex: index)) }
        shortPayloads = pool
    }

    /// A `SetLogged` payload for workout `workout` (~150 bytes).
    mutating func setLogged(workout: String, setIndex: Int) -> [UInt8] {
        let weight = Double(rng.int(8...100)) * 2.5
        let rpe = Double(rng.int(12...20)) / 2
        let json = "{\"workoutId\":\"\(workout)\",\"exerciseId\":\"\(rng.pick(exercises))\",\"setIndex\":\(setIndex),"
            + "\"reps\":\(rng.int(1...15)),\"weightKg\":\(weight),\"rpe\":\(rpe),\"setType\":\"\(rng.pick(setTypes))\"}"
        return Array(json.utf8)
    }

    /// A ~100-byte `SetLogged` payload without the workout id (bars 1 to 5).
    mutating func shortSet(setIndex: Int) -> [UInt8] {
        let weight = Double(rng.int(8...100)) * 2.5
        let json = "{\"exerciseId\":\"\(rng.pick(exercises))\",\"setIndex\":\(setIndex % 10),\"reps\":\(rng.int(1...9)),"
            + "\"weightKg\":\(weight),\"rpe\":\(rng.int(6...9)),\"setType\":\"normal\"}"
        return Array(json.utf8)
    }

    mutating func foodLogged() -> [UInt8] {
        let food = rng.pick(foods)
        let grams = rng.int(1...40) * 10
        let factor = Double(grams) / 100
        func r(_ value: Double) -> String { String(format: "%.1f", value * factor) }
        let json = "{\"foodId\":\"\(rng.uuid().uuidString.lowercased())\",\"name\":\"\(food.name)\",\"meal\":\"\(rng.pick(meals))\","
            + "\"grams\":\(grams),\"kcal\":\(Int(Double(food.kcal) * factor)),\"proteinG\":\(r(food.protein)),"
            + "\"carbsG\":\(r(food.carbs)),\"fatG\":\(r(food.fat))}"
        return Array(json.utf8)
    }

    mutating func bodyweightRecorded() -> [UInt8] {
        let json = "{\"weightKg\":\(Double(rng.int(550...1100)) / 10),\"bodyFatPct\":\(Double(rng.int(80...300)) / 10),"
            + "\"source\":\"\(rng.pick(["scale", "manual", "healthkit"]))\"}"
        return Array(json.utf8)
    }

    /// Realistic appends of `batchSize` events each, `total` events in all. Each append is one
    /// stream (a workout, a nutrition log or a bodyweight series), as the engine requires.
    mutating func realisticAppends(total: Int, batchSize: Int) -> [Append] {
        var appends: [Append] = []
        appends.reserveCapacity(total / batchSize + 1)
        var made = 0
        while made < total {
            let count = min(batchSize, total - made)
            let id = rng.uuid().uuidString.lowercased()
            let kind = rng.int(0...99)
            var events: [ProposedEvent] = []
            events.reserveCapacity(count)
            for index in 0..<count {
                let (type, payload): (String, [UInt8])
                switch kind {
                case 0..<80: (type, payload) = ("SetLogged", setLogged(workout: id, setIndex: index))
                case 80..<95: (type, payload) = ("FoodLogged", foodLogged())
                default: (type, payload) = ("BodyweightRecorded", bodyweightRecorded())
                }
                events.append(ProposedEvent(id: rng.uuid(), type: type, schemaVersion: 1, payload: payload))
            }
            let prefix = kind < 80 ? "workout-" : kind < 95 ? "nutrition-" : "bodyweight-"
            appends.append(Append(stream: prefix + id, events: events))
            made += count
        }
        return appends
    }

    /// The next ~100-byte `SetLogged` payload from the pool.
    mutating func nextShortPayload() -> [UInt8] {
        shortCursor = (shortCursor + 1) & 4095
        return shortPayloads[shortCursor]
    }

    /// A new `workout-<uuid>` stream id.
    mutating func workoutStream() -> String { "workout-" + rng.uuid().uuidString.lowercased() }

    /// One ~100-byte `SetLogged` event with a fresh id.
    mutating func shortEvent() -> ProposedEvent {
        ProposedEvent(id: rng.uuid(), type: "SetLogged", schemaVersion: 1, payload: nextShortPayload())
    }

    /// One batch of `count` ~100-byte `SetLogged` events for a new workout stream.
    mutating func shortBatch(count: Int) -> Append {
        let stream = workoutStream()
        var events: [ProposedEvent] = []
        events.reserveCapacity(count)
        for _ in 0..<count { events.append(shortEvent()) }
        return Append(stream: stream, events: events)
    }
}
