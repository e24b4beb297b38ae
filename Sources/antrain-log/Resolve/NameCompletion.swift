import AntrainProjections
import ArgumentParser
import Foundation

/// Shell completion of the library's names from the log itself (issue 39): exercises, foods,
/// templates and programs as `exercise list`, `food list` and the others would show them,
/// read from the log the command line names (`--log-dir`, `--store` and `--log` typed so far,
/// else the environment), so that a name a user added completes as a preset does.
///
/// The shell runs the binary for these (the scripts of `--generate-completion-script` do):
/// a completion that cannot read the log (no log yet, a server away) offers nothing, and says
/// nothing, rather than print an error into the prompt.
enum NameCompletion {
    static let exercises = CompletionKind.custom { words, _, prefix in await names(.exercise, words, prefix) }
    static let foods = CompletionKind.custom { words, _, prefix in await names(.food, words, prefix) }
    static let templates = CompletionKind.custom { words, _, prefix in await names(.template, words, prefix) }
    static let programs = CompletionKind.custom { words, _, prefix in await names(.program, words, prefix) }

    /// The live names of `kind` that start with `prefix` (ignoring case), in the library's order.
    static func names(_ kind: LibraryItemKind, _ words: [String], _ prefix: String) async -> [String] {
        do {
            let location = try LogLocation.parse(locationArguments(in: words))
            let place = try location.resolvedPlace()
            let library = Library(try await StateAccess.store(Library.models, place: place))
            let wanted = prefix.lowercased()
            return try library.liveNames(of: kind).map(\.name).filter { $0.lowercased().hasPrefix(wanted) }
        } catch {
            return []
        }
    }

    /// The options among `words` that say where the log is, with their values
    /// (`--log-dir DIR`, `--store=URL`, ...), in the order typed.
    static func locationArguments(in words: [String]) -> [String] {
        let options = LogLocation.optionNames
        var found: [String] = []
        var index = 0
        while index < words.count {
            let word = words[index]
            if options.contains(word), index + 1 < words.count {
                found += [word, words[index + 1]]
                index += 2
                continue
            }
            if options.contains(where: { word.hasPrefix($0 + "=") }) { found.append(word) }
            index += 1
        }
        return found
    }
}
