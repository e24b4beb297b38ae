import AntrainEvents
import AntrainJSON
import Foundation

/// A program file of `program add NAME --file`: a ProgramDefinition as docs/EVENTS.md shows
/// it, read key by key so that every problem is named in the file's words ("weeks[1].days[0]
/// has no \"dayOfWeek\""), never as a decoder's error.
///
/// What the file may leave out: `name` (it is NAME, and a `name` in the file is not used),
/// `category`, `difficulty`,
/// `progression`, `description` and `durationWeeks` (the options', else the highest week
/// number), a week's `number` (its place), its `intensityModifier`, `volumeModifier` and
/// `isDeload` (the progression's for that week), and a day's `name` (its template's). A day
/// names its template by id (`templateID`) or by name or id (`template`); `dayOfWeek` is
/// 1 (Monday) to 7 (Sunday) or a day's name. Keys it does not know are refused, so that a
/// misspelt `note` is not dropped without a word.
struct ProgramFile {
    /// A day as the file gives it; its template is resolved against the library later.
    struct Day {
        var day: ProgramDay
        var hasName: Bool
        var template: String?
        var path: String
    }

    /// A week as the file gives it: the modifiers it leaves out are nil.
    struct Week {
        var number: Int
        var name: String?
        var notes: String?
        var phase: String?
        var intensityModifier: Double?
        var volumeModifier: Double?
        var isDeload: Bool?
        var days: [Day]
    }

    var name: String?
    var description: String?
    var category: ProgramCategory?
    var difficulty: ProgramDifficulty?
    var progression: ProgressionPattern?
    var durationWeeks: Int?
    var weeks: [Week] = []

    static let programKeys = ["name", "description", "category", "difficulty", "progression", "durationWeeks", "weeks"]
    static let weekKeys = ["number", "name", "notes", "phase", "intensityModifier", "volumeModifier", "isDeload", "days"]
    static let dayKeys = ["dayOfWeek", "name", "notes", "templateID", "template", "intensityOverride", "volumeOverride", "suggestedRPE"]

    /// The file at `path`, read; a failure says what is wrong where.
    static func read(_ path: String) throws -> ProgramFile {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandFailure(message: "cannot read \(path)", fix: "check the file's path and permissions", status: .noInput)
        }
        let value: JSONValue
        do {
            value = try JSONParser.parse(Array(data))
        } catch {
            throw Self.failure(path, "is not JSON: \(error)")
        }
        var reader = Reader(file: path)
        return try reader.program(value)
    }

    static func failure(_ file: String, _ problem: String) -> CommandFailure {
        CommandFailure(message: "\(file) \(problem)",
                       fix: "write the program as docs/CLI.md shows (program add --file), the keys as docs/EVENTS.md names them (ProgramDefinition)",
                       status: .rejectedInput)
    }

    /// Reads the members of the file's objects, naming each by its path.
    private struct Reader {
        var file: String

        mutating func program(_ value: JSONValue) throws -> ProgramFile {
            let members = try object(value, "the program", known: ProgramFile.programKeys)
            var program = ProgramFile()
            program.name = try string(members, "name", in: "")
            program.description = try string(members, "description", in: "")
            program.category = try code(members, "category", in: "")
            program.difficulty = try code(members, "difficulty", in: "")
            program.progression = try code(members, "progression", in: "")
            program.durationWeeks = try integer(members, "durationWeeks", in: "")
            let weeks = try array(required(members, "weeks", in: "", what: "the program's weeks, each with its days"), "weeks")
            for (index, week) in weeks.enumerated() { program.weeks.append(try self.week(week, index)) }
            return program
        }

        func week(_ value: JSONValue, _ index: Int) throws -> Week {
            let path = "weeks[\(index)]"
            let members = try object(value, path, known: ProgramFile.weekKeys)
            let days = try array(required(members, "days", in: path, what: "its training days ([] for a week of rest)"), path + ".days")
            return Week(number: try integer(members, "number", in: path) ?? index + 1, name: try string(members, "name", in: path),
                        notes: try string(members, "notes", in: path), phase: try string(members, "phase", in: path),
                        intensityModifier: try number(members, "intensityModifier", in: path),
                        volumeModifier: try number(members, "volumeModifier", in: path),
                        isDeload: try bool(members, "isDeload", in: path),
                        days: try days.enumerated().map { try day($1, "\(path).days[\($0)]") })
        }

        func day(_ value: JSONValue, _ path: String) throws -> Day {
            let members = try object(value, path, known: ProgramFile.dayKeys)
            let weekday = try required(members, "dayOfWeek", in: path, what: "the day of the week, 1 (Monday) to 7 (Sunday) or mon to sun")
            let dayOfWeek: Int
            switch weekday {
            case let .number(text) where ProgramDays.number(text) != nil, let .string(text) where ProgramDays.number(text) != nil:
                dayOfWeek = ProgramDays.number(text)!
            default:
                throw ProgramFile.failure(file, "has \(path).dayOfWeek \(weekday.compactText): use 1 (Monday) to 7 (Sunday), or mon to sun")
            }
            var template = try string(members, "template", in: path)
            if let id = try string(members, "templateID", in: path) {
                guard template == nil else { throw ProgramFile.failure(file, "has both \(path).templateID and \(path).template: give one") }
                guard UUID(uuidString: id) != nil else { throw ProgramFile.failure(file, "has \(path).templateID \"\(id)\", which is not an id") }
                template = id
            }
            let name = try string(members, "name", in: path)
            guard name != nil || template != nil else {
                throw ProgramFile.failure(file, "has no \"name\" in \(path): a day without a template needs a name")
            }
            let day = ProgramDay(dayOfWeek: dayOfWeek, name: name ?? "", notes: try string(members, "notes", in: path),
                                 intensityOverride: try number(members, "intensityOverride", in: path),
                                 volumeOverride: try number(members, "volumeOverride", in: path),
                                 suggestedRPE: try number(members, "suggestedRPE", in: path))
            return Day(day: day, hasName: name != nil, template: template, path: path)
        }

        // MARK: Members

        func object(_ value: JSONValue, _ path: String, known: [String]) throws -> [String: JSONValue] {
            guard case let .object(members) = value else {
                throw ProgramFile.failure(file, "has \(path) as \(value.kindName), not an object")
            }
            var found: [String: JSONValue] = [:]
            for (key, member) in members {
                guard known.contains(key) else {
                    let within = path == "the program" ? "" : " in \(path)"
                    throw ProgramFile.failure(file, "has the key \"\(key)\"\(within), which a program file does not have; "
                        + "the keys there are " + known.map { "\"\($0)\"" }.joined(separator: ", "))
                }
                guard found.updateValue(member, forKey: key) == nil else {
                    throw ProgramFile.failure(file, "has the key \"\(key)\" twice in \(path)")
                }
            }
            return found
        }

        func required(_ members: [String: JSONValue], _ key: String, in path: String, what: String) throws -> JSONValue {
            guard let value = members[key], value != .null else {
                throw ProgramFile.failure(file, "has no \"\(key)\"\(path.isEmpty ? "" : " in \(path)"): give \(what)")
            }
            return value
        }

        func array(_ value: JSONValue, _ path: String) throws -> [JSONValue] {
            guard case let .array(items) = value else { throw wrongKind(path, value, "an array") }
            return items
        }

        func string(_ members: [String: JSONValue], _ key: String, in path: String) throws -> String? {
            try member(members, key, in: path, "a string") { value in
                if case let .string(text) = value { return text }
                return nil
            }
        }

        func number(_ members: [String: JSONValue], _ key: String, in path: String) throws -> Double? {
            switch members[key] {
            case nil, .null?: return nil
            case let .number(text)?: return Double(text)
            case let other?: throw wrongKind(joined(path, key), other, "a number")
            }
        }

        func integer(_ members: [String: JSONValue], _ key: String, in path: String) throws -> Int? {
            guard let value = try number(members, key, in: path) else { return nil }
            guard let whole = Int(exactly: value) else {
                throw ProgramFile.failure(file, "has \(joined(path, key)) \(value), which is not a whole number")
            }
            return whole
        }

        func bool(_ members: [String: JSONValue], _ key: String, in path: String) throws -> Bool? {
            try member(members, key, in: path, "true or false") { value in
                if case let .bool(flag) = value { return flag }
                return nil
            }
        }

        /// The member `key` as `read` takes it: nil when absent or null, and a failure naming
        /// the path when `read` finds it of another kind than `expected`.
        func member<Value>(_ members: [String: JSONValue], _ key: String, in path: String, _ expected: String,
                           _ read: (JSONValue) -> Value?) throws -> Value? {
            guard let value = members[key], value != .null else { return nil }
            guard let taken = read(value) else { throw wrongKind(joined(path, key), value, expected) }
            return taken
        }

        func code<Value: StringCodedEnum>(_ members: [String: JSONValue], _ key: String, in path: String) throws -> Value? {
            guard let text = try string(members, key, in: path) else { return nil }
            guard let value = Value(rawValue: text) ?? Value.decodingAliases[text] else {
                throw ProgramFile.failure(file, "has \(joined(path, key)) \"\(text)\", which is not one of "
                    + Value.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))
            }
            return value
        }

        func joined(_ path: String, _ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

        func wrongKind(_ path: String, _ value: JSONValue, _ expected: String) -> CommandFailure {
            ProgramFile.failure(file, "has \(path) as \(value.kindName), not \(expected)")
        }
    }
}
