@testable import AntrainEvents
@testable import AntrainLog
import Testing

/// The catalog's lookup of a record's type by its bytes.
@Suite("Event type table")
struct EventTypeTableTests {
    @Test("every known type is found by its bytes and by its name, and only by them")
    func findsEveryKnownType() {
        let names = KnownEventTypes.all.map { $0.eventType }
        let table = EventTypeTable(names.enumerated().map { (Array($0.element.utf8), $0.offset) })
        for (index, name) in names.enumerated() {
            #expect(table.value(for: name) == index, "\(name)")
            #expect(Array(name.utf8).withUnsafeBytes { table.value(for: $0) } == index, "\(name)")
            for near in [String(name.dropLast()), name + "s", "x" + name.dropFirst(), name.lowercased(), ""] where near != name {
                #expect(table.value(for: near) == names.firstIndex(of: near), "\(near)")
            }
        }
        #expect(table.value(for: "Set") == nil)
        #expect(table.value(for: "SetLoggedSetLoggedSetLogged") == nil)
    }

    @Test("a record of an unknown type is reported by name, a known one decodes")
    func catalogLookup() throws {
        let catalog = EventCatalog.standard
        let payload = try BinaryEventEncoder.encode(WorkoutRPERecorded(workoutID: EventSamples.workout, rpe: 8))
        let known = try payload.withBytes { raw throws(CodecError) in
            try catalog.decode(eventType: "WorkoutRPERecorded", schemaVersion: 1, payload: raw)
        }
        guard case .event = known else { Issue.record("WorkoutRPERecorded did not decode: \(known)"); return }
        let unknown = try payload.withBytes { raw throws(CodecError) in
            try catalog.decode(eventType: "WorkoutRPERecordedV9", schemaVersion: 1, payload: raw)
        }
        guard case let .unknownType(name) = unknown else { Issue.record("expected an unknown type: \(unknown)"); return }
        #expect(name == "WorkoutRPERecordedV9")
    }
}
