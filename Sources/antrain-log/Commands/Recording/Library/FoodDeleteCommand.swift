import AntrainProjections

/// `antrain-log food delete`: removes a food you made from the library.
typealias FoodDeleteCommand = LibraryDeleteCommand<FoodDeletion>

/// The words of `food delete`.
enum FoodDeletion: LibraryDeletion {
    static let words = LibraryDeletionWords(.food, "food delete",
                                            abstract: "Delete a food you made (presets stay); diary entries that name it stay.",
                                            example: "\"Overnight oats\"") { .deleteFood(foodID: $0) }
}
