import AntrainEvents
import Foundation

// The checkpoint (and the digest, which is the same type) holds the programs, templates, names,
// active program, unit, workouts and completions, exactly as before the memo of the last
// workout was added: the memo only makes lookups faster, so it is not encoded (and a
// ``RecentKey`` always compares equal, so the synthesized `==` leaves it out).
extension LegacyProgramProgress {
    enum CodingKeys: String, CodingKey {
        case programs, templates, exerciseNames, active, settingsUnit, workouts, completionOrder
    }
}
