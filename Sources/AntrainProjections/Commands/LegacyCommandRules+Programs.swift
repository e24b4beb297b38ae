import AntrainEvents
import Foundation

/// Rules of programs and of following one.
extension LegacyCommandRules {
    static func programPlan(_ command: Command, in state: LegacyCommandState) throws -> PlannedAppend {
        switch command {
        case let .createProgram(programID, definition):
            let what = "cannot create program \"\(definition.name)\""
            try requireNew(StreamName.program(programID), "program \"\(definition.name)\"", in: state)
            try requireUniqueName(definition.name, except: nil, in: state, for: what)
            try requireTemplates(of: definition, in: state, for: what)
            return append([ProgramCreated(programID: programID, definition: definition, isPreset: false)], in: state)

        case let .updateProgram(programID, definition):
            let what = "cannot update program \(programID.uuidString)"
            _ = try usableProgram(programID, in: state, for: what)
            try requireUniqueName(definition.name, except: programID, in: state, for: what)
            try requireTemplates(of: definition, in: state, for: what)
            return append([ProgramUpdated(programID: programID, definition: definition)], in: state)

        case let .duplicateProgram(newProgramID, sourceProgramID, name):
            let what = "cannot duplicate program \(sourceProgramID.uuidString) as \"\(name)\""
            let source = try usableProgram(sourceProgramID, in: state, for: what)
            try requireNew(StreamName.program(newProgramID), "program \"\(name)\"", in: state)
            try requireUniqueName(name, except: nil, in: state, for: what)
            try requireTemplates(of: source.definition, in: state, for: what)
            return append([ProgramDuplicated(newProgramID: newProgramID, sourceProgramID: sourceProgramID,
                                             name: name, copying: source.definition)], in: state)

        case let .deleteProgram(programID):
            let program = try usableProgram(programID, in: state, for: "cannot delete program \(programID.uuidString)")
            guard !program.isPreset else {
                throw CommandError(.presetCannotBeDeleted, "cannot delete program \"\(program.definition.name)\" "
                    + "(\(programID.uuidString)): it is a preset of the library; only programs you made or copied can be deleted")
            }
            return append([ProgramDeleted(programID: programID)], in: state)

        case let .activateProgram(programID, startDate):
            _ = try usableProgram(programID, in: state, for: "cannot activate program \(programID.uuidString)")
            return append([ProgramActivated(programID: programID, startDate: startDate)], in: state)

        case let .deactivateProgram(at):
            guard let programID = state.activeProgramID else {
                throw CommandError(.noActiveProgram, "cannot deactivate a program: no program is active")
            }
            return append([ProgramDeactivated(programID: programID, deactivatedAt: at)], in: state)

        default:
            preconditionFailure("not a program command: \(command)")
        }
    }

    /// No other program that is not deleted has this name, ignoring case and the white
    /// space around it.
    static func requireUniqueName(_ name: String, except own: UUID?, in state: LegacyCommandState, for what: String) throws {
        let key = name.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        let clash = state.programs.first { id, program in
            id != own && !program.isDeleted
                && program.definition.name.trimmingCharacters(in: .whitespacesAndNewlines).lowercased() == key
        }
        if let (id, program) = clash {
            throw CommandError(.duplicateProgramName, "\(what): program \"\(program.definition.name)\" (\(id.uuidString)) "
                + "has that name; program names are unique, ignoring case")
        }
    }

    /// Every template a program's days name exists and is not deleted.
    static func requireTemplates(of definition: ProgramDefinition, in state: LegacyCommandState, for what: String) throws {
        for week in definition.weeks {
            for day in week.days {
                if let templateID = day.templateID {
                    _ = try usableTemplate(templateID, in: state, for: "\(what) (week \(week.number), day \(day.dayOfWeek))")
                }
            }
        }
    }
}
