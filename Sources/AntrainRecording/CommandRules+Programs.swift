import AntrainEvents
import AntrainProjections
import Foundation

/// Rules of programs and of following one.
extension CommandRules {
    func programPlan(_ command: Command) throws -> PlannedAppend {
        switch command {
        case let .createProgram(programID, definition):
            let what = "cannot create program \"\(definition.name)\""
            try requireNew(StreamName.program(programID), "program \"\(definition.name)\"")
            try requireUniqueName(definition.name, except: nil, for: what)
            try requireTemplates(of: definition, for: what)
            return append([ProgramCreated(programID: programID, definition: definition, isPreset: false)])

        case let .updateProgram(programID, definition):
            let what = "cannot update program \(programID.uuidString)"
            _ = try usableProgram(programID, for: what)
            try requireUniqueName(definition.name, except: programID, for: what)
            try requireTemplates(of: definition, for: what)
            return append([ProgramUpdated(programID: programID, definition: definition)])

        case let .duplicateProgram(newProgramID, sourceProgramID, name):
            let what = "cannot duplicate program \(sourceProgramID.uuidString) as \"\(name)\""
            let source = try usableProgram(sourceProgramID, for: what)
            try requireNew(StreamName.program(newProgramID), "program \"\(name)\"")
            try requireUniqueName(name, except: nil, for: what)
            try requireTemplates(of: source.definition, for: what)
            return append([ProgramDuplicated(newProgramID: newProgramID, sourceProgramID: sourceProgramID,
                                             name: name, copying: source.definition)])

        case let .deleteProgram(programID):
            let program = try usableProgram(programID, for: "cannot delete program \(programID.uuidString)")
            try requireNotPreset(program.isPreset, "cannot delete program \"\(program.definition.name)\" "
                + "(\(programID.uuidString)): it is a preset of the library; only programs you made or copied can be deleted")
            return append([ProgramDeleted(programID: programID)])

        case let .activateProgram(programID, startDate):
            _ = try usableProgram(programID, for: "cannot activate program \(programID.uuidString)")
            return append([ProgramActivated(programID: programID, startDate: startDate)])

        case let .deactivateProgram(at):
            guard let programID = try facts.activeProgramID() else {
                throw CommandError(.noActiveProgram, "cannot deactivate a program: no program is active")
            }
            return append([ProgramDeactivated(programID: programID, deactivatedAt: at)])

        default:
            preconditionFailure("not a program command: \(command)")
        }
    }

    /// No other program that is not deleted has this name, ignoring case and the white
    /// space around it.
    func requireUniqueName(_ name: String, except own: UUID?, for what: String) throws {
        let clash = try facts.library.programs(named: name).first { $0.id != own }
        if let program = clash {
            throw CommandError(.duplicateProgramName, "\(what): program \"\(program.definition.name)\" (\(program.id.uuidString)) "
                + "has that name; program names are unique, ignoring case")
        }
    }

    /// Every template a program's days name exists and is not deleted.
    func requireTemplates(of definition: ProgramDefinition, for what: String) throws {
        for week in definition.weeks {
            for day in week.days {
                if let templateID = day.templateID {
                    _ = try usableTemplate(templateID, for: "\(what) (week \(week.number), day \(day.dayOfWeek))")
                }
            }
        }
    }
}
