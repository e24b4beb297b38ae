import AntrainEvents
import AntrainTestSupport
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
