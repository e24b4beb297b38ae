import AntrainEvents
import Foundation
import Testing

@Suite("Workout template events")
struct TemplateEventTests {
    static let templateID = UUID(uuidString: "4E3D5F8B-4061-8D2A-8BD5-D4A2C0DE517B")!
    static let squat = UUID(uuidString: "7EB19C92-6083-801E-9216-EAD8F15AA60C")!
    static let plank = UUID(uuidString: "693D74F3-5B82-822E-B059-235034700319")!

    /// Squat 5×5, a break, a one-minute plank.
    static let items: [TemplateItem] = [
        .exercise(position: 1, exerciseID: squat, target: .repetitions(sets: 5, repsPerSet: 5, restSeconds: 180)),
        .break(position: 2, durationSeconds: 120),
        .exercise(position: 3, exerciseID: plank, target: .time(durationSeconds: 60)),
    ]

    static func created(_ items: [TemplateItem] = items, name: String = "Legs", notes: String? = nil) -> TemplateCreated {
        TemplateCreated(templateID: templateID, name: name, notes: notes, items: items)
    }

    /// The sample items with the one at `index` replaced.
    static func replacing(_ index: Int, with item: TemplateItem) -> [TemplateItem] {
        var items = items
        items[index] = item
        return items
    }

    @Test("Valid events of every type pass and name their stream")
    func validEvents() {
        EventChecks.valid(Self.created(notes: "Brace hard.\nStay upright."))
        EventChecks.valid(TemplateUpdated(templateID: Self.templateID, name: "Legs", items: Self.items))
        EventChecks.valid(TemplateDeleted(templateID: Self.templateID))
        EventChecks.valid(Self.created(notes: EventChecks.text(500)))
        EventChecks.valid(Self.created((1...99).map { .break(position: $0, durationSeconds: 600) }))
        EventChecks.valid(Self.created([.exercise(position: 1, exerciseID: Self.squat,
                                                  target: .repetitions(sets: 99, repsPerSet: 999, restSeconds: 0))]))
        EventChecks.valid(Self.created([.exercise(position: 1, exerciseID: Self.squat,
                                                  target: .repetitions(sets: 1, repsPerSet: 1, restSeconds: 600))]))
        EventChecks.valid(Self.created([.exercise(position: 1, exerciseID: Self.plank, target: .time(durationSeconds: 3600)),
                                        .exercise(position: 2, exerciseID: Self.plank, target: .time(durationSeconds: 1)),
                                        .break(position: 3, durationSeconds: 1)]))

        let stream = "template-4e3d5f8b-4061-8d2a-8bd5-d4a2c0de517b"
        #expect(Self.created().streamID == stream)
        #expect(TemplateUpdated(templateID: Self.templateID, name: "Legs", items: Self.items).streamID == stream)
        #expect(TemplateDeleted(templateID: Self.templateID).streamID == stream)
        #expect(Self.items.map(\.position) == [1, 2, 3])
        #expect(Self.items.map(\.exerciseID) == [Self.squat, nil, Self.plank])
    }

    @Test("Template names are 1 to 100 characters after trimming",
          arguments: ["", "  \t", EventChecks.text(101)])
    func badName(name: String) {
        EventChecks.invalid(Self.created(name: name), ["name"])
        EventChecks.invalid(TemplateUpdated(templateID: Self.templateID, name: name, items: Self.items), ["name"])
    }

    @Test("Notes have at most 500 characters; a template has 1 to 99 items")
    func notesAndCount() {
        EventChecks.invalid(Self.created(notes: EventChecks.text(501)), ["notes"])
        EventChecks.invalid(TemplateUpdated(templateID: Self.templateID, name: "Legs", notes: "\u{0}", items: Self.items), ["notes"])
        EventChecks.invalid(Self.created([]), ["items"])
        EventChecks.invalid(TemplateUpdated(templateID: Self.templateID, name: "Legs", items: []), ["items"])
        EventChecks.invalid(Self.created((1...100).map { .break(position: $0, durationSeconds: 60) }), ["items"])
    }

    @Test("Sets 1–99, reps 1–999, rest 0–600 s, a timed exercise 1–3600 s, a break 1–600 s",
          arguments: [
            (TemplateItem.exercise(position: 2, exerciseID: squat, target: .repetitions(sets: 0, repsPerSet: 5, restSeconds: 90)), "items[1].sets"),
            (.exercise(position: 2, exerciseID: squat, target: .repetitions(sets: 100, repsPerSet: 5, restSeconds: 90)), "items[1].sets"),
            (.exercise(position: 2, exerciseID: squat, target: .repetitions(sets: -1, repsPerSet: 5, restSeconds: 90)), "items[1].sets"),
            (.exercise(position: 2, exerciseID: squat, target: .repetitions(sets: 3, repsPerSet: 0, restSeconds: 90)), "items[1].repsPerSet"),
            (.exercise(position: 2, exerciseID: squat, target: .repetitions(sets: 3, repsPerSet: 1000, restSeconds: 90)), "items[1].repsPerSet"),
            (.exercise(position: 2, exerciseID: squat, target: .repetitions(sets: 3, repsPerSet: 5, restSeconds: -1)), "items[1].restSeconds"),
            (.exercise(position: 2, exerciseID: squat, target: .repetitions(sets: 3, repsPerSet: 5, restSeconds: 601)), "items[1].restSeconds"),
            (.exercise(position: 2, exerciseID: plank, target: .time(durationSeconds: 0)), "items[1].durationSeconds"),
            (.exercise(position: 2, exerciseID: plank, target: .time(durationSeconds: 3601)), "items[1].durationSeconds"),
            (.break(position: 2, durationSeconds: 0), "items[1].durationSeconds"),
            (.break(position: 2, durationSeconds: 601), "items[1].durationSeconds"),
            (.break(position: 2, durationSeconds: .min), "items[1].durationSeconds"),
          ])
    func badItem(item: TemplateItem, field: String) {
        EventChecks.invalid(Self.created(Self.replacing(1, with: item)), [field])
        EventChecks.invalid(TemplateUpdated(templateID: Self.templateID, name: "Legs", items: Self.replacing(1, with: item)), [field])
    }

    @Test("Positions run 1 to n in the order of the items")
    func positions() {
        EventChecks.invalid(Self.created(Self.replacing(0, with: .break(position: 0, durationSeconds: 60))), ["items[0].position"])
        EventChecks.invalid(Self.created(Self.replacing(2, with: .break(position: 2, durationSeconds: 60))), ["items[2].position"])
        let swapped: [TemplateItem] = [Self.items[0], Self.items[2], Self.items[1]]
        EventChecks.invalid(Self.created(swapped), ["items[1].position", "items[2].position"])
        let fromZero = (0..<3).map { TemplateItem.break(position: $0, durationSeconds: 60) }
        EventChecks.invalid(Self.created(fromZero), ["items[0].position", "items[1].position", "items[2].position"])
        // Each item's problems follow its position's.
        let both = Self.replacing(1, with: .break(position: 7, durationSeconds: 0))
        EventChecks.invalid(Self.created(both, name: ""), ["name", "items[1].position", "items[1].durationSeconds"])
    }

    @Test("Each kind of item has a flat JSON form with a kind discriminator")
    func jsonShapes() throws {
        let encoder = EventChecks.jsonEncoder()
        let shapes = try Self.items.map { String(decoding: try encoder.encode($0), as: UTF8.self) }
        #expect(shapes == [
            #"{"exerciseID":"7EB19C92-6083-801E-9216-EAD8F15AA60C","kind":"exercise","position":1,"repsPerSet":5,"restSeconds":180,"sets":5,"target":"repetitions"}"#,
            #"{"durationSeconds":120,"kind":"break","position":2}"#,
            #"{"durationSeconds":60,"exerciseID":"693D74F3-5B82-822E-B059-235034700319","kind":"exercise","position":3,"target":"time"}"#,
        ])
        let unknownKind = Data(#"{"kind":"superset","position":1,"durationSeconds":60}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(TemplateItem.self, from: unknownKind) }
        let missingField = Data(#"{"kind":"exercise","position":1,"exerciseID":"7EB19C92-6083-801E-9216-EAD8F15AA60C","target":"time"}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(TemplateItem.self, from: missingField) }
    }

    @Test("The binary form writes the kind first, then the case's fields")
    func binaryShape() throws {
        let breakBytes = try BinaryEventEncoder.encode(TemplateItem.break(position: 3, durationSeconds: 120))
        #expect(breakBytes == [5] + Array("break".utf8) + [6, 0xF0, 0x01])
        let timed = try BinaryEventEncoder.encode(Self.items[2])
        #expect(timed == [8] + Array("exercise".utf8) + [6] + Array(try BinaryEventEncoder.encode(Self.plank))
            + [4] + Array("time".utf8) + [120])

        var unknown = breakBytes
        unknown[1] = UInt8(ascii: "x")
        let error = #expect(throws: CodecError.self) { try BinaryEventDecoder.decode(TemplateItem.self, from: unknown) }
        #expect(error?.code == .invalidValue)
    }

    @Test("Every event round-trips through the binary codec and JSON, with edge values")
    func roundTrips() throws {
        let extremes: [TemplateItem] = [
            .exercise(position: .min, exerciseID: Self.squat, target: .repetitions(sets: .max, repsPerSet: .min, restSeconds: 0)),
            .exercise(position: .max, exerciseID: Self.plank, target: .time(durationSeconds: -1)),
            .break(position: 0, durationSeconds: .max),
        ]
        try EventChecks.roundTrips(Self.created())
        try EventChecks.roundTrips(Self.created(extremes, name: "Beinpresse – 脚 🦵", notes: EventChecks.text(70_000, "é")))
        try EventChecks.roundTrips(Self.created((1...500).map { .break(position: $0, durationSeconds: $0) }, name: ""))
        try EventChecks.roundTrips(TemplateUpdated(templateID: Self.templateID, name: "Legs", notes: "", items: Self.items))
        try EventChecks.roundTrips(TemplateUpdated(templateID: Self.templateID, name: "Legs", items: []))
        try EventChecks.roundTrips(TemplateDeleted(templateID: Self.templateID))

        // Absent notes take one presence byte; present notes a byte, a length and the text.
        let without = try BinaryEventEncoder.encode(Self.created())
        let with = try BinaryEventEncoder.encode(Self.created(notes: "Go"))
        #expect(with.count == without.count + 3)
    }

    @Test("Truncated or damaged bytes of every event throw CodecError, never crash")
    func damage() throws {
        try EventChecks.refusesDamage(Self.created(notes: "Brace."))
        try EventChecks.refusesDamage(TemplateUpdated(templateID: Self.templateID, name: "Legs", items: Self.items))
        try EventChecks.refusesDamage(TemplateDeleted(templateID: Self.templateID))
    }
}
