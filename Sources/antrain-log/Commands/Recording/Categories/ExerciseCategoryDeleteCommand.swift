import AntrainProjections

/// `antrain-log exercise category delete`: deletes a category of your own.
typealias ExerciseCategoryDeleteCommand = LibraryDeleteCommand<CategoryDeletion>

/// The words of `exercise category delete`.
enum CategoryDeletion: LibraryDeletion {
    static let words = LibraryDeletionWords(.category, "exercise category delete",
                                            abstract: "Delete a category you made; its exercises stay in the library.",
                                            before: """
                                                The preset categories stay. Exercises that were in the category keep \
                                                everything else; exercise list --category no longer finds them by it.


                                                """, example: "Mobility") { .deleteCategory(categoryID: $0) }
}
