import AntrainProjections
import Foundation

/// Finds an exercise of a workout as a person names it: by its place in the workout (1 for
/// the first, as `show` lists them) or by the exercise's name or id, when the workout holds
/// that exercise once.
enum EntryLookup {
    /// The entry `typed` names among `contents`' entries; refused (exit 65) when it names
    /// none, or an exercise the workout holds more than once.
    static func find(_ typed: String, in contents: WorkoutContents, names: LibraryNames) throws -> UUID {
        let entries = contents.entries
        let fix = "name it by its place (1 to \(entries.count), in the order antrain-log show WORKOUT lists them) or by its name"
        guard !entries.isEmpty else {
            throw CommandFailure(message: "the workout has no exercises", fix: "add one with antrain-log workout set EXERCISE ...",
                                 status: .rejectedInput)
        }
        if let place = Int(typed.trimmingCharacters(in: .whitespaces)) {
            guard entries.indices.contains(place - 1) else {
                throw CommandFailure(message: "there is no exercise \(place) in the workout: it has \(entries.count)", fix: fix,
                                     status: .rejectedInput)
            }
            return entries[place - 1].entryID
        }
        let exercise = try workoutExercise(typed, in: contents, names: names) ?? names.resolve(typed, .exercise)
        let places = entries.indices.filter { entries[$0].exerciseID == exercise.id }
        switch places.count {
        case 0:
            throw CommandFailure(message: "\(exercise.name) is not in the workout", fix: fix, status: .rejectedInput)
        case 1:
            return entries[places[0]].entryID
        default:
            let list = places.map { String($0 + 1) }.joined(separator: ", ")
            throw CommandFailure(message: "\(exercise.name) is in the workout \(places.count) times (places \(list))",
                                 fix: "name the one you mean by its place: \(list)", status: .rejectedInput)
        }
    }

    /// The one exercise of the workout whose name is `typed` in any case, or else holds its
    /// words ("Squat" in a workout with one squat): the workout is where the person looks,
    /// so a name that is ambiguous in the library may be plain in it. Nil otherwise, and the
    /// library's resolution (with its messages) decides.
    static func workoutExercise(_ typed: String, in contents: WorkoutContents, names: LibraryNames) throws -> LibraryNames.Found? {
        var seen = Set<UUID>()
        let held = try contents.entries.compactMap { entry -> (id: UUID, name: String)? in
            guard seen.insert(entry.exerciseID).inserted, let name = try names.library.exercise(id: entry.exerciseID)?.name else { return nil }
            return (entry.exerciseID, name)
        }
        // As typed, then with lifters' abbreviations written out ("db press").
        for form in [typed] + (ExerciseAbbreviations.expanded(typed).map { [$0] } ?? []) {
            let wanted = NameMatching.key(form)
            let exact = held.filter { NameMatching.key($0.name) == wanted }
            let holding = exact.count == 1 ? [(exact[0].id, exact[0].name)] : NameMatching.holdingWords(of: form, among: held).map { ($0.id, $0.name) }
            if holding.count == 1 { return LibraryNames.Found(id: holding[0].0, name: holding[0].1) }
        }
        return nil
    }
}
