import AntrainEvents
import Foundation
import Testing

@Suite("Exercise library events")
struct LibraryEventTests {
    static let exerciseID = UUID(uuidString: "7EB19C92-6083-801E-9216-EAD8F15AA60C")!
    static let categoryID = UUID(uuidString: "0D4E2A41-5E3B-8C11-9A0F-3C2B1D0E9F87")!

    static let squat = ExerciseDefinition(
        name: "Barbell Back Squat", category: .barbell, kind: .weightAndReps, equipment: .barbell,
        muscleGroups: [.quads, .glutes, .hamstrings], categoryIDs: [categoryID],
        description: "Sit down between the heels, then stand up.", youTubeURL: "https://youtu.be/ultWZbUMPL8")

    static func created(_ change: (inout ExerciseDefinition) -> Void) -> ExerciseCreated {
        var definition = squat
        change(&definition)
        return ExerciseCreated(exerciseID: exerciseID, definition: definition, isPreset: true)
    }

    @Test("Valid events of every type pass and name their streams")
    func validEvents() {
        EventChecks.valid(ExerciseCreated(exerciseID: Self.exerciseID, definition: Self.squat))
        EventChecks.valid(ExerciseCreated(exerciseID: Self.exerciseID, definition: ExerciseDefinition(
            name: "Plank", category: .bodyweight, kind: .time, equipment: .none, muscleGroups: [.abs])))
        EventChecks.valid(ExerciseUpdated(exerciseID: Self.exerciseID, definition: Self.squat))
        EventChecks.valid(ExerciseDeleted(exerciseID: Self.exerciseID))
        EventChecks.valid(ExerciseCategoryCreated(categoryID: Self.categoryID, name: "Push"))
        EventChecks.valid(ExerciseCategoryRenamed(categoryID: Self.categoryID, name: "Pressing"))
        EventChecks.valid(ExerciseCategoryDeleted(categoryID: Self.categoryID))
        EventChecks.valid(Self.created { $0.muscleGroups = MuscleGroup.allCases })
        EventChecks.valid(Self.created { $0.name = EventChecks.text(100, "ü") })
        EventChecks.valid(Self.created { $0.description = EventChecks.text(1000) })
        EventChecks.valid(Self.created { $0.description = "Line one\nLine two\twith a tab" })

        let stream = "exercise-7eb19c92-6083-801e-9216-ead8f15aa60c"
        #expect(ExerciseCreated(exerciseID: Self.exerciseID, definition: Self.squat).streamID == stream)
        #expect(ExerciseUpdated(exerciseID: Self.exerciseID, definition: Self.squat).streamID == stream)
        #expect(ExerciseDeleted(exerciseID: Self.exerciseID).streamID == stream)
        let categoryStream = "category-0d4e2a41-5e3b-8c11-9a0f-3c2b1d0e9f87"
        #expect(ExerciseCategoryCreated(categoryID: Self.categoryID, name: "Push").streamID == categoryStream)
        #expect(ExerciseCategoryRenamed(categoryID: Self.categoryID, name: "Push").streamID == categoryStream)
        #expect(ExerciseCategoryDeleted(categoryID: Self.categoryID).streamID == categoryStream)
    }

    @Test("Names are 1 to 100 characters after trimming, without control characters",
          arguments: ["", "   ", " \n\t ", EventChecks.text(101), " " + EventChecks.text(101, "é") + " ", "Squat\u{7}"])
    func badNames(name: String) {
        EventChecks.invalid(Self.created { $0.name = name }, ["definition.name"])
        EventChecks.invalid(ExerciseUpdated(exerciseID: Self.exerciseID, definition: Self.created { $0.name = name }.definition),
                            ["definition.name"])
        EventChecks.invalid(ExerciseCategoryCreated(categoryID: Self.categoryID, name: name), ["name"])
        EventChecks.invalid(ExerciseCategoryRenamed(categoryID: Self.categoryID, name: name), ["name"])
    }

    @Test("A name of 100 characters passes once trimmed")
    func trimmedName() {
        EventChecks.valid(ExerciseCategoryCreated(categoryID: Self.categoryID, name: "  " + EventChecks.text(100) + "\n"))
    }

    @Test("Muscle groups: at least one, none repeated")
    func muscleGroups() {
        EventChecks.invalid(Self.created { $0.muscleGroups = [] }, ["definition.muscleGroups"])
        EventChecks.invalid(Self.created { $0.muscleGroups = [.quads, .glutes, .quads] }, ["definition.muscleGroups"])
        EventChecks.invalid(Self.created { $0.muscleGroups = MuscleGroup.allCases + [.chest] },
                            ["definition.muscleGroups", "definition.muscleGroups"])
    }

    @Test("Categories are not repeated; a description has at most 1000 characters")
    func categoriesAndDescription() {
        EventChecks.invalid(Self.created { $0.categoryIDs = [Self.categoryID, Self.categoryID] }, ["definition.categoryIDs"])
        EventChecks.invalid(Self.created { $0.categoryIDs = (0..<21).map { _ in UUID() } }, ["definition.categoryIDs"])
        EventChecks.invalid(Self.created { $0.description = EventChecks.text(1001) }, ["definition.description"])
        EventChecks.invalid(Self.created { $0.description = "Bell \u{7}" }, ["definition.description"])
    }

    static let goodLinks = [
        "https://youtu.be/ultWZbUMPL8", "http://youtu.be/ultWZbUMPL8", "youtu.be/a",
        "https://www.youtube.com/watch?v=ultWZbUMPL8", "http://m.youtube.com/watch?v=abc_DEF-123",
        "youtube.com/watch?v=x", "www.youtube.com/watch?v=-_-",
    ]

    static let badLinks = [
        "", "https://youtu.be/", "https://www.youtube.com/watch?v=", "https://youtu.be/ultWZbUMPL8?t=30",
        "https://www.youtube.com/watch?v=ultWZbUMPL8&t=30s", "https://youtu.be/ultWZbUMPL8/", "https://youtu.be/abc#t=1",
        "https://vimeo.com/76979871", "https://www.youtube.com/embed/ultWZbUMPL8", "https://www.youtube.com/shorts/ultWZbUMPL8",
        "ftp://youtu.be/ultWZbUMPL8", "https://www.youtu.be/ultWZbUMPL8", "https://music.youtube.com/watch?v=abc",
        "https://youtube.com.example.org/watch?v=abc", "https://YOUTU.BE/abc", " https://youtu.be/abc", "https://youtu.be/abc ",
        "https://youtu.be/ab cd", "https://youtu.be/abç", "https://youtu.be/ab%20cd", "https://https://youtu.be/abc",
        "https://www.m.youtube.com/watch?v=abc", "https://youtube.com/watch?list=abc", "youtu.be",
    ]

    @Test("YouTube links of the two accepted forms pass", arguments: goodLinks)
    func goodLink(link: String) {
        EventChecks.valid(Self.created { $0.youTubeURL = link })
    }

    @Test("Every other link is refused", arguments: badLinks)
    func badLink(link: String) {
        EventChecks.invalid(Self.created { $0.youTubeURL = link }, ["definition.youTubeURL"])
        var validator = Validator()
        validator.youTubeLink(link, "video")
        #expect(validator.issues.map(\.field) == ["video"])
    }

    @Test("An absent link passes; the issue says what is allowed")
    func absentLink() throws {
        var validator = Validator()
        validator.youTubeLink(nil, "video")
        #expect(validator.issues.isEmpty)
        validator.youTubeLink("https://vimeo.com/1", "video")
        let issue = try #require(validator.issues.first)
        #expect(issue.value == "\"https://vimeo.com/1\" (19 characters)")
        #expect(issue.allowed.contains("youtu.be/ID"))
    }

    @Test("Several problems are reported together, in field order")
    func severalProblems() {
        let event = Self.created {
            $0.name = " "
            $0.muscleGroups = []
            $0.description = EventChecks.text(1001)
            $0.youTubeURL = "https://example.com"
        }
        EventChecks.invalid(event, ["definition.name", "definition.muscleGroups", "definition.description", "definition.youTubeURL"])
    }

    @Test("Every event round-trips through the binary codec and JSON, with edge values")
    func roundTrips() throws {
        let minimal = ExerciseCreated(exerciseID: Self.exerciseID, definition: ExerciseDefinition(
            name: "Run", category: .cardio, kind: .distance, equipment: .none, muscleGroups: [.cardio]))
        let full = Self.created {
            $0.name = "Überkopf-Kniebeuge 深蹲 🏋️‍♀️"
            $0.muscleGroups = MuscleGroup.allCases
            $0.categoryIDs = (0..<20).map { UUID.stable("category", String($0)) }
            $0.description = EventChecks.text(70_000, "ß")
        }
        let events: [any DomainEvent] = [
            minimal, full, ExerciseUpdated(exerciseID: Self.exerciseID, definition: full.definition),
            ExerciseDeleted(exerciseID: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))),
            ExerciseCategoryCreated(categoryID: Self.categoryID, name: ""),
            ExerciseCategoryRenamed(categoryID: Self.categoryID, name: "Zug – 引く"),
            ExerciseCategoryDeleted(categoryID: Self.categoryID),
        ]
        for event in events { try Self.check(event) }

        // Optionals left out take one presence byte each; JSON leaves their keys out.
        let bytes = try BinaryEventEncoder.encode(minimal)
        // id, "Run", "cardio", "distance", "none", ["cardio"], [], description, link, isPreset.
        #expect(bytes.count == 16 + 4 + 7 + 9 + 5 + (1 + 7) + 1 + 1 + 1 + 1)
        let json = try #require(String(data: try EventChecks.jsonEncoder().encode(minimal), encoding: .utf8))
        #expect(json == #"{"definition":{"category":"cardio","categoryIDs":[],"equipment":"none","kind":"distance","#
            + #""muscleGroups":["cardio"],"name":"Run"},"exerciseID":"7EB19C92-6083-801E-9216-EAD8F15AA60C","isPreset":false}"#)
    }

    private static func check<E: DomainEvent>(_ event: E) throws {
        try EventChecks.roundTrips(event)
    }

    @Test("Truncated or damaged bytes of every event throw CodecError, never crash")
    func damage() throws {
        try EventChecks.refusesDamage(Self.created { $0.name = "Drücken" })
        try EventChecks.refusesDamage(ExerciseUpdated(exerciseID: Self.exerciseID, definition: Self.squat))
        try EventChecks.refusesDamage(ExerciseDeleted(exerciseID: Self.exerciseID))
        try EventChecks.refusesDamage(ExerciseCategoryCreated(categoryID: Self.categoryID, name: "Push"))
        try EventChecks.refusesDamage(ExerciseCategoryRenamed(categoryID: Self.categoryID, name: "Pull"))
        try EventChecks.refusesDamage(ExerciseCategoryDeleted(categoryID: Self.categoryID))
    }

    @Test("An unknown enum value in the bytes is refused as an invalid value")
    func unknownEnumValue() throws {
        var bytes = try BinaryEventEncoder.encode(ExerciseCreated(exerciseID: Self.exerciseID, definition: ExerciseDefinition(
            name: "Run", category: .cardio, kind: .distance, equipment: .none, muscleGroups: [.cardio])))
        // id (16), name (4), then the category "cardio": its length byte, then "c" becomes "k".
        #expect(bytes[20] == 6 && bytes[21] == UInt8(ascii: "c"))
        bytes[21] = UInt8(ascii: "k")
        let error = #expect(throws: CodecError.self) { try BinaryEventDecoder.decode(ExerciseCreated.self, from: bytes) }
        #expect(error?.code == .invalidValue)
    }

    @Test("The catalog lists every library, template and program event type once, at schema version 1 (the program definitions' and template items' at 2)")
    func catalog() {
        let names = LibraryEventTypes.all.map { $0.eventType }
        #expect(names == [
            "ExerciseCreated", "ExerciseUpdated", "ExerciseDeleted",
            "ExerciseCategoryCreated", "ExerciseCategoryRenamed", "ExerciseCategoryDeleted",
            "TemplateCreated", "TemplateUpdated", "TemplateDeleted",
            "ProgramCreated", "ProgramUpdated", "ProgramDuplicated", "ProgramDeleted",
            "ProgramActivated", "ProgramDeactivated",
        ])
        #expect(Set(names).count == names.count)
        // Version 2 of the three that carry a ProgramDefinition: notes and the design's categories (issue 19);
        // of the two that carry template items: a weight for sets of reps (issue 38).
        let second: Set = ["ProgramCreated", "ProgramUpdated", "ProgramDuplicated", "TemplateCreated", "TemplateUpdated"]
        #expect(LibraryEventTypes.all.allSatisfy { $0.schemaVersion == (second.contains($0.eventType) ? 2 : 1) })
        #expect(LibraryEventTypes.all.allSatisfy { String(describing: $0) == $0.eventType })
    }
}
