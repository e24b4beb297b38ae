/// The built-in category of an exercise, which decides where the library lists it.
///
/// User-defined groupings ("Push", "Mobility") are separate: see ``ExerciseCategoryCreated``.
public enum ExerciseCategory: String, StringCodedEnum {
    /// Lifts with a barbell (a trap bar or an EZ bar included).
    case barbell
    /// Lifts with one or two dumbbells.
    case dumbbell
    /// Exercises moving the body's own weight.
    case bodyweight
    /// Exercises on a plate-loaded or selectorized machine.
    case machine
    /// Exercises on a cable station.
    case cable
    /// Steady or interval cardio: running, rowing, cycling.
    case cardio
    /// Metabolic conditioning movements: swings, burpees, thrusters.
    case metcon
}

/// A muscle group an exercise trains.
public enum MuscleGroup: String, StringCodedEnum {
    /// Pectorals.
    case chest
    /// The upper and middle back (rhomboids, teres).
    case back
    /// Deltoids.
    case shoulders
    /// Biceps.
    case biceps
    /// Triceps.
    case triceps
    /// Forearms and grip.
    case forearms
    /// The abdominal wall.
    case abs
    /// The obliques.
    case obliques
    /// The spinal erectors.
    case lowerBack
    /// Trapezius.
    case traps
    /// Latissimus dorsi.
    case lats
    /// Quadriceps.
    case quads
    /// Hamstrings.
    case hamstrings
    /// Glutes.
    case glutes
    /// Calves.
    case calves
    /// Hip adductors (inner thigh).
    case adductors
    /// Hip abductors (outer hip).
    case abductors
    /// Neck.
    case neck
    /// The whole body at once (cleans, burpees).
    case fullBody
    /// The heart and lungs rather than one muscle.
    case cardio
    /// The trunk as a whole (abs, obliques, lower back), as the app's designs name it (seeds
    /// 001 and 002). Added last: the projections' state stores a muscle group by its place.
    case core
    /// The legs as a whole, as seed 002 names them, for exercises not filed by muscle.
    case legs
}

/// What an exercise is done with.
public enum Equipment: String, StringCodedEnum {
    /// A straight barbell.
    case barbell
    /// Dumbbells.
    case dumbbell
    /// A kettlebell.
    case kettlebell
    /// A machine.
    case machine
    /// A cable station.
    case cable
    /// Nothing but the body (a bar to hang from at most).
    case bodyweight
    /// A resistance band.
    case band
    /// A Smith machine.
    case smithMachine
    /// An EZ curl bar.
    case ezBar
    /// A trap (hex) bar.
    case trapBar
    /// A weight plate held in the hands.
    case plate
    /// No equipment at all (running, say).
    case none
    /// Anything else: a box, a rope, a medicine ball.
    case other
}

/// How an exercise's sets are measured, which decides the fields a set logs.
public enum ExerciseKind: String, StringCodedEnum {
    /// Repetitions with an external load.
    case weightAndReps
    /// A duration (a plank, a session on the bike).
    case time
    /// A distance (a run, a row).
    case distance
    /// Repetitions of the body's own weight, with an optional added load.
    case bodyweight
}

/// Limits shared by the exercise library events.
enum LibraryLimits {
    /// Names of exercises and categories, after trimming.
    static let name = 100
    /// An exercise's description.
    static let description = 1000
    /// User-defined categories one exercise may belong to.
    static let categories = 0...20
}
