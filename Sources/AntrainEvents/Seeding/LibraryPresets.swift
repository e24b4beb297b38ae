import Foundation

/// The preset library: exercises, categories, templates, programs and foods that every new
/// log starts with, read from the JSON files of `fixtures/library/` (or a folder like it), or
/// built in (``builtIn()``, the same files as they were when the package was built).
///
/// Each file is a JSON array of events in their JSON form (docs/EVENTS.md): `exercises.json`
/// holds `ExerciseCreated`, `categories.json` `ExerciseCategoryCreated`, `templates.json`
/// `TemplateCreated`, `programs.json` `ProgramCreated` and `foods.json` `FoodItemCreated`.
/// Presets name each other by id (a program's days name templates, templates name exercises).
public struct LibraryPresets: Sendable {
    /// Every preset, in file order (categories, exercises, templates, programs, foods); the
    /// seeder appends them in this order, each to its own stream.
    public var events: [any DomainEvent]

    /// Presets from events.
    public init(events: [any DomainEvent]) {
        self.events = events
    }

    /// The files, in seeding order, with the event type each holds.
    static let files: [(name: String, type: any DomainEvent.Type)] = [
        ("categories.json", ExerciseCategoryCreated.self), ("exercises.json", ExerciseCreated.self),
        ("templates.json", TemplateCreated.self), ("programs.json", ProgramCreated.self), ("foods.json", FoodItemCreated.self),
    ]

    /// Reads and validates every preset file in `directory`.
    ///
    /// - Throws: ``PresetError`` naming the file, the entry and the problem; a missing file is
    ///   an error too, so that a broken installation is not mistaken for an empty library.
    public static func load(from directory: URL) throws -> LibraryPresets {
        try load { name in
            let url = directory.appendingPathComponent(name)
            guard let data = FileManager.default.contents(atPath: url.path) else {
                throw PresetError(file: url.path, entry: nil, reason: "cannot be read (does it exist?)")
            }
            return (data, url.path)
        }
    }

    /// The presets built into the package (`fixtures/library/` when it was built), which need
    /// no file at run time: `seed` and `generate` work wherever the binary is installed.
    public static func builtIn() throws -> LibraryPresets {
        try load { name in
            guard let text = builtInFiles[name] else {
                throw PresetError(file: "built-in " + name, entry: nil, reason: "is missing from the build")
            }
            return (Data(text.utf8), "built-in " + name)
        }
    }

    /// Reads and validates each file, its bytes and the name its errors give it from `read`.
    private static func load(_ read: (String) throws -> (data: Data, path: String)) throws -> LibraryPresets {
        var events: [any DomainEvent] = []
        for file in files {
            let (data, path) = try read(file.name)
            let loaded = try decode(file.type, from: data, path: path)
            for (index, event) in loaded.enumerated() {
                do { try event.validate() } catch { throw PresetError(file: path, entry: index, reason: error.description) }
            }
            events += loaded
        }
        return LibraryPresets(events: events)
    }

    private static func decode<E: DomainEvent>(_: E.Type, from data: Data, path: String) throws -> [any DomainEvent] {
        do {
            return try JSONDecoder().decode([E].self, from: data)
        } catch let error as DecodingError {
            let context: DecodingError.Context? = switch error {
            case let .dataCorrupted(found), let .keyNotFound(_, found), let .typeMismatch(_, found), let .valueNotFound(_, found): found
            @unknown default: nil
            }
            let entry = context?.codingPath.first?.intValue
            throw PresetError(file: path, entry: entry, reason: "is not a list of \(E.eventType) in JSON form: \(error)")
        }
    }
}

/// A preset file that cannot be used: which file, which entry, why.
public struct PresetError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file's path.
    public var file: String
    /// The entry's index in the file's array, when one entry is at fault.
    public var entry: Int?
    /// What is wrong.
    public var reason: String

    public var description: String {
        "\(file)" + (entry.map { " entry \($0)" } ?? "") + ": \(reason)"
    }
}
