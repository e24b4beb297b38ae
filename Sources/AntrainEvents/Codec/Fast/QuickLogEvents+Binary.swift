import Foundation

// Hand-written binary decoders of the quick logs (see FastBinaryDecodable): a cardio session
// or a metcon is one event, tens of thousands of them in a season of many athletes, and the
// Codable path cost a few microseconds each. Fields are read in declaration order, as the
// synthesized `init(from:)` reads them. These read the current version (2, with the time
// zone last); records of version 1 go through the frozen shapes and their upcasters.

extension CardioLogged: FastBinaryDecodable {
    init(binary cursor: inout BinaryCursor) throws(BinaryCursor.Failure) {
        let workoutID = try cursor.uuid()
        let activity = try cursor.rawValue(RawValueTables.cardioActivity)
        let startedAt = try cursor.timestamp()
        let name = try cursor.optionalString()
        let distanceMetres = try cursor.optionalDouble()
        let durationSeconds = try cursor.double()
        let pace = try cursor.optionalDouble()
        let notes = try cursor.optionalString()
        self.init(workoutID: workoutID, activity: activity, startedAt: startedAt, name: name, distanceMetres: distanceMetres,
                  durationSeconds: durationSeconds, paceSecondsPerKilometre: pace, notes: notes, timeZone: try cursor.string())
    }
}

extension MetconLogged: FastBinaryDecodable {
    init(binary cursor: inout BinaryCursor) throws(BinaryCursor.Failure) {
        let workoutID = try cursor.uuid()
        let format = try cursor.rawValue(RawValueTables.metconFormat)
        let startedAt = try cursor.timestamp()
        let name = try cursor.optionalString()
        let rounds = try cursor.optionalInt()
        let durationSeconds = try cursor.double()
        let result = try cursor.optionalString()
        let notes = try cursor.optionalString()
        self.init(workoutID: workoutID, format: format, startedAt: startedAt, name: name, rounds: rounds,
                  durationSeconds: durationSeconds, result: result, notes: notes, timeZone: try cursor.string())
    }
}
