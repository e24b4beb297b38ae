import AntrainEvents
import Foundation
import Testing

/// docs/EVENTS.md's catalogue must be the one rendered from the code: the type list, schema
/// versions, streams, field names, field types and JSON examples come from the code and the
/// samples; only the words (what a type or field means) are written here, and a test checks
/// that they cover exactly the types and fields the code has.
///
/// `ANTRAIN_UPDATE_EVENT_DOCS=1 swift test --filter EventCatalogueDocTests` rewrites the section.
@Suite("The event catalogue of docs/EVENTS.md")
struct EventCatalogueDocTests {
    static let updating = ProcessInfo.processInfo.environment["ANTRAIN_UPDATE_EVENT_DOCS"] == "1"
    static let documentURL = packageRoot().appendingPathComponent("docs/EVENTS.md")

    @Test("Every event type has an area, a description, a stream and fields that match the code")
    func wordsCoverTheCode() throws {
        let known = KnownEventTypes.all.map { $0.eventType }
        let inAreas = CatalogueText.areas.flatMap(\.types)
        #expect(inAreas.sorted() == known.sorted(), "each type belongs to exactly one area")
        #expect(Set(CatalogueText.descriptions.keys).isSuperset(of: known))
        #expect(Set(CatalogueText.streams.keys) == Set(known))

        let model = try CatalogueModel()
        for sample in EventSamples.all {
            let name = sample.eventType
            // The stream pattern, its <field> filled in from the sample, is the sample's stream.
            #expect(CatalogueModel.stream(CatalogueText.streams[name] ?? "", of: sample) == sample.streamID, "\(name)")
            let documented = CatalogueText.fields[name]?.map(\.name)
            #expect(documented == model.fields[name]?.map(\.name), "\(name): fields in declaration order")
        }
        for valueType in model.valueTypes {
            #expect(CatalogueText.descriptions[valueType] != nil, "\(valueType) has no description")
            #expect(CatalogueText.fields[valueType]?.map(\.name) == model.fields[valueType]?.map(\.name),
                    "\(valueType): fields in declaration order")
        }
        let documentedTypes = Set(known).union(model.valueTypes)
        #expect(Set(CatalogueText.fields.keys) == documentedTypes, "field tables for exactly the types in use")
        #expect(Set(CatalogueText.descriptions.keys) == documentedTypes)
        #expect(Set(CatalogueText.enumerations.map(\.name)) == model.enumerations,
                "every enumeration used by a field, and no other, is listed")
    }

    @Test("docs/EVENTS.md holds the catalogue rendered from the code")
    func documentIsCurrent() throws {
        let document = try String(contentsOf: Self.documentURL, encoding: .utf8)
        let rendered = try CatalogueModel().render()
        guard let begin = document.range(of: CatalogueText.beginMarker),
              let end = document.range(of: CatalogueText.endMarker, range: begin.upperBound..<document.endIndex) else {
            Issue.record("docs/EVENTS.md lacks the markers \(CatalogueText.beginMarker) and \(CatalogueText.endMarker)")
            return
        }
        let current = String(document[begin.upperBound..<end.lowerBound])
        let section = "\n\n" + rendered + "\n\n"
        if Self.updating {
            let updated = String(document[..<begin.upperBound]) + section + String(document[end.lowerBound...])
            if updated != document { try Data(updated.utf8).write(to: Self.documentURL) }
            return
        }
        // The first line that differs, numbered as in the file (the section starts on the marker's line).
        let markerLine = document[..<begin.upperBound].count { $0 == "\n" } + 1
        let differs = zip(current.split(separator: "\n", omittingEmptySubsequences: false),
                          section.split(separator: "\n", omittingEmptySubsequences: false)).enumerated().first { $0.element.0 != $0.element.1 }
        let detail = differs.map { "line \(markerLine + $0.offset) is\n  \($0.element.0)\nbut the code gives\n  \($0.element.1)\n" }
            ?? "its length differs from the code's\n"
        let upToDate = current == section
        #expect(upToDate, """
            docs/EVENTS.md's catalogue is out of date: \(detail)\
            Run: ANTRAIN_UPDATE_EVENT_DOCS=1 swift test --filter EventCatalogueDocTests
            """)
    }
}

/// What the code says about the catalogue: field names and types (by reflection on the
/// samples), the value types and enumerations fields use, versions and JSON examples.
struct CatalogueModel {
    struct Field: Equatable {
        var name: String
        var type: String
    }

    /// Fields of every event type and value type, in declaration order (which is binary order).
    var fields: [String: [Field]] = [:]
    /// Value types that fields hold, in order of first use.
    var valueTypes: [String] = []
    /// Enumerations that fields hold.
    var enumerations: Set<String> = []

    /// Types documented in the Values section of docs/EVENTS.md, or plain Swift values.
    static let primitives: Set<String> = ["UUID", "String", "Int", "Double", "Bool", "Timestamp", "CalendarDay", "Mass"]

    init() throws {
        for sample in EventSamples.all { walk(sample) }
        // Value types without reflection-friendly fields: their table is written by hand.
        for name in CatalogueText.handWrittenValueTypes where fields[name] == nil {
            fields[name] = CatalogueText.fields[name]?.map { Field(name: $0.name, type: $0.type ?? "") }
        }
        try checkHandWritten()
    }

    /// Records the fields of `value`'s type, and of every value type within it.
    private mutating func walk(_ value: Any) {
        let mirror = Mirror(reflecting: value)
        let name = Self.typeName(type(of: value))
        switch mirror.displayStyle {
        case .optional, .collection:
            for child in mirror.children { walk(child.value) }
        case .enum where CatalogueText.handWrittenValueTypes.contains(name):
            if !valueTypes.contains(name) { valueTypes.append(name) }
        case .enum:
            enumerations.insert(name)
        case .struct where Self.primitives.contains(name):
            break
        case .struct:
            if !(value is any DomainEvent), !valueTypes.contains(name) { valueTypes.append(name) }
            if fields[name] == nil {
                fields[name] = mirror.children.map { Field(name: $0.label ?? "?", type: Self.typeName(type(of: $0.value))) }
            }
            for child in mirror.children { walk(child.value) }
        default:
            break
        }
    }

    /// Hand-written tables (``TemplateItem``'s flat form) must name exactly the keys its JSON has.
    private func checkHandWritten() throws {
        let items = EventSamples.all.flatMap { sample -> [TemplateItem] in
            (sample as? TemplateCreated)?.items ?? (sample as? TemplateUpdated)?.items ?? []
        }
        var keys = Set<String>()
        for item in items {
            let object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(item)) as? [String: Any] ?? [:]
            keys.formUnion(object.keys)
        }
        let documented = Set(CatalogueText.fields["TemplateItem"]?.map(\.name) ?? [])
        #expect(keys == documented, "TemplateItem's coded keys are \(keys.sorted())")
    }

    /// `Optional<Array<UUID>>` as `[UUID]?`.
    static func typeName(_ type: Any.Type) -> String {
        swiftName(String(describing: type))
    }

    static func swiftName(_ name: String) -> String {
        if name.hasPrefix("Optional<"), name.hasSuffix(">") { return swiftName(String(name.dropFirst(9).dropLast())) + "?" }
        if name.hasPrefix("Array<"), name.hasSuffix(">") { return "[" + swiftName(String(name.dropFirst(6).dropLast())) + "]" }
        return name
    }

    /// `pattern` with each `<field>` replaced by that field of `event` as stream names write it.
    static func stream(_ pattern: String, of event: any DomainEvent) -> String {
        var result = pattern
        for child in Mirror(reflecting: event).children {
            guard let label = child.label, result.contains("<\(label)>") else { continue }
            let text: String
            switch child.value {
            case let id as UUID: text = id.lowercased
            case let day as CalendarDay: text = day.description
            default: text = "\(child.value)"
            }
            result = result.replacingOccurrences(of: "<\(label)>", with: text)
        }
        return result
    }

    // MARK: - Rendering

    /// The catalogue's markdown, without the blank lines around it.
    func render() throws -> String {
        var lines: [String] = []
        let known = KnownEventTypes.all
        for area in CatalogueText.areas {
            lines += ["### \(area.title)", ""]
            for type in known where area.types.contains(type.eventType) {
                guard let sample = EventSamples.all.first(where: { $0.eventType == type.eventType }) else { continue }
                lines += try entry(type, sample)
            }
        }
        lines += ["### Value types", "", CatalogueText.valueTypesIntro, ""]
        for name in valueTypes {
            lines += ["#### \(name)", "", CatalogueText.descriptions[name] ?? "", ""]
            lines += table(name)
            if let note = CatalogueText.notes[name] { lines += [note, ""] }
        }
        lines += ["#### Enumerations", "", CatalogueText.enumerationsIntro, "", "| enumeration | values | meaning |", "|---|---|---|"]
        for enumeration in CatalogueText.enumerations.sorted(by: { $0.name < $1.name }) {
            let values = enumeration.values.map { "`\($0)`" }.joined(separator: ", ")
            lines.append("| `\(enumeration.name)` | \(values) | \(Self.cell(enumeration.meaning)) |")
        }
        return lines.joined(separator: "\n")
    }

    private func entry(_ type: any DomainEvent.Type, _ sample: any DomainEvent) throws -> [String] {
        let name = type.eventType
        let json = String(decoding: try EventEnvelope(event: sample).encoded(), as: UTF8.self)
        var lines = ["#### \(name)", "", CatalogueText.descriptions[name] ?? "", ""]
        lines += ["Schema version \(type.schemaVersion); stream `\(CatalogueText.streams[name] ?? "")`.", ""]
        lines += table(name)
        if let note = CatalogueText.notes[name] { lines += [note, ""] }
        lines += ["```json", json, "```", ""]
        return lines
    }

    private func table(_ typeName: String) -> [String] {
        let meanings = Dictionary(CatalogueText.fields[typeName]?.map { ($0.name, $0.meaning) } ?? [], uniquingKeysWith: { first, _ in first })
        var lines = ["| field | type | meaning |", "|---|---|---|"]
        for field in fields[typeName] ?? [] {
            lines.append("| `\(field.name)` | \(link(field.type)) | \(Self.cell(meanings[field.name] ?? "")) |")
        }
        return lines + [""]
    }

    /// A field's type, linked to where it is described.
    private func link(_ type: String) -> String {
        let base = type.trimmingCharacters(in: CharacterSet(charactersIn: "[]?"))
        if valueTypes.contains(base) { return "[`\(type)`](#\(base.lowercased()))" }
        if enumerations.contains(base) { return "[`\(type)`](#enumerations)" }
        if ["Timestamp", "CalendarDay", "Mass"].contains(base) { return "[`\(type)`](#values)" }
        return "`\(type)`"
    }

    private static func cell(_ text: String) -> String { text.replacingOccurrences(of: "|", with: "\\|") }
}

/// The words of the catalogue, from the doc comments in Sources/AntrainEvents/Events.
enum CatalogueText {
    static let beginMarker = "<!-- catalogue:begin -->"
    static let endMarker = "<!-- catalogue:end -->"

    /// The catalogue's sections, each with its event types (listed in ``KnownEventTypes/all`` order).
    static let areas: [(title: String, types: [String])] = [
        ("Lifting", ["WorkoutStarted", "ExerciseAddedToWorkout", "SetLogged", "SetCorrected", "SetRemoved",
                     "ExerciseRemovedFromWorkout", "ExercisesReordered", "WorkoutNotesChanged", "WorkoutRPERecorded",
                     "WorkoutCompleted", "WorkoutCancelled", "WorkoutDeleted"]),
        ("Exercise library", ["ExerciseCreated", "ExerciseUpdated", "ExerciseDeleted",
                              "ExerciseCategoryCreated", "ExerciseCategoryRenamed", "ExerciseCategoryDeleted"]),
        ("Templates", ["TemplateCreated", "TemplateUpdated", "TemplateDeleted"]),
        ("Programs", ["ProgramCreated", "ProgramUpdated", "ProgramDuplicated", "ProgramDeleted", "ProgramActivated", "ProgramDeactivated"]),
        ("Quick logs", ["CardioLogged", "MetconLogged"]),
        ("Nutrition", ["FoodItemCreated", "FoodItemUpdated", "FoodItemDeleted", "FoodFavourited",
                       "FoodLogged", "FoodEntryCorrected", "FoodEntryRemoved"]),
        ("Profile and body", ["ProfileUpdated", "BodyweightRecorded", "SettingsChanged"]),
    ]

    /// The stream of each event type; `<field>` stands for that field of the event.
    static let streams: [String: String] = [
        "WorkoutStarted": "workout-<workoutID>", "ExerciseAddedToWorkout": "workout-<workoutID>",
        "SetLogged": "workout-<workoutID>", "SetCorrected": "workout-<workoutID>", "SetRemoved": "workout-<workoutID>",
        "ExerciseRemovedFromWorkout": "workout-<workoutID>", "ExercisesReordered": "workout-<workoutID>",
        "WorkoutNotesChanged": "workout-<workoutID>", "WorkoutRPERecorded": "workout-<workoutID>",
        "WorkoutCompleted": "workout-<workoutID>", "WorkoutCancelled": "workout-<workoutID>", "WorkoutDeleted": "workout-<workoutID>",
        "ExerciseCreated": "exercise-<exerciseID>", "ExerciseUpdated": "exercise-<exerciseID>", "ExerciseDeleted": "exercise-<exerciseID>",
        "ExerciseCategoryCreated": "category-<categoryID>", "ExerciseCategoryRenamed": "category-<categoryID>",
        "ExerciseCategoryDeleted": "category-<categoryID>",
        "TemplateCreated": "template-<templateID>", "TemplateUpdated": "template-<templateID>", "TemplateDeleted": "template-<templateID>",
        "ProgramCreated": "program-<programID>", "ProgramUpdated": "program-<programID>",
        "ProgramDuplicated": "program-<newProgramID>", "ProgramDeleted": "program-<programID>",
        "ProgramActivated": "active-program", "ProgramDeactivated": "active-program",
        "CardioLogged": "workout-<workoutID>", "MetconLogged": "workout-<workoutID>",
        "FoodItemCreated": "food-<foodID>", "FoodItemUpdated": "food-<foodID>", "FoodItemDeleted": "food-<foodID>",
        "FoodFavourited": "food-<foodID>",
        "FoodLogged": "diary-<day>", "FoodEntryCorrected": "diary-<day>", "FoodEntryRemoved": "diary-<day>",
        "ProfileUpdated": "profile", "BodyweightRecorded": "bodyweight", "SettingsChanged": "settings",
    ]

    /// What each event type and value type means.
    static let descriptions: [String: String] = [
        "WorkoutStarted": "A workout began: a live lifting session, or the start of a cardio or metcon session.",
        "ExerciseAddedToWorkout": "An exercise was added to a workout, at a position in its order.",
        "SetLogged": "A set was logged for an exercise of a workout.",
        "SetCorrected": "A logged set was corrected: the new performance replaces the old one in read models, and the original event stays in the log.",
        "SetRemoved": "A set was removed from a workout.",
        "ExerciseRemovedFromWorkout": "An exercise and its sets were taken out of a workout.",
        "ExercisesReordered": "The workout's exercises were put in a new order.",
        "WorkoutNotesChanged": "The workout's notes were replaced (an empty text clears them).",
        "WorkoutRPERecorded": "How hard the whole workout felt, on the RPE scale of 1 to 10.",
        "WorkoutCompleted": "The workout was finished.",
        "WorkoutCancelled": "The workout was abandoned before completion; its sets stay in history as cancelled.",
        "WorkoutDeleted": "The user deleted the workout: read models drop it; the log keeps every event of it.",
        "ExerciseCreated": "An exercise was added to the library: a preset shipped with the app, or one the user made.",
        "ExerciseUpdated": "An exercise of the library was edited: its definition is replaced in full.",
        "ExerciseDeleted": "An exercise was taken out of the library; workouts that logged it keep their sets.",
        "ExerciseCategoryCreated": "The user made a category of their own (\"Push\", \"Mobility\") to group exercises beyond the built-in `ExerciseCategory`; exercises join it through `ExerciseDefinition.categoryIDs`.",
        "ExerciseCategoryRenamed": "A category was given a new name.",
        "ExerciseCategoryDeleted": "A category was deleted; its exercises stay in the library.",
        "TemplateCreated": "A workout template was made: a named, ordered plan of exercises and breaks that a workout can be started from.",
        "TemplateUpdated": "A template was edited: its name, notes and items are replaced in full.",
        "TemplateDeleted": "A template was deleted; workouts started from it keep their exercises.",
        "ProgramCreated": "A training program was made: a preset shipped with the app, or one the user wrote.",
        "ProgramUpdated": "A program was edited: its definition is replaced in full.",
        "ProgramDuplicated": "A program was copied into a new one the user owns (never a preset), which starts the new program's stream and stands on its own: it holds the whole copied definition, so later changes to the source do not reach it.",
        "ProgramDeleted": "A program was deleted; workouts started from it keep their reference to it.",
        "ProgramActivated": "The user started following a program; any program active before is no longer. On the one stream `active-program`, so that activations and deactivations have one order.",
        "ProgramDeactivated": "The user stopped following a program before or after its end.",
        "CardioLogged": "A cardio session was logged after the fact, in one event: what, when, how long and how far. When distance and pace are both given they must agree with the duration.",
        "MetconLogged": "A metcon (AMRAP, EMOM or for time) was logged after the fact, in one event.",
        "FoodItemCreated": "A food was added to the library: one the user made, or a preset shipped with the app.",
        "FoodItemUpdated": "A food's definition was replaced in full; diary entries keep the snapshot they were logged with.",
        "FoodItemDeleted": "The user deleted a food: it leaves the library; diary entries that name it stay.",
        "FoodFavourited": "A food was marked as a favourite, or unmarked.",
        "FoodLogged": "A food was eaten: an entry in one day's diary. The entry keeps a snapshot of the food's name and nutrients, so that later changes to the food leave past days as they were.",
        "FoodEntryCorrected": "A diary entry was corrected: its meal and amount replace the old ones in read models. An entry stays on the day it was logged; moving food to another day is a removal and a new entry.",
        "FoodEntryRemoved": "A diary entry was removed from its day.",
        "ProfileUpdated": "The user's profile changed: the fields given replace the current ones, absent fields keep their values. The goals apply from `effectiveFrom` on, so that past days are judged by the goals they had.",
        "BodyweightRecorded": "A bodyweight was recorded.",
        "SettingsChanged": "The app's display settings were changed; every setting is given, so the latest event is the state.",
        // Value types
        "ProgramDayReference": "The program day a workout was started from.",
        "SetPerformance": "What was done in one set: reps and weight for weight-and-reps and bodyweight exercises, or a duration or a distance for timed and distance exercises.",
        "ExerciseDefinition": "Everything that defines an exercise of the library, stated in full by `ExerciseCreated` and again by every `ExerciseUpdated`, so that one event tells what the exercise is.",
        "TemplateItem": "One step of a template, at its position: an exercise, or a break between exercises.",
        "ProgramDefinition": "Everything that defines a training program, stated in full by `ProgramCreated`, `ProgramUpdated` and `ProgramDuplicated`, so that one event tells what the program is.",
        "ProgramWeek": "One week of a program: how hard and how much relative to its templates, and its days.",
        "ProgramDay": "One training day of a program week: which template to do, and any change to the week's intensity and volume for it.",
        "FoodDefinition": "What a food of the library is: its name, brand, nutrients and usual serving. One shape serves creation and updates, so that an update always carries the whole definition.",
        "Nutrients": "Energy and macronutrients in 100 g of a food.",
        "NutritionGoals": "Daily nutrition targets.",
    ]

    /// A field's name, what it means, and its type when reflection cannot tell it.
    struct Field {
        var name: String
        var meaning: String
        var type: String?

        init(_ name: String, _ meaning: String, type: String? = nil) {
            self.name = name
            self.meaning = meaning
            self.type = type
        }
    }

    /// The field tables of every event type and value type, in declaration order.
    static let fields: [String: [Field]] = [
        "WorkoutStarted": [
            Field("workoutID", "The new workout's id."),
            Field("type", "Lifting, cardio or metcon."),
            Field("name", "An optional name (\"Push day\"), 1 to 100 characters after trimming."),
            Field("templateID", "The template it was started from, if any."),
            Field("programDay", "The program day it was started from, if any."),
            Field("startedAt", "When it started."),
            Field("timeZone", "The IANA time zone the athlete trained in (\"Europe/Berlin\"), which decides the calendar day a workout counts for. Added in version 2; older workouts read as \"UTC\"."),
        ],
        "ExerciseAddedToWorkout": [
            Field("workoutID", "The workout."),
            Field("entryID", "This occurrence of the exercise in the workout (one exercise may appear twice)."),
            Field("exerciseID", "The exercise of the library."),
            Field("position", "Its position among the workout's exercises, from 1 (at most 99)."),
        ],
        "SetLogged": [
            Field("workoutID", "The workout."),
            Field("entryID", "The exercise occurrence the set belongs to."),
            Field("setID", "The set's own id, which corrections and removals name."),
            Field("performance", "What was done."),
            Field("loggedAt", "When it was logged."),
        ],
        "SetCorrected": [
            Field("workoutID", "The workout."),
            Field("setID", "The set corrected."),
            Field("performance", "The corrected performance, in full."),
        ],
        "SetRemoved": [
            Field("workoutID", "The workout."),
            Field("setID", "The set."),
        ],
        "ExerciseRemovedFromWorkout": [
            Field("workoutID", "The workout."),
            Field("entryID", "The occurrence removed."),
        ],
        "ExercisesReordered": [
            Field("workoutID", "The workout."),
            Field("entryIDs", "Every occurrence, in the new order (1 to 99, none repeated)."),
        ],
        "WorkoutNotesChanged": [
            Field("workoutID", "The workout."),
            Field("notes", "The new notes, at most 500 characters."),
        ],
        "WorkoutRPERecorded": [
            Field("workoutID", "The workout."),
            Field("rpe", "Rate of perceived exertion, 1 to 10 (halves allowed)."),
        ],
        "WorkoutCompleted": [
            Field("workoutID", "The workout."),
            Field("endedAt", "When it ended."),
            Field("durationSeconds", "How long it lasted, in seconds (pauses excluded, so not always end minus start); above 0, at most a day."),
        ],
        "WorkoutCancelled": [
            Field("workoutID", "The workout."),
            Field("cancelledAt", "When it was cancelled."),
        ],
        "WorkoutDeleted": [
            Field("workoutID", "The workout."),
        ],
        "ExerciseCreated": [
            Field("exerciseID", "The new exercise's id (presets: `UUID.stable(\"preset\", \"exercise\", slug)`)."),
            Field("definition", "What the exercise is."),
            Field("isPreset", "Whether it ships with the app; an edit does not change where an exercise came from."),
        ],
        "ExerciseUpdated": [
            Field("exerciseID", "The exercise."),
            Field("definition", "The new definition, in full."),
        ],
        "ExerciseDeleted": [
            Field("exerciseID", "The exercise."),
        ],
        "ExerciseCategoryCreated": [
            Field("categoryID", "The new category's id."),
            Field("name", "Its name, 1 to 100 characters after trimming."),
        ],
        "ExerciseCategoryRenamed": [
            Field("categoryID", "The category."),
            Field("name", "The new name, 1 to 100 characters after trimming."),
        ],
        "ExerciseCategoryDeleted": [
            Field("categoryID", "The category."),
        ],
        "TemplateCreated": [
            Field("templateID", "The new template's id (presets: `UUID.stable(\"preset\", \"template\", slug)`)."),
            Field("name", "Its name, 1 to 100 characters after trimming."),
            Field("notes", "Notes, at most 500 characters."),
            Field("items", "Its exercises and breaks, in order, with positions 1 to n (1 to 99 items)."),
        ],
        "TemplateUpdated": [
            Field("templateID", "The template."),
            Field("name", "The new name, 1 to 100 characters after trimming."),
            Field("notes", "The new notes, at most 500 characters; absent clears them."),
            Field("items", "The new items, in order, with positions 1 to n (1 to 99 items)."),
        ],
        "TemplateDeleted": [
            Field("templateID", "The template."),
        ],
        "ProgramCreated": [
            Field("programID", "The new program's id (presets: `UUID.stable(\"preset\", \"program\", slug)`)."),
            Field("definition", "What the program is."),
            Field("isPreset", "Whether it ships with the app; an edit does not change where a program came from."),
        ],
        "ProgramUpdated": [
            Field("programID", "The program."),
            Field("definition", "The new definition, in full."),
        ],
        "ProgramDuplicated": [
            Field("newProgramID", "The copy's id (not `sourceProgramID`)."),
            Field("sourceProgramID", "The program copied."),
            Field("definition", "The copy's definition, in full; its `name` is the copy's name (\"5/3/1 (copy)\")."),
        ],
        "ProgramDeleted": [
            Field("programID", "The program."),
        ],
        "ProgramActivated": [
            Field("programID", "The program."),
            Field("startDate", "The day of its week 1, day 1: the program's weeks are counted from it."),
        ],
        "ProgramDeactivated": [
            Field("programID", "The program."),
            Field("deactivatedAt", "When it was stopped."),
        ],
        "CardioLogged": [
            Field("workoutID", "The workout the session is; quick logs have a workout stream of their own."),
            Field("activity", "Run, bike, row, swim, walk, elliptical or ski."),
            Field("startedAt", "When it started."),
            Field("name", "An optional name (\"Sunday long run\"), 1 to 100 characters after trimming."),
            Field("distanceMetres", "The distance covered, in metres (above 0)."),
            Field("durationSeconds", "How long it lasted, in seconds (above 0, at most a day)."),
            Field("paceSecondsPerKilometre", "The average pace, in seconds per kilometre (above 0); with a distance, pace × distance must give the duration within the larger of 2 s and 1 %."),
            Field("notes", "Notes, at most 500 characters."),
        ],
        "MetconLogged": [
            Field("workoutID", "The workout the session is; quick logs have a workout stream of their own."),
            Field("format", "AMRAP, EMOM or for time."),
            Field("startedAt", "When it started."),
            Field("name", "An optional name (\"Fran\"), 1 to 100 characters after trimming."),
            Field("rounds", "Rounds completed or prescribed, 1 to 999."),
            Field("durationSeconds", "How long it lasted, in seconds (above 0, at most a day)."),
            Field("result", "The score as free text, at most 200 characters (\"12 rounds + 5 reps\")."),
            Field("notes", "Notes, at most 500 characters."),
        ],
        "FoodItemCreated": [
            Field("foodID", "The new food's id; presets have stable ids (`UUID.stable(\"preset\", \"food\", slug)`) so that seeding twice is recognised."),
            Field("definition", "Name, brand, nutrients, serving and category."),
            Field("isPreset", "Whether it is a preset shipped with the app rather than a food the user made."),
        ],
        "FoodItemUpdated": [
            Field("foodID", "The food."),
            Field("definition", "The new definition, in full."),
        ],
        "FoodItemDeleted": [
            Field("foodID", "The food."),
        ],
        "FoodFavourited": [
            Field("foodID", "The food."),
            Field("isFavourite", "True to mark it a favourite, false to unmark it."),
        ],
        "FoodLogged": [
            Field("entryID", "The entry's own id, which corrections and removals name."),
            Field("day", "The day it was eaten, which is also the diary stream it belongs to."),
            Field("meal", "Breakfast, lunch, dinner or snack."),
            Field("foodID", "The food of the library."),
            Field("foodName", "The food's name when it was logged (1 to 100 characters after trimming)."),
            Field("amountGrams", "The amount eaten, in grams (more than 0). Called `grams` in version 1."),
            Field("per100g", "The food's nutrients per 100 g when it was logged."),
            Field("loggedAt", "When it was logged."),
        ],
        "FoodEntryCorrected": [
            Field("entryID", "The entry corrected."),
            Field("day", "The entry's day, which names its diary stream."),
            Field("meal", "The meal, new or unchanged."),
            Field("amountGrams", "The amount in grams, new or unchanged (more than 0). Called `grams` in version 1."),
        ],
        "FoodEntryRemoved": [
            Field("entryID", "The entry removed."),
            Field("day", "The entry's day, which names its diary stream."),
        ],
        "ProfileUpdated": [
            Field("name", "The user's name, 1 to 100 characters after trimming."),
            Field("heightCentimetres", "Height, in centimetres (more than 0, at most 300)."),
            Field("sex", "Sex, for energy estimates."),
            Field("dateOfBirth", "The day of birth, from 1900-01-01 and not after `effectiveFrom`."),
            Field("activityLevel", "Activity outside training, for energy estimates."),
            Field("goals", "Daily nutrition targets."),
            Field("effectiveFrom", "The day the update, and the goals in particular, start applying."),
        ],
        "BodyweightRecorded": [
            Field("entryID", "The entry's own id."),
            Field("weight", "The weight, in the unit it was entered in (more than 0, at most 1000 kg). A number of kilograms called `weightKg` in version 1."),
            Field("recordedAt", "When it was measured."),
            Field("notes", "Notes, at most 200 characters."),
        ],
        "SettingsChanged": [
            Field("weightUnit", "The unit weights are shown and entered in."),
            Field("distanceUnit", "The unit distances are shown and entered in."),
        ],
        // Value types
        "ProgramDayReference": [
            Field("programID", "The program."),
            Field("week", "The program's week number, 1 to 52."),
            Field("dayOfWeek", "The day of the week, 1 (Monday) to 7 (Sunday)."),
        ],
        "SetPerformance": [
            Field("setType", "Warm-up, normal, drop set or failure."),
            Field("reps", "Repetitions, 1 to 999."),
            Field("weight", "The load, in the unit it was entered in; 0 means bodyweight only. Present only with reps. A number of kilograms called `weightKg` in version 1."),
            Field("durationSeconds", "For timed exercises: seconds (above 0, at most a day)."),
            Field("distanceMetres", "For distance exercises: metres (above 0, at most 1,000,000)."),
            Field("completed", "Whether the set was done (a planned set not yet done is false)."),
            Field("rpe", "Rate of perceived exertion, 1 to 10."),
            Field("restSeconds", "Rest after the set, 0 to 600 seconds."),
            Field("notes", "Notes, at most 200 characters."),
        ],
        "ExerciseDefinition": [
            Field("name", "The name shown, 1 to 100 characters after trimming (\"Barbell Back Squat\")."),
            Field("category", "The built-in category it is listed under."),
            Field("kind", "How its sets are measured."),
            Field("equipment", "What it is done with."),
            Field("muscleGroups", "The muscle groups it trains, main ones first; at least one, none repeated."),
            Field("categoryIDs", "The user-defined categories it belongs to (see `ExerciseCategoryCreated`), at most 20, none repeated."),
            Field("description", "How to perform it, at most 1000 characters."),
            Field("youTubeURL", "A demonstration video: `youtube.com/watch?v=ID` or `youtu.be/ID` (see [Validation](#validation))."),
        ],
        "TemplateItem": [
            Field("kind", "`exercise` or `break`: which fields follow.", type: "String"),
            Field("position", "Its place in the template, from 1.", type: "Int"),
            Field("exerciseID", "Exercises only: the exercise of the library.", type: "UUID"),
            Field("target", "Exercises only: `repetitions` or `time`, which fields follow.", type: "String"),
            Field("sets", "`repetitions` only: sets, 1 to 99.", type: "Int"),
            Field("repsPerSet", "`repetitions` only: repetitions per set, 1 to 999.", type: "Int"),
            Field("restSeconds", "`repetitions` only: rest after each set, 0 to 600 seconds.", type: "Int"),
            Field("durationSeconds", "`time`: one bout of 1 to 3600 seconds; `break`: a break of 1 to 600 seconds.", type: "Int"),
        ],
        "ProgramDefinition": [
            Field("name", "The name shown, 1 to 100 characters after trimming."),
            Field("description", "What the program is about and how to run it, at most 1000 characters."),
            Field("category", "What it mainly develops."),
            Field("difficulty", "Who it is written for."),
            Field("durationWeeks", "How long it runs, 1 to 52 weeks."),
            Field("progression", "How its load rises from week to week."),
            Field("weeks", "The weeks it plans (1 to 52), numbered 1 to `durationWeeks`, each number once."),
        ],
        "ProgramWeek": [
            Field("number", "The week's number in the program, 1 to 52 and at most `durationWeeks`."),
            Field("name", "An optional name (\"Heavy week\"), 1 to 100 characters after trimming."),
            Field("phase", "The training phase it belongs to (\"accumulation\", \"intensification\"), 1 to 50 characters after trimming."),
            Field("intensityModifier", "The load as a multiple of the templates' (0.9 is 90 %): above 0, at most 2."),
            Field("volumeModifier", "The volume (sets) as a multiple of the templates': above 0, at most 2."),
            Field("isDeload", "Whether it is a lighter week for recovery."),
            Field("days", "The training days (0 to 7), each day of the week at most once; the other days are rest."),
        ],
        "ProgramDay": [
            Field("dayOfWeek", "The day of the week, 1 (Monday) to 7 (Sunday)."),
            Field("name", "The name shown (\"Squat day\"), 1 to 100 characters after trimming."),
            Field("templateID", "The template to do, if any (none: the day is planned but free-form)."),
            Field("intensityOverride", "Replaces the week's intensity modifier for this day: above 0, at most 2."),
            Field("volumeOverride", "Replaces the week's volume modifier for this day: above 0, at most 2."),
            Field("suggestedRPE", "The effort to aim for, on the RPE scale of 1 to 10."),
        ],
        "FoodDefinition": [
            Field("name", "The name, 1 to 100 characters after trimming (\"Chicken breast, cooked\")."),
            Field("brand", "The brand, 1 to 100 characters after trimming, for packaged foods."),
            Field("per100g", "Energy and macronutrients per 100 g."),
            Field("servingSizeG", "The usual serving, in grams (above 0)."),
            Field("category", "The category it is listed under."),
        ],
        "Nutrients": [
            Field("caloriesKcal", "Energy, in kilocalories, 0 to 900 (pure fat has about 900)."),
            Field("proteinG", "Protein, in grams, 0 to 100."),
            Field("carbsG", "Carbohydrates, in grams, 0 to 100."),
            Field("fatsG", "Fats, in grams, 0 to 100."),
        ],
        "NutritionGoals": [
            Field("caloriesKcal", "Energy, in kilocalories a day (more than 0)."),
            Field("proteinG", "Protein, in grams a day (0 or more)."),
            Field("carbsG", "Carbohydrates, in grams a day (0 or more)."),
            Field("fatsG", "Fats, in grams a day (0 or more)."),
        ],
    ]

    /// Value types whose coded form is not their stored properties: their table is written here.
    static let handWrittenValueTypes: Set<String> = ["TemplateItem"]

    /// Extra paragraphs after a type's table.
    static let notes: [String: String] = [
        "TemplateItem": "Its coded form is flat: `kind` (and, for an exercise, `target`) says which fields follow, in the order of the table. "
            + "An exercise of sets: `kind`, `position`, `exerciseID`, `target`, `sets`, `repsPerSet`, `restSeconds`; "
            + "a timed exercise: `kind`, `position`, `exerciseID`, `target`, `durationSeconds`; a break: `kind`, `position`, `durationSeconds`.",
    ]

    static let valueTypesIntro = "The structured values inside events, in the same forms: fields in declaration order, which is their binary order. "
        + "`Mass`, `Timestamp` and `CalendarDay` are described under [Values](#values)."

    static let enumerationsIntro = "Enumerations are stored as their raw strings, in JSON and in binary; any other string is refused."

    /// An enumeration's name, raw values (from the code) and meaning.
    struct Enumeration {
        var name: String
        var values: [String]
        var meaning: String

        init<E: CaseIterable & RawRepresentable>(_ type: E.Type, _ meaning: String) where E.RawValue == String {
            name = String(describing: type)
            values = type.allCases.map(\.rawValue)
            self.meaning = meaning
        }
    }

    static let enumerations: [Enumeration] = [
        Enumeration(WorkoutType.self, "What kind of session a workout is."),
        Enumeration(SetType.self, "The role of a set within an exercise: a warm-up set is counted in history, never for records."),
        Enumeration(ExerciseCategory.self, "The built-in category of an exercise, which decides where the library lists it."),
        Enumeration(ExerciseKind.self, "How an exercise's sets are measured, which decides the fields a set logs."),
        Enumeration(Equipment.self, "What an exercise is done with."),
        Enumeration(MuscleGroup.self, "A muscle group an exercise trains."),
        Enumeration(ProgramCategory.self, "What a training program mainly develops."),
        Enumeration(ProgramDifficulty.self, "Who a program is written for."),
        Enumeration(ProgressionPattern.self, "How a program's load rises from week to week (`threeOneDeload`: three weeks of building, then one lighter week)."),
        Enumeration(CardioActivity.self, "What kind of cardio a session was."),
        Enumeration(MetconFormat.self, "How a metcon is structured and scored."),
        Enumeration(FoodCategory.self, "The shelf a food sits on in the library."),
        Enumeration(Meal.self, "The meal a diary entry belongs to."),
        Enumeration(Sex.self, "The sex the user gives, for energy estimates."),
        Enumeration(ActivityLevel.self, "How active the user is outside training, for energy estimates."),
        Enumeration(MassUnit.self, "The unit a mass was entered in (1 lb = 0.45359237 kg)."),
        Enumeration(DistanceUnit.self, "The unit distances are shown in."),
    ]
}
