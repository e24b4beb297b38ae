import AntrainEvents
import Foundation
import Testing

/// The preset exercises, categories, templates and programs the app ships, in
/// `fixtures/library/`: each file is an array of events in the JSON form `JSONEncoder` writes.
@Suite("Preset library fixtures")
struct PresetFixtureTests {
    /// The package root: this file is `Tests/AntrainEventsTests/Events/PresetFixtureTests.swift`.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static func url(_ name: String) -> URL { root.appendingPathComponent("fixtures/library/\(name).json") }

    static func load<E: DomainEvent>(_ type: E.Type, _ name: String) throws -> [E] {
        try JSONDecoder().decode([E].self, from: Data(contentsOf: url(name)))
    }

    static func exercises() throws -> [ExerciseCreated] { try load(ExerciseCreated.self, "exercises") }
    static func categories() throws -> [ExerciseCategoryCreated] { try load(ExerciseCategoryCreated.self, "categories") }
    static func templates() throws -> [TemplateCreated] { try load(TemplateCreated.self, "templates") }
    static func programs() throws -> [ProgramCreated] { try load(ProgramCreated.self, "programs") }

    /// The slug a preset's id is derived from: lower case, apostrophes dropped, every other run
    /// of characters that are not ASCII letters or digits made one hyphen.
    static func slug(_ name: String) -> String {
        var slug = ""
        for character in name.lowercased() where character != "'" {
            if character.isASCII, character.isLetter || character.isNumber {
                slug.append(character)
            } else if !slug.isEmpty, slug.last != "-" {
                slug.append("-")
            }
        }
        return slug.hasSuffix("-") ? String(slug.dropLast()) : slug
    }

    @Test("Every fixture decodes and every event in it is valid")
    func decodeAndValidate() throws {
        let exercises = try Self.exercises(), categories = try Self.categories()
        let templates = try Self.templates(), programs = try Self.programs()
        #expect(exercises.count >= 40)
        #expect(categories.count >= 4)
        #expect(programs.count >= 3)
        for event in exercises { #expect(throws: Never.self, "\(event.definition.name)") { try event.validate() } }
        for event in categories { #expect(throws: Never.self, "\(event.name)") { try event.validate() } }
        for event in templates { #expect(throws: Never.self, "\(event.name)") { try event.validate() } }
        for event in programs { #expect(throws: Never.self, "\(event.definition.name)") { try event.validate() } }
        #expect(exercises.allSatisfy { $0.isPreset })
        #expect(programs.allSatisfy { $0.isPreset })
    }

    @Test("Ids are unique and derived from the names: UUID.stable(\"preset\", kind, slug)")
    func ids() throws {
        #expect(Self.slug("Farmer's Carry") == "farmers-carry")
        #expect(Self.slug("EZ-Bar Skull Crusher") == "ez-bar-skull-crusher")
        let exercises = try Self.exercises(), categories = try Self.categories()
        let templates = try Self.templates(), programs = try Self.programs()
        let pairs: [(kind: String, name: String, id: UUID)] =
            exercises.map { ("exercise", $0.definition.name, $0.exerciseID) } + categories.map { ("category", $0.name, $0.categoryID) }
            + templates.map { ("template", $0.name, $0.templateID) } + programs.map { ("program", $0.definition.name, $0.programID) }
        for pair in pairs {
            #expect(pair.id == UUID.stable("preset", pair.kind, Self.slug(pair.name)), "\(pair.kind) \(pair.name)")
        }
        #expect(Set(pairs.map(\.id)).count == pairs.count)
        for kind in ["exercise", "category", "template", "program"] {
            let names = pairs.filter { $0.kind == kind }.map(\.name)
            #expect(Set(names).count == names.count, "\(kind) names repeat")
        }
    }

    @Test("Every id a preset refers to is a preset, and every preset template is used")
    func references() throws {
        let exerciseIDs = Set(try Self.exercises().map(\.exerciseID))
        let categoryIDs = Set(try Self.categories().map(\.categoryID))
        let templates = try Self.templates()
        let templateIDs = Set(templates.map(\.templateID))

        let usedCategories = Set(try Self.exercises().flatMap(\.definition.categoryIDs))
        #expect(usedCategories.isSubset(of: categoryIDs))
        #expect(usedCategories == categoryIDs, "every preset category has exercises")
        for template in templates {
            let missing = template.items.compactMap(\.exerciseID).filter { !exerciseIDs.contains($0) }
            #expect(missing.isEmpty, "\(template.name) refers to exercises that are not presets: \(missing)")
        }
        var usedTemplates = Set<UUID>()
        for program in try Self.programs() {
            let referenced = program.definition.weeks.flatMap(\.days).compactMap(\.templateID)
            #expect(Set(referenced).isSubset(of: templateIDs), "\(program.definition.name) refers to unknown templates")
            usedTemplates.formUnion(referenced)
        }
        #expect(usedTemplates == templateIDs, "every preset template belongs to a program")
    }

    @Test("The presets cover every category, kind of item and progression they are meant to show")
    func coverage() throws {
        let exercises = try Self.exercises()
        #expect(Set(exercises.map(\.definition.category)) == Set(ExerciseCategory.allCases))
        #expect(Set(exercises.map(\.definition.kind)) == Set(ExerciseKind.allCases))
        let items = try Self.templates().flatMap(\.items)
        #expect(items.contains { if case .exercise(_, _, .repetitions) = $0 { true } else { false } })
        #expect(items.contains { if case .exercise(_, _, .time) = $0 { true } else { false } })
        #expect(items.contains { if case .break = $0 { true } else { false } })

        let programs = try Self.programs().map(\.definition)
        #expect(Set(programs.map(\.progression)).isSuperset(of: [.linear, .wave, .fourOneDeload]))
        for program in programs {
            #expect(program.weeks.map(\.number) == Array(1...program.durationWeeks), "\(program.name) plans every week in order")
        }
        let beginner = try #require(programs.first { $0.progression == .linear })
        #expect(beginner.durationWeeks == 12 && beginner.difficulty == .beginner && beginner.category == .strengthTraining)
        #expect(beginner.weeks.allSatisfy { $0.days.count == 3 })
        let ppl = try #require(programs.first { $0.progression == .fourOneDeload })
        #expect(ppl.category == .bodybuilding)
        #expect(ppl.weeks.filter(\.isDeload).map(\.number) == [5, 10])
    }

    @Test("The files are exactly what JSONEncoder writes for them (pretty, sorted keys, unescaped slashes)")
    func canonicalJSON() throws {
        let encoder = EventChecks.jsonEncoder(pretty: true)
        let files: [(String, Data)] = [
            ("exercises", try encoder.encode(try Self.exercises())), ("categories", try encoder.encode(try Self.categories())),
            ("templates", try encoder.encode(try Self.templates())), ("programs", try encoder.encode(try Self.programs())),
        ]
        for (name, encoded) in files {
            #expect(try Data(contentsOf: Self.url(name)) == encoded + Data("\n".utf8), "fixtures/library/\(name).json")
        }
    }

    @Test("Every preset event round-trips through the binary codec and JSON")
    func roundTrips() throws {
        for event in try Self.exercises() { try EventChecks.roundTrips(event) }
        for event in try Self.categories() { try EventChecks.roundTrips(event) }
        for event in try Self.templates() { try EventChecks.roundTrips(event) }
        for event in try Self.programs() { try EventChecks.roundTrips(event) }
    }
}
