import AntrainEvents
import Foundation
import Testing

/// Asserts that `event` fails validation on exactly `fields`, and returns the error.
@discardableResult
func expectInvalid(_ event: some DomainEvent, _ fields: [String], sourceLocation: SourceLocation = #_sourceLocation) -> EventValidationError? {
    let error = #expect(throws: EventValidationError.self, sourceLocation: sourceLocation) { try event.validate() }
    #expect(error?.fields == fields, sourceLocation: sourceLocation)
    #expect(error?.eventType == type(of: event).eventType, sourceLocation: sourceLocation)
    return error
}

@Suite("Lifting session events")
struct LiftingEventTests {
    let workout = UUID()
    let entry = UUID()
    let start = Timestamp("2025-09-15T07:48:00Z")!

    func set(_ performance: SetPerformance) -> SetLogged {
        SetLogged(workoutID: workout, entryID: entry, setID: UUID(), performance: performance, loggedAt: start)
    }

    @Test("Valid sessions pass validation")
    func valid() throws {
        try WorkoutStarted(workoutID: workout, type: .lifting, name: "Push day", templateID: UUID(),
                           programDay: ProgramDayReference(programID: UUID(), week: 3, dayOfWeek: 1), startedAt: start).validate()
        try ExerciseAddedToWorkout(workoutID: workout, entryID: entry, exerciseID: UUID(), position: 1).validate()
        try set(SetPerformance(setType: .warmup, reps: 5, weight: .kilograms(60), rpe: 6, restSeconds: 90, notes: "easy")).validate()
        try set(SetPerformance(reps: 12, weight: .kilograms(0))).validate()
        try set(SetPerformance(durationSeconds: 60)).validate()
        try set(SetPerformance(distanceMetres: 400, completed: false)).validate()
        try SetCorrected(workoutID: workout, setID: UUID(), performance: SetPerformance(reps: 999, weight: .kilograms(500))).validate()
        try ExercisesReordered(workoutID: workout, entryIDs: [UUID(), UUID()]).validate()
        try WorkoutNotesChanged(workoutID: workout, notes: String(repeating: "n", count: 500)).validate()
        try WorkoutRPERecorded(workoutID: workout, rpe: 10).validate()
        try WorkoutCompleted(workoutID: workout, endedAt: start.adding(seconds: 3600), durationSeconds: 3600).validate()
    }

    @Test("Names are 1 to 100 characters after trimming")
    func names() {
        for bad in ["", "   ", "\n\t", String(repeating: "a", count: 101), "bad\u{7}name"] {
            expectInvalid(WorkoutStarted(workoutID: workout, type: .lifting, name: bad, startedAt: start), ["name"])
        }
        #expect(throws: Never.self) {
            try WorkoutStarted(workoutID: self.workout, type: .lifting, name: "  " + String(repeating: "é", count: 100) + " ",
                               startedAt: self.start).validate()
        }
    }

    @Test("Program days name a week from 1 and a day of the week from 1 to 7")
    func programDay() {
        let bad = WorkoutStarted(workoutID: workout, type: .lifting,
                                 programDay: ProgramDayReference(programID: UUID(), week: 0, dayOfWeek: 8), startedAt: start)
        expectInvalid(bad, ["programDay.week", "programDay.dayOfWeek"])
    }

    @Test("Reps, weight, RPE, rest and notes of a set have their limits")
    func setLimits() {
        expectInvalid(set(SetPerformance(reps: 0, weight: .kilograms(100))), ["performance.reps"])
        expectInvalid(set(SetPerformance(reps: 1000, weight: .kilograms(100))), ["performance.reps"])
        expectInvalid(set(SetPerformance(reps: 5, weight: .kilograms(-2.5))), ["performance.weight"])
        expectInvalid(set(SetPerformance(reps: 5, weight: .kilograms(100), rpe: 0.5)), ["performance.rpe"])
        expectInvalid(set(SetPerformance(reps: 5, weight: .kilograms(100), rpe: 10.5)), ["performance.rpe"])
        expectInvalid(set(SetPerformance(reps: 5, restSeconds: -1)), ["performance.restSeconds"])
        expectInvalid(set(SetPerformance(reps: 5, restSeconds: 601)), ["performance.restSeconds"])
        expectInvalid(set(SetPerformance(reps: 5, notes: String(repeating: "x", count: 201))), ["performance.notes"])
        expectInvalid(set(SetPerformance()), ["performance.reps"])
        expectInvalid(set(SetPerformance(weight: .kilograms(20))), ["performance.reps"])
        // A load on a timed or distance set (a weighted plank, a farmer's carry) is a set (issue 38).
        #expect(throws: Never.self) { try set(SetPerformance(weight: .kilograms(20), durationSeconds: 30)).validate() }
        #expect(throws: Never.self) { try set(SetPerformance(weight: .kilograms(40), distanceMetres: 50)).validate() }
        expectInvalid(set(SetPerformance(durationSeconds: 0)), ["performance.durationSeconds"])
        expectInvalid(set(SetPerformance(distanceMetres: -5)), ["performance.distanceMetres"])
    }

    @Test("Non-finite numbers are refused everywhere")
    func nonFinite() {
        for bad in [Double.nan, .infinity, -.infinity] {
            let error = expectInvalid(set(SetPerformance(reps: 5, weight: .kilograms(bad))), ["performance.weight"])
            #expect(error?.issues.first?.allowed.contains("finite") == true)
            expectInvalid(set(SetPerformance(durationSeconds: bad)), ["performance.durationSeconds"])
            expectInvalid(WorkoutRPERecorded(workoutID: workout, rpe: bad), ["rpe"])
            expectInvalid(WorkoutCompleted(workoutID: workout, endedAt: start, durationSeconds: bad), ["durationSeconds"])
        }
    }

    @Test("Workout notes, RPE, reorderings and positions have their limits")
    func workoutLimits() {
        expectInvalid(WorkoutNotesChanged(workoutID: workout, notes: String(repeating: "n", count: 501)), ["notes"])
        expectInvalid(WorkoutRPERecorded(workoutID: workout, rpe: 0), ["rpe"])
        expectInvalid(WorkoutRPERecorded(workoutID: workout, rpe: 11), ["rpe"])
        expectInvalid(ExercisesReordered(workoutID: workout, entryIDs: []), ["entryIDs"])
        expectInvalid(ExercisesReordered(workoutID: workout, entryIDs: [entry, entry]), ["entryIDs"])
        expectInvalid(ExerciseAddedToWorkout(workoutID: workout, entryID: entry, exerciseID: UUID(), position: 0), ["position"])
        expectInvalid(WorkoutCompleted(workoutID: workout, endedAt: start, durationSeconds: -1), ["durationSeconds"])
    }

    @Test("A message names the field, the value given and what is allowed")
    func message() {
        let error = expectInvalid(set(SetPerformance(reps: 0, weight: .kilograms(100))), ["performance.reps"])
        #expect(error?.description == "SetLogged is invalid: performance.reps is 0; allowed: a whole number from 1 to 999")
    }
}

@Suite("Lifting session events, version 2 fields")
struct LiftingVersion2Tests {
    @Test("A workout names an IANA time zone")
    func timeZone() {
        let start = Timestamp("2025-09-15T07:48:00Z")!
        #expect(throws: Never.self) { try WorkoutStarted(workoutID: UUID(), type: .lifting, startedAt: start, timeZone: "Europe/Berlin").validate() }
        for bad in ["", "Mars/Olympus", "Europe/Berlin "] {
            expectInvalid(WorkoutStarted(workoutID: UUID(), type: .lifting, startedAt: start, timeZone: bad), ["timeZone"])
        }
    }

    @Test("A set's weight keeps the unit it was entered in")
    func setWeightUnits() throws {
        let set = SetPerformance(reps: 5, weight: .pounds(225))
        let decoded = try BinaryEventDecoder.decode(SetPerformance.self, from: BinaryEventEncoder.encode(set))
        #expect(decoded.weight == .pounds(225))
        #expect(decoded.weight?.kilograms == 225 * 0.45359237)
        expectInvalid(SetLogged(workoutID: UUID(), entryID: UUID(), setID: UUID(), performance: SetPerformance(reps: 5, weight: .pounds(-1)),
                                loggedAt: start), ["performance.weight"])
    }

    let start = Timestamp("2025-09-15T07:48:00Z")!
}
