import AntrainProjections
import ArgumentParser

/// What the command line needs before swift-argument-parser reads it (issue 20): a mistyped
/// command name gets the closest command, and negative numbers reach the commands as values,
/// so that `bodyweight -5kg` is refused as a negative weight rather than as an unknown option.
enum ArgumentRewriting {
    /// The minus sign a negative positional number is handed over with: swift-argument-parser
    /// takes any argument starting with "-" for an option, so `-5kg` travels as `−5kg` (U+2212)
    /// and ``Quantities`` reads both signs.
    static let minusSign: Character = "\u{2212}"

    /// `arguments` with negative numbers made values: `--kcal -1` becomes `--kcal=-1`, and a
    /// lone `-5kg` becomes `−5kg`. Arguments after `--` are left as they are (they are values
    /// already), and so is a number after a one-letter option such as `-n`.
    static func negativeNumbers(_ arguments: [String]) -> [String] {
        var result: [String] = []
        var afterTerminator = false
        for argument in arguments {
            if afterTerminator || !isNegativeNumber(argument) {
                if argument == "--" { afterTerminator = true }
                result.append(argument)
                continue
            }
            if let option = result.last, option.hasPrefix("--"), option.count > 2, !option.contains("=") {
                result[result.count - 1] = option + "=" + argument
            } else if let option = result.last, option.hasPrefix("-"), !option.hasPrefix("--"), option.count == 2 {
                result.append(argument)
            } else {
                result.append(String(minusSign) + argument.dropFirst())
            }
        }
        return result
    }

    /// `text` as the person typed it: the minus sign of a rewritten negative number back to
    /// "-", for messages that quote it.
    static func asTyped(_ text: String) -> String {
        text.replacingOccurrences(of: String(minusSign), with: "-")
    }

    /// `-5`, `-5kg`, `-.5`, `-2.5km`: a minus and a number, with or without a unit.
    static func isNegativeNumber(_ argument: String) -> Bool {
        argument.wholeMatch(of: #/-(?:\d+(?:[.,]\d+)?|[.,]\d+)[A-Za-z:\d]*/#) != nil
    }

    /// The refusal of a command name that is not one, with the closest names, when the first
    /// word after the options of a command with subcommands (and no default one) names none
    /// of them; nil when the arguments name commands all the way down.
    static func unknownCommand(in arguments: [String], root: any ParsableCommand.Type) -> CommandFailure? {
        var command = root
        var index = 0
        var path = [commandName(of: root)]
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" { return nil }
            // The parser's own requests (a completion script, the version) name no command.
            if ["--generate-completion-script", "--version"].contains(argument) { return nil }
            if argument.hasPrefix("-") {
                // Only the log's location (--log-dir, --store, --log) takes a value before a
                // subcommand's name.
                index += LogLocation.optionNames.contains(argument) ? 2 : 1
                continue
            }
            let subcommands = command.configuration.subcommands
            guard !subcommands.isEmpty else { return nil }
            if let next = subcommands.first(where: { names(of: $0).contains(argument) }) {
                command = next
                path.append(commandName(of: next))
                index += 1
                continue
            }
            if command.configuration.defaultSubcommand != nil || argument == "help" { return nil }
            let all = subcommands.flatMap(names(of:))
            let close = all.map { ($0, NameMatching.editDistance(argument.lowercased(), $0)) }
                .filter { $0.1 <= max(2, argument.count / 3) }
                .sorted { ($0.1, $0.0) < ($1.1, $1.0) }
                .prefix(3).map { "\"\($0.0)\"" }
            let asked = (path + [argument]).joined(separator: " ")
            let fix = "\(path.joined(separator: " ")) --help lists the commands"
            if close.isEmpty { return CommandFailure(message: "\"\(asked)\" is not a command", fix: fix, status: .validationFailure) }
            return CommandFailure(message: "\"\(asked)\" is not a command; did you mean \(close.joined(separator: ", "))?",
                                  fix: fix, status: .validationFailure)
        }
        return nil
    }

    private static func names(of command: any ParsableCommand.Type) -> [String] {
        [commandName(of: command)] + command.configuration.aliases
    }

    private static func commandName(of command: any ParsableCommand.Type) -> String {
        command.configuration.commandName ?? command._commandName
    }
}
