import AntrainEvents
import Foundation

/// Where `seed` and `generate` take the preset library from: a directory named by `--library`
/// or `ANTRAIN_LIBRARY_DIR`, else the library built into the binary (issue 39: an installed
/// binary found no `fixtures/library` beside it, and seeded nothing).
enum PresetSource: CustomStringConvertible {
    case directory(URL)
    case builtIn

    /// The source the option names, else the environment's, else the built-in library; a
    /// named directory that is missing or a file is refused (exit 66).
    init(_ option: String?) throws {
        let environment = ProcessInfo.processInfo.environment["ANTRAIN_LIBRARY_DIR"].flatMap { $0.isEmpty ? nil : $0 }
        guard let given = option ?? environment else {
            self = .builtIn
            return
        }
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: given, isDirectory: &isDirectory)
        guard exists, isDirectory.boolValue else {
            throw CommandFailure(message: "the library directory \(given) \(exists ? "is a file, not a directory" : "does not exist")",
                                 fix: "name the directory holding exercises.json, foods.json ... with --library, or leave it out for the built-in library",
                                 status: .noInput)
        }
        self = .directory(URL(fileURLWithPath: given))
    }

    /// The presets, read and validated.
    func load() throws -> LibraryPresets {
        switch self {
        case let .directory(url): try LibraryPresets.load(from: url)
        case .builtIn: try LibraryPresets.builtIn()
        }
    }

    /// The directory's path, or `built-in`, for JSON.
    var name: String {
        switch self {
        case let .directory(url): url.path
        case .builtIn: "built-in"
        }
    }

    /// The directory's path, or "the built-in library".
    var description: String {
        switch self {
        case let .directory(url): url.path
        case .builtIn: "the built-in library"
        }
    }
}
