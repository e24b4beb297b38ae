import AntrainEvents
import Foundation

// The checkpoint (and the digest, which is the same type) holds the programs, templates, names,
// active program, unit, workouts and completions, exactly as before the memo of the last
// workout was added: the memo only makes lookups faster, so it is neither encoded nor
// compared.
extension ProgramProgress {
    enum CodingKeys: String, CodingKey {
        case programs, templates, exerciseNames, active, settingsUnit, workouts, completionOrder
    }

    /// Equal when everything encoded is.
    public static func == (lhs: ProgramProgress, rhs: ProgramProgress) -> Bool {
        lhs.programs == rhs.programs && lhs.templates == rhs.templates && lhs.exerciseNames == rhs.exerciseNames
            && lhs.active == rhs.active && lhs.settingsUnit == rhs.settingsUnit && lhs.workouts == rhs.workouts
            && lhs.completionOrder == rhs.completionOrder
    }
}
