import AntrainEvents
import Foundation

/// The fast path of ``JSONLLineParser``: a line holding one of the events an export is
/// mostly made of (sets, diary entries, exercises added to workouts, weigh-ins), read with
/// ``JSONScanner`` instead of `JSONDecoder`.
///
/// `JSONDecoder` spends 20 to 40 µs on such a line, most of it in Codable's generic
/// machinery; this reads the same fields into the same values in a few. It gives up (nil)
/// on any line it does not read exactly as `JSONDecoder` would, and that line goes the
/// Codable way, which also words any problem: the two paths can differ in speed only.
enum FastEnvelopeLine {
    /// The envelope of `line`, or nil to leave the line to `JSONDecoder`.
    static func decode(_ line: UnsafeRawBufferPointer) -> EventEnvelope? {
        try? read(line)
    }

    private static func read(_ line: UnsafeRawBufferPointer) throws(JSONScanner.Failure) -> EventEnvelope {
        var scanner = JSONScanner(line)
        let top = try JSONObjectReader(try scanner.document(), in: scanner)
        let type = try top.required(.type, top.string)
        let eventReader = try top.object(try top.required(.event) { $0 })
        let event: any DomainEvent
        switch type {
        case SetLogged.eventType: event = try check(SetLogged.self, top, try setLogged(eventReader))
        case FoodLogged.eventType: event = try check(FoodLogged.self, top, try foodLogged(eventReader))
        case ExerciseAddedToWorkout.eventType: event = try check(ExerciseAddedToWorkout.self, top, try exerciseAdded(eventReader))
        case BodyweightRecorded.eventType: event = try check(BodyweightRecorded.self, top, try bodyweight(eventReader))
        default: throw JSONScanner.Failure()
        }
        // The envelope's keys under any of their spellings, as `EventEnvelope.decode` reads them.
        return EventEnvelope(event: event, stream: try top.optional(.stream, top.string), id: try top.optional(.id, top.uuid),
                             recordedAt: try top.optional(.recordedAt, top.timestamp),
                             correlationID: try top.optional(.correlationID, top.uuid),
                             causationID: try top.optional(.causationID, top.uuid),
                             offset: try top.optional(.offset, top.uint64), streamVersion: try top.optional(.streamVersion, top.uint64))
    }

    /// The event, when the line's schema version (if given) is its type's current one:
    /// older shapes are upcast by the Codable path.
    private static func check<E: DomainEvent>(_: E.Type, _ top: JSONObjectReader, _ event: E) throws(JSONScanner.Failure) -> E {
        if let version = try top.optional(.schemaVersion, top.int), version != Int(E.schemaVersion) { throw JSONScanner.Failure() }
        return event
    }

    private static func setLogged(_ event: JSONObjectReader) throws(JSONScanner.Failure) -> SetLogged {
        let performance = try event.object(try event.required("performance") { $0 })
        return SetLogged(
            workoutID: try event.required("workoutID", event.uuid), entryID: try event.required("entryID", event.uuid),
            setID: try event.required("setID", event.uuid),
            performance: SetPerformance(
                setType: try performance.raw(SetType.self, try performance.required("setType") { $0 }),
                reps: try performance.optional("reps", performance.int), weight: try performance.optional("weight", performance.mass),
                durationSeconds: try performance.optional("durationSeconds", performance.double),
                distanceMetres: try performance.optional("distanceMetres", performance.double),
                completed: try performance.required("completed", performance.bool), rpe: try performance.optional("rpe", performance.double),
                restSeconds: try performance.optional("restSeconds", performance.int), notes: try performance.optional("notes", performance.string)),
            loggedAt: try event.required("loggedAt", event.timestamp))
    }

    private static func foodLogged(_ event: JSONObjectReader) throws(JSONScanner.Failure) -> FoodLogged {
        let per100g = try event.object(try event.required("per100g") { $0 })
        return FoodLogged(
            entryID: try event.required("entryID", event.uuid), day: try event.required("day", event.day),
            meal: try event.raw(Meal.self, try event.required("meal") { $0 }), foodID: try event.required("foodID", event.uuid),
            foodName: try event.required("foodName", event.string), amountGrams: try event.required("amountGrams", event.double),
            per100g: Nutrients(caloriesKcal: try per100g.required("caloriesKcal", per100g.double),
                               proteinG: try per100g.required("proteinG", per100g.double),
                               carbsG: try per100g.required("carbsG", per100g.double), fatsG: try per100g.required("fatsG", per100g.double)),
            loggedAt: try event.required("loggedAt", event.timestamp))
    }

    private static func exerciseAdded(_ event: JSONObjectReader) throws(JSONScanner.Failure) -> ExerciseAddedToWorkout {
        ExerciseAddedToWorkout(workoutID: try event.required("workoutID", event.uuid), entryID: try event.required("entryID", event.uuid),
                               exerciseID: try event.required("exerciseID", event.uuid), position: try event.required("position", event.int))
    }

    private static func bodyweight(_ event: JSONObjectReader) throws(JSONScanner.Failure) -> BodyweightRecorded {
        BodyweightRecorded(entryID: try event.required("entryID", event.uuid), weight: try event.required("weight", event.mass),
                           recordedAt: try event.required("recordedAt", event.timestamp), notes: try event.optional("notes", event.string),
                           timeZone: try event.required("timeZone", event.string))
    }
}
