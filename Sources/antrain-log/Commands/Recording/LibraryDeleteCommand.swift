import AntrainJSON
import AntrainProjections
import AntrainRecording
import ArgumentParser
import Foundation

/// A library `delete` command's own words: its help and the recorder command it appends.
protocol LibraryDeletion {
    static var words: LibraryDeletionWords { get }
}

/// What one library `delete` command says and appends; the rest is ``LibraryDeleteCommand``'s.
struct LibraryDeletionWords: Sendable {
    /// The kind of item deleted: the noun of the argument, the messages and the id's key.
    var kind: LibraryItemKind
    /// The command's words after `antrain-log`, as failures name it ("exercise delete").
    var command: String
    /// The one-line summary of the help.
    var abstract: String
    /// The help's discussion: what else happens, then an example.
    var discussion: String
    /// The recorder command that deletes the item of an id.
    var deletion: @Sendable (UUID) -> Command

    init(_ kind: LibraryItemKind, _ command: String, abstract: String, before: String = "", example: String,
         _ deletion: @escaping @Sendable (UUID) -> Command) {
        (self.kind, self.command, self.abstract, self.deletion) = (kind, command, abstract, deletion)
        discussion = before + "Examples:\n  antrain-log \(command) \(example)"
    }
}

/// `antrain-log <kind> delete NAME`: removes an item of the library by name or id.
///
/// Exercises, categories, foods, templates and programs are deleted alike (resolve the
/// name, append the deletion, say what was deleted), so one command serves them all and
/// each kind says only its words (see ``LibraryDeletion``).
struct LibraryDeleteCommand<Item: LibraryDeletion>: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "delete", abstract: Item.words.abstract, discussion: Item.words.discussion)
    }

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The \(Item.words.kind.rawValue): its name or id.", valueName: Item.words.kind.rawValue))
    var item: String

    func run() async throws {
        let words = Item.words, noun = words.kind.rawValue
        try await RecordingSession.run(global, words.command) { session in
            let found = try await session.names().resolve(item, words.kind)
            try await session.execute(words.deletion(found.id))
            return Recorded("deleted \(noun) \(found.id.uuidString) \"\(found.name)\"", [("\(noun)Id", .id(found.id))])
        }
    }
}
