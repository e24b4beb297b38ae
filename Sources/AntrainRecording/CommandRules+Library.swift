import AntrainEvents
import AntrainProjections
import Foundation

/// Rules of exercises and templates.
extension CommandRules {
    func libraryPlan(_ command: Command) throws -> PlannedAppend {
        switch command {
        case let .createExercise(exerciseID, definition):
            try requireNew(StreamName.exercise(exerciseID), "exercise \"\(definition.name)\"")
            try requireUniqueName(.exercise, definition.name, except: nil, for: "cannot create exercise \"\(definition.name)\"")
            try requireCategories(of: definition, for: "cannot create exercise \"\(definition.name)\"")
            return append([ExerciseCreated(exerciseID: exerciseID, definition: definition, isPreset: false)])

        case let .updateExercise(exerciseID, definition):
            let current = try usableExercise(exerciseID, for: "cannot update exercise \(exerciseID.uuidString)")
            try requireUniqueName(.exercise, definition.name, except: exerciseID, for: "cannot rename exercise \"\(current.name)\"")
            // Categories it already names may have been deleted since; only new ones are checked.
            let added = definition.categoryIDs.filter { !current.definition.categoryIDs.contains($0) }
            for categoryID in added { _ = try usableCategory(categoryID, for: "cannot update exercise \"\(definition.name)\"") }
            return append([ExerciseUpdated(exerciseID: exerciseID, definition: definition)])

        case let .deleteExercise(exerciseID):
            let exercise = try usableExercise(exerciseID, for: "cannot delete exercise \(exerciseID.uuidString)")
            try requireNotPreset(exercise.isPreset, "cannot delete exercise \"\(exercise.name)\" "
                + "(\(exerciseID.uuidString)): it is a preset of the library; only exercises you made can be deleted")
            return append([ExerciseDeleted(exerciseID: exerciseID)])

        case .createCategory, .renameCategory, .deleteCategory:
            return try categoryPlan(command)

        case let .createTemplate(templateID, name, notes, items):
            try requireNew(StreamName.template(templateID), "template \"\(name)\"")
            try requireUniqueName(.template, name, except: nil, for: "cannot create template \"\(name)\"")
            try requireExercises(of: items, for: "cannot create template \"\(name)\"")
            try requireAnExercise(in: items, for: "cannot create template \"\(name)\"")
            return append([TemplateCreated(templateID: templateID, name: name, notes: notes, items: items)])

        case let .updateTemplate(templateID, name, notes, items):
            let what = "cannot update template \(templateID.uuidString)"
            let current = try usableTemplate(templateID, for: what)
            try requireUniqueName(.template, name, except: templateID, for: "cannot rename template \"\(current.name)\"")
            try requireExercises(of: items, for: what)
            try requireAnExercise(in: items, for: what)
            return append([TemplateUpdated(templateID: templateID, name: name, notes: notes, items: items)])

        case let .deleteTemplate(templateID):
            let template = try usableTemplate(templateID, for: "cannot delete template \(templateID.uuidString)")
            let users = try facts.library.programs(using: templateID)
            guard users.isEmpty else {
                let names = users.map { "\"\($0.definition.name)\"" }.joined(separator: ", ")
                throw CommandError(.templateInUse, "cannot delete template \"\(template.name)\" (\(templateID.uuidString)): "
                    + "program(s) \(names) use it; change or delete those programs first")
            }
            return append([TemplateDeleted(templateID: templateID)])

        default:
            preconditionFailure("not a library command: \(command)")
        }
    }

    /// No other item of `kind` that is not deleted, preset or own, has this name (ignoring
    /// case and the white space around it): a name resolves to the first of its holders, so
    /// a second would never be reached by name.
    func requireUniqueName(_ kind: LibraryItemKind, _ name: String, except own: UUID?, for what: String) throws {
        let clash: (id: UUID, name: String, isPreset: Bool)? = switch kind {
        case .exercise: try facts.library.exercise(named: name).map { ($0.id, $0.name, $0.isPreset) }
        case .food: try facts.library.food(named: name).map { ($0.id, $0.definition.name, $0.isPreset) }
        case .template: try facts.library.template(named: name).map { ($0.id, $0.name, $0.isPreset) }
        default: nil
        }
        guard let clash, clash.id != own else { return }
        throw CommandError(.duplicateName, "\(what): \(clash.isPreset ? "the preset" : "your") \(kind.rawValue) \"\(clash.name)\" "
            + "(\(clash.id.uuidString)) has that name, and names of the library are unique, ignoring case")
    }

    /// Every own category an exercise names exists and is not deleted.
    func requireCategories(of definition: ExerciseDefinition, for what: String) throws {
        for categoryID in definition.categoryIDs { _ = try usableCategory(categoryID, for: what) }
    }

    /// Every exercise a template names exists and is not deleted.
    func requireExercises(of items: [TemplateItem], for what: String) throws {
        for item in items {
            if let exerciseID = item.exerciseID {
                _ = try usableExercise(exerciseID, for: "\(what) (item \(item.position))")
            }
        }
    }

    /// A template holds an exercise, not only breaks (seed 002: "Add at least one exercise to
    /// the workout"); a workout started from breaks alone would hold nothing to do. No items
    /// at all is left to the event's validation, which names the count.
    func requireAnExercise(in items: [TemplateItem], for what: String) throws {
        guard !items.isEmpty, !items.contains(where: { $0.exerciseID != nil }) else { return }
        throw CommandError(.templateWithoutExercise, "\(what): it holds no exercise, only \(items.count) break\(items.count == 1 ? "" : "s")")
    }
}
