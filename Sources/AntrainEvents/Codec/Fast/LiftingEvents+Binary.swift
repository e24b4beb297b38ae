import Foundation

// Hand-written binary decoders of the lifting events a session logs most (see
// FastBinaryDecodable). Each reads its fields in declaration order, as the Codable path does.

extension SetPerformance {
    /// Reads a set's performance: what the synthesized `init(from:)` reads, in its order.
    init(binary cursor: inout BinaryCursor) throws(BinaryCursor.Failure) {
        let setType = try cursor.rawValue(RawValueTables.setType)
        let reps = try cursor.optionalInt()
        let weight: Mass? = try cursor.present() ? try cursor.mass() : nil
        let durationSeconds = try cursor.optionalDouble()
        let distanceMetres = try cursor.optionalDouble()
        let completed = try cursor.bool()
        let rpe = try cursor.optionalDouble()
        let restSeconds = try cursor.optionalInt()
        let notes = try cursor.optionalString()
        self.init(setType: setType, reps: reps, weight: weight, durationSeconds: durationSeconds, distanceMetres: distanceMetres,
                  completed: completed, rpe: rpe, restSeconds: restSeconds, notes: notes)
    }
}

extension SetLogged: FastBinaryDecodable {
    init(binary cursor: inout BinaryCursor) throws(BinaryCursor.Failure) {
        let workoutID = try cursor.uuid()
        let entryID = try cursor.uuid()
        let setID = try cursor.uuid()
        let performance = try SetPerformance(binary: &cursor)
        self.init(workoutID: workoutID, entryID: entryID, setID: setID, performance: performance, loggedAt: try cursor.timestamp())
    }
}

extension SetCorrected: FastBinaryDecodable {
    init(binary cursor: inout BinaryCursor) throws(BinaryCursor.Failure) {
        let workoutID = try cursor.uuid()
        let setID = try cursor.uuid()
        let performance = try SetPerformance(binary: &cursor)
        self.init(workoutID: workoutID, setID: setID, performance: performance, doneAt: try cursor.present() ? try cursor.timestamp() : nil)
    }
}

extension ExerciseAddedToWorkout: FastBinaryDecodable {
    init(binary cursor: inout BinaryCursor) throws(BinaryCursor.Failure) {
        let workoutID = try cursor.uuid()
        let entryID = try cursor.uuid()
        let exerciseID = try cursor.uuid()
        self.init(workoutID: workoutID, entryID: entryID, exerciseID: exerciseID, position: try cursor.int())
    }
}

extension WorkoutStarted: FastBinaryDecodable {
    init(binary cursor: inout BinaryCursor) throws(BinaryCursor.Failure) {
        let workoutID = try cursor.uuid()
        let type = try cursor.rawValue(RawValueTables.workoutType)
        let name = try cursor.optionalString()
        let templateID = try cursor.optionalUUID()
        var programDay: ProgramDayReference?
        if try cursor.present() {
            let programID = try cursor.uuid()
            let week = try cursor.int()
            programDay = ProgramDayReference(programID: programID, week: week, dayOfWeek: try cursor.int())
        }
        let startedAt = try cursor.timestamp()
        self.init(workoutID: workoutID, type: type, name: name, templateID: templateID, programDay: programDay,
                  startedAt: startedAt, timeZone: try cursor.string())
    }
}

extension WorkoutRPERecorded: FastBinaryDecodable {
    init(binary cursor: inout BinaryCursor) throws(BinaryCursor.Failure) {
        let workoutID = try cursor.uuid()
        self.init(workoutID: workoutID, rpe: try cursor.double())
    }
}

extension WorkoutCompleted: FastBinaryDecodable {
    init(binary cursor: inout BinaryCursor) throws(BinaryCursor.Failure) {
        let workoutID = try cursor.uuid()
        let endedAt = try cursor.timestamp()
        self.init(workoutID: workoutID, endedAt: endedAt, durationSeconds: try cursor.double())
    }
}

extension SetRemoved: FastBinaryDecodable {
    init(binary cursor: inout BinaryCursor) throws(BinaryCursor.Failure) {
        let workoutID = try cursor.uuid()
        self.init(workoutID: workoutID, setID: try cursor.uuid())
    }
}

extension WorkoutNotesChanged: FastBinaryDecodable {
    init(binary cursor: inout BinaryCursor) throws(BinaryCursor.Failure) {
        let workoutID = try cursor.uuid()
        self.init(workoutID: workoutID, notes: try cursor.string())
    }
}
