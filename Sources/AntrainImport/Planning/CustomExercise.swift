import AntrainEvents

/// The definition of an exercise an import meets that the library lacks, guessed from what
/// the export says: the name's equipment suffix ("Squat (Barbell)"), the export's category
/// ("Legs"), words of the name ("curl", "row") and how its sets were measured. A guess the
/// user can correct with `ExerciseUpdated`; the name is always kept as written.
enum CustomExercise {
    static func definition(name: String, category: String?, sets: [ImportedSet]) -> ExerciseDefinition {
        let lower = name.lowercased()
        let kind = kind(of: sets)
        let equipment = equipment(lower, kind: kind)
        var muscles = muscleGroups(lower + " " + (category ?? "").lowercased())
        if muscles.isEmpty { muscles = kind == .distance || kind == .time && equipment == .none ? [.cardio] : [.fullBody] }
        return ExerciseDefinition(name: name, category: exerciseCategory(equipment, kind: kind, muscles: muscles), kind: kind,
                                  equipment: equipment, muscleGroups: muscles, description: "Created by an import.")
    }

    /// Distance when any set has a distance, time when sets are timed only, bodyweight when
    /// reps come without load, else weight and reps.
    static func kind(of sets: [ImportedSet]) -> ExerciseKind {
        if sets.contains(where: { $0.distanceMetres != nil }) { return .distance }
        if !sets.isEmpty, sets.allSatisfy({ $0.reps == nil }) { return .time }
        if sets.allSatisfy({ ($0.weight?.value ?? 0) == 0 }) { return .bodyweight }
        return .weightAndReps
    }

    private static let equipmentWords: [(String, Equipment)] = [
        ("smith", .smithMachine), ("ez bar", .ezBar), ("ez-bar", .ezBar), ("trap bar", .trapBar), ("hex bar", .trapBar),
        ("barbell", .barbell), ("dumbbell", .dumbbell), ("kettlebell", .kettlebell), ("cable", .cable), ("machine", .machine),
        ("band", .band), ("plate", .plate), ("bodyweight", .bodyweight), ("assisted", .machine), ("weighted", .plate),
    ]

    static func equipment(_ lower: String, kind: ExerciseKind) -> Equipment {
        for (word, equipment) in equipmentWords where lower.contains(word) { return equipment }
        switch kind {
        case .bodyweight: return .bodyweight
        case .time, .distance: return .none
        case .weightAndReps: return .other
        }
    }

    private static func exerciseCategory(_ equipment: Equipment, kind: ExerciseKind, muscles: [MuscleGroup]) -> ExerciseCategory {
        if kind == .distance || muscles == [.cardio] { return .cardio }
        switch equipment {
        case .barbell, .ezBar, .trapBar, .smithMachine: return .barbell
        case .dumbbell, .kettlebell: return .dumbbell
        case .machine, .plate: return .machine
        case .cable, .band: return .cable
        case .bodyweight, .none, .other: return kind == .weightAndReps ? .machine : .bodyweight
        }
    }

    /// Words of names and export categories, and the muscle groups they mean, main first.
    private static let muscleWords: [(String, [MuscleGroup])] = [
        ("bench", [.chest, .triceps]), ("chest", [.chest]), ("fly", [.chest]), ("push up", [.chest, .triceps]),
        ("push-up", [.chest, .triceps]), ("dip", [.triceps, .chest]), ("squat", [.quads, .glutes]), ("lunge", [.quads, .glutes]),
        ("leg press", [.quads, .glutes]), ("leg extension", [.quads]), ("leg curl", [.hamstrings]), ("deadlift", [.hamstrings, .glutes, .lowerBack]),
        ("hip thrust", [.glutes]), ("calf", [.calves]), ("legs", [.quads, .hamstrings]), ("row", [.back, .lats]),
        ("pulldown", [.lats, .biceps]), ("pull up", [.lats, .biceps]), ("pull-up", [.lats, .biceps]), ("chin", [.lats, .biceps]),
        ("back", [.back]), ("shrug", [.traps]), ("overhead press", [.shoulders, .triceps]), ("shoulder", [.shoulders]),
        ("lateral raise", [.shoulders]), ("face pull", [.shoulders, .traps]), ("curl", [.biceps]), ("bicep", [.biceps]),
        ("tricep", [.triceps]), ("pushdown", [.triceps]), ("skull", [.triceps]), ("arms", [.biceps, .triceps]),
        ("crunch", [.abs]), ("plank", [.abs]), ("abs", [.abs]), ("sit up", [.abs]), ("russian twist", [.obliques]),
        ("wrist", [.forearms]), ("running", [.cardio]), ("treadmill", [.cardio]), ("cycl", [.cardio]), ("bike", [.cardio]), ("rowing", [.cardio]),
        ("walk", [.cardio]), ("swim", [.cardio]), ("elliptical", [.cardio]), ("cardio", [.cardio]),
    ]

    static func muscleGroups(_ text: String) -> [MuscleGroup] {
        var groups: [MuscleGroup] = []
        for (word, found) in muscleWords where text.contains(word) {
            for group in found where !groups.contains(group) { groups.append(group) }
        }
        return Array(groups.prefix(4))
    }
}
