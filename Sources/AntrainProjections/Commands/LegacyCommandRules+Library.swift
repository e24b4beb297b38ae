import AntrainEvents
import Foundation

/// Rules of exercises and templates.
extension LegacyCommandRules {
    static func libraryPlan(_ command: Command, in state: LegacyCommandState) throws -> PlannedAppend {
        switch command {
        case let .createExercise(exerciseID, definition):
            try requireNew(StreamName.exercise(exerciseID), "exercise \"\(definition.name)\"", in: state)
            return append([ExerciseCreated(exerciseID: exerciseID, definition: definition, isPreset: false)], in: state)

        case let .updateExercise(exerciseID, definition):
            _ = try usableExercise(exerciseID, in: state, for: "cannot update exercise \(exerciseID.uuidString)")
            return append([ExerciseUpdated(exerciseID: exerciseID, definition: definition)], in: state)

        case let .deleteExercise(exerciseID):
            let exercise = try usableExercise(exerciseID, in: state, for: "cannot delete exercise \(exerciseID.uuidString)")
            guard !exercise.isPreset else {
                throw CommandError(.presetCannotBeDeleted, "cannot delete exercise \"\(exercise.name)\" "
                    + "(\(exerciseID.uuidString)): it is a preset of the library; only exercises you made can be deleted")
            }
            return append([ExerciseDeleted(exerciseID: exerciseID)], in: state)

        case let .createTemplate(templateID, name, notes, items):
            try requireNew(StreamName.template(templateID), "template \"\(name)\"", in: state)
            try requireExercises(of: items, in: state, for: "cannot create template \"\(name)\"")
            return append([TemplateCreated(templateID: templateID, name: name, notes: notes, items: items)], in: state)

        case let .updateTemplate(templateID, name, notes, items):
            let what = "cannot update template \(templateID.uuidString)"
            _ = try usableTemplate(templateID, in: state, for: what)
            try requireExercises(of: items, in: state, for: what)
            return append([TemplateUpdated(templateID: templateID, name: name, notes: notes, items: items)], in: state)

        case let .deleteTemplate(templateID):
            let template = try usableTemplate(templateID, in: state, for: "cannot delete template \(templateID.uuidString)")
            let users = state.programs.values.filter { !$0.isDeleted && $0.templateIDs.contains(templateID) }
            guard users.isEmpty else {
                let names = users.map { "\"\($0.definition.name)\"" }.joined(separator: ", ")
                throw CommandError(.templateInUse, "cannot delete template \"\(template.name)\" (\(templateID.uuidString)): "
                    + "program(s) \(names) use it; change or delete those programs first")
            }
            return append([TemplateDeleted(templateID: templateID)], in: state)

        default:
            preconditionFailure("not a library command: \(command)")
        }
    }

    /// Every exercise a template names exists and is not deleted.
    static func requireExercises(of items: [TemplateItem], in state: LegacyCommandState, for what: String) throws {
        for item in items {
            if let exerciseID = item.exerciseID {
                _ = try usableExercise(exerciseID, in: state, for: "\(what) (item \(item.position))")
            }
        }
    }
}
