import AntrainEvents
import Foundation

/// The handful of exercises and foods that users add to the preset library themselves.
/// Their ids are stable (`UUID.stable("generator", kind, slug)`), like presets', so every
/// generated log holds the same ones whatever its seed.
enum CustomLibrary {
    static func exercises() -> [ExerciseCreated] {
        [
            exercise("landmine-press", "Landmine Press", .barbell, .barbell, [.shoulders, .chest, .triceps]),
            exercise("sled-push", "Sled Push", .machine, .other, [.quads, .glutes, .calves]),
            exercise("band-external-rotation", "Band External Rotation", .bodyweight, .band, [.shoulders]),
            exercise("zercher-squat", "Zercher Squat", .barbell, .barbell, [.quads, .glutes, .abs]),
        ]
    }

    static func foods() -> [FoodItemCreated] {
        [
            food("grandmas-lasagne", "Grandma's lasagne", nil, Nutrients(caloriesKcal: 165, proteinG: 9.5, carbsG: 14, fatsG: 7.8), 350, .prepared),
            food("overnight-oats", "Overnight oats with berries", nil, Nutrients(caloriesKcal: 140, proteinG: 5.2, carbsG: 22, fatsG: 3.1), 250, .grains),
            food("protein-bar", "Protein bar, chocolate", "Gymfuel", Nutrients(caloriesKcal: 370, proteinG: 32, carbsG: 35, fatsG: 11), 60, .snacks),
            food("chicken-rice-bowl", "Chicken and rice meal prep", nil, Nutrients(caloriesKcal: 150, proteinG: 13, carbsG: 18, fatsG: 2.5), 400, .prepared),
        ]
    }

    private static func exercise(_ slug: String, _ name: String, _ category: ExerciseCategory, _ equipment: Equipment,
                                 _ muscles: [MuscleGroup]) -> ExerciseCreated {
        // Band movements too, like the preset Band Pull-Apart: reps with no load logged. Kind
        // bodyweight would make personal records count the athlete's bodyweight as the band's load.
        let kind: ExerciseKind = .weightAndReps
        return ExerciseCreated(exerciseID: UUID.stable("generator", "exercise", slug),
                               definition: ExerciseDefinition(name: name, category: category, kind: kind, equipment: equipment,
                                                              muscleGroups: muscles),
                               isPreset: false)
    }

    private static func food(_ slug: String, _ name: String, _ brand: String?, _ per100g: Nutrients, _ serving: Double,
                             _ category: FoodCategory) -> FoodItemCreated {
        FoodItemCreated(foodID: UUID.stable("generator", "food", slug),
                        definition: FoodDefinition(name: name, brand: brand, per100g: per100g, servingSizeG: serving,
                                                   category: category),
                        isPreset: false)
    }
}
