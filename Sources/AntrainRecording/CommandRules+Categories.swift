import AntrainEvents
import AntrainProjections
import Foundation

/// Rules of the exercise categories a person makes ("Push", "Mobility"): names unique among
/// the categories not deleted, ignoring case; the preset categories keep their names and stay.
extension CommandRules {
    func categoryPlan(_ command: Command) throws -> PlannedAppend {
        switch command {
        case let .createCategory(categoryID, name):
            try requireNew(StreamName.category(categoryID), "category \"\(name)\"")
            try requireUniqueCategoryName(name, except: nil, for: "cannot create category \"\(name)\"")
            return append([ExerciseCategoryCreated(categoryID: categoryID, name: name)])

        case let .renameCategory(categoryID, name):
            let what = "cannot rename category \(categoryID.uuidString) to \"\(name)\""
            let category = try usableCategory(categoryID, for: what)
            guard !category.isPreset else {
                throw CommandError(.presetCannotBeRenamed, "cannot rename category \"\(category.name)\": it is a preset of the "
                    + "library; only categories you made can be renamed")
            }
            try requireUniqueCategoryName(name, except: categoryID, for: what)
            return append([ExerciseCategoryRenamed(categoryID: categoryID, name: name)])

        case let .deleteCategory(categoryID):
            let category = try usableCategory(categoryID, for: "cannot delete category \(categoryID.uuidString)")
            try requireNotPreset(category.isPreset, "cannot delete category \"\(category.name)\": it is a preset of the "
                + "library; only categories you made can be deleted")
            return append([ExerciseCategoryDeleted(categoryID: categoryID)])

        default:
            preconditionFailure("not a category command: \(command)")
        }
    }

    /// No other category that is not deleted has this name, ignoring case and the white space
    /// around it.
    func requireUniqueCategoryName(_ name: String, except own: UUID?, for what: String) throws {
        if let clash = try facts.library.category(named: name), clash.id != own {
            throw CommandError(.duplicateCategoryName, "\(what): category \"\(clash.name)\" (\(clash.id.uuidString)) has that "
                + "name; category names are unique, ignoring case")
        }
    }
}
