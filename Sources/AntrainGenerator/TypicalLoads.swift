import AntrainEvents

/// The working weight of each exercise for a trained adult man of about 82 kg, for sets of
/// five at the program's intensity 1, before a season's progress: what the generator scales
/// by each athlete's strength, the program's intensity and the reps of the set.
///
/// By name for the presets and the generator's custom exercises (the weights lifters post
/// for their working sets: a 110 kg squat, a 135 kg deadlift, an 85 kg bench, a 50 kg
/// press), else by equipment. Dumbbell weights are per dumbbell. Zero means no external
/// load: bands and bodyweight movements are logged with reps only.
enum TypicalLoads {
    /// Kilograms for sets of five, by exercise name.
    static let byName: [String: Double] = [
        // Barbell.
        "Barbell Back Squat": 110, "Front Squat": 85, "Conventional Deadlift": 135, "Romanian Deadlift": 95,
        "Trap Bar Deadlift": 140, "Barbell Bench Press": 85, "Incline Barbell Bench Press": 70,
        "Close-Grip Bench Press": 72.5, "Overhead Press": 50, "Barbell Row": 75, "Barbell Curl": 35,
        "EZ-Bar Skull Crusher": 30, "Barbell Shrug": 100, "Barbell Hip Thrust": 120, "Power Clean": 70,
        "Thruster": 42.5, "Zercher Squat": 85, "Landmine Press": 30,
        // Dumbbells and kettlebells, per hand.
        "Dumbbell Bench Press": 32, "Incline Dumbbell Press": 28, "Dumbbell Shoulder Press": 22, "Lateral Raise": 10,
        "One-Arm Dumbbell Row": 34, "Dumbbell Curl": 14, "Hammer Curl": 16, "Goblet Squat": 30,
        "Dumbbell Walking Lunge": 20, "Bulgarian Split Squat": 18, "Kettlebell Swing": 24,
        // Machines and cables (the stack's number).
        "Leg Press": 180, "Leg Extension": 55, "Lying Leg Curl": 45, "Standing Calf Raise": 90, "Seated Calf Raise": 60,
        "Machine Chest Press": 70, "Pec Deck": 55, "Hip Adduction Machine": 60, "Hip Abduction Machine": 60,
        "Smith Machine Squat": 95, "Lat Pulldown": 65, "Seated Cable Row": 65, "Cable Fly": 15, "Triceps Pushdown": 30,
        "Face Pull": 25, "Cable Crunch": 40, "Pallof Press": 15, "Sled Push": 80,
        // Small fixed loads.
        "Plate Neck Flexion": 10, "Wall Ball": 9,
        // No external load.
        "Band Pull-Apart": 0,
    ]

    /// The kilograms for sets of five of `definition`; 0 when it carries no external load.
    static func kilograms(for definition: ExerciseDefinition) -> Double {
        if definition.equipment == .band || definition.kind == .bodyweight { return 0 }
        if let known = byName[definition.name] { return known }
        switch definition.equipment {
        case .barbell: return 60
        case .trapBar: return 120
        case .smithMachine: return 80
        case .machine: return 60
        case .ezBar: return 30
        case .cable: return 30
        case .dumbbell: return 16
        case .kettlebell: return 20
        case .plate: return 10
        case .band, .bodyweight, .none, .other: return 0
        }
    }

    /// What a set of `reps` weighs relative to a set of five: the Epley estimate of one
    /// maximum, `w × (1 + reps / 30)`, held equal (12 reps: 0.83; 3 reps: 1.06).
    static func repsFactor(_ reps: Int) -> Double {
        (1 + 5.0 / 30) / (1 + Double(max(1, reps)) / 30)
    }
}
