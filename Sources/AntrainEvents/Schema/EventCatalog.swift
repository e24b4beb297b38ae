import AntrainLog
import Foundation

/// Every event type this build knows: how each stored schema version is read (upcasting old
/// ones) and how events are written, in binary and in JSON.
///
/// ```swift
/// let catalog = EventCatalog.standard
/// switch try catalog.decode(record) {
/// case let .event(event): print(event)
/// case .unknownType, .newerVersion: break   // written by a newer build: skip, keep the bytes
/// }
/// ```
public struct EventCatalog: Sendable {
    typealias BinaryDecode = @Sendable (UnsafeRawBufferPointer) throws(CodecError) -> any DomainEvent
    /// Decodes the current version and appends the event, with its metadata, to columns:
    /// the event never goes into an existential box.
    typealias ColumnDecode = @Sendable (UnsafeRawBufferPointer, EventMetadata, inout EventColumns) throws(CodecError) -> Void

    /// How one event type is read and written (a class: a lookup hands out one reference,
    /// not a copy of every closure).
    final class Entry: Sendable {
        let name: String
        let utf8: [UInt8]
        let currentVersion: UInt16
        let decodeCurrent: BinaryDecode
        let appendCurrent: ColumnDecode
        /// The type's kind in ``EventColumns`` (its place in ``EventColumns/types``) when it
        /// has a hand-written decoder (see ``EventCatalog/appendFast(kind:_:_:into:)``), else -1.
        let fastKind: Int
        /// Decoders of older versions, each already chained through the upcasters.
        let legacy: [UInt16: BinaryDecode]
        /// The same for the older versions' JSON forms (exports of earlier builds).
        let legacyJSON: [UInt16: @Sendable (any Decoder) throws -> any DomainEvent]
        let decodeJSON: @Sendable (Data, JSONDecoder) throws -> any DomainEvent
        let decodeFrom: @Sendable (any Decoder) throws -> any DomainEvent

        init(name: String, utf8: [UInt8], currentVersion: UInt16, decodeCurrent: @escaping BinaryDecode,
             appendCurrent: @escaping ColumnDecode, fastKind: Int, legacy: [UInt16: BinaryDecode],
             legacyJSON: [UInt16: @Sendable (any Decoder) throws -> any DomainEvent],
             decodeJSON: @escaping @Sendable (Data, JSONDecoder) throws -> any DomainEvent,
             decodeFrom: @escaping @Sendable (any Decoder) throws -> any DomainEvent) {
            self.name = name
            self.utf8 = utf8
            self.currentVersion = currentVersion
            self.decodeCurrent = decodeCurrent
            self.appendCurrent = appendCurrent
            self.fastKind = fastKind
            self.legacy = legacy
            self.legacyJSON = legacyJSON
            self.decodeJSON = decodeJSON
            self.decodeFrom = decodeFrom
        }
    }

    private let entries: [String: Entry]
    /// The entries by their names' bytes: every record's type is looked up here. Held by
    /// `entries`, so a lookup takes no hold of its own: on a replay's per-record path (see
    /// ``decode(_:into:metadata:)``) a retain and release per record stalled the read loop.
    private let byName: EventTypeTable<Unmanaged<Entry>>
    /// Versions that cannot be read because an upcaster is missing; empty in a sound build.
    public let problems: [String]

    /// A catalog of `types`, reading their older versions through `plan`.
    public init(types: [any DomainEvent.Type], plan: EventMigrationPlan) {
        var entries: [String: Entry] = [:]
        var problems: [String] = []
        for type in types {
            let entry = Self.entry(for: type, plan: plan, problems: &problems)
            if entries[entry.name] != nil { problems.append("\(entry.name) is registered twice") }
            entries[entry.name] = entry
        }
        self.entries = entries
        byName = EventTypeTable(entries.values.map { ($0.utf8, Unmanaged.passUnretained($0)) })
        self.problems = problems
    }

    /// The catalog of this build: every event of the app and the migration plan.
    public static let standard = EventCatalog(types: KnownEventTypes.all, plan: AntrainMigrationPlan.plan)

    /// The names of the known event types, sorted.
    public var eventTypes: [String] { entries.keys.sorted() }

    /// The current schema version of `eventType`, or nil when it is unknown.
    public func currentVersion(of eventType: String) -> UInt16? { entries[eventType]?.currentVersion }

    /// Whether `type` is registered.
    public func knows(_ type: any DomainEvent.Type) -> Bool { entries[type.eventType] != nil }

    /// Decodes a record's payload to the current shape of its event type.
    public func decode(_ record: LogRecord) throws(EventDecodingError) -> DecodedPayload {
        try withExtendedLifetime(record) { () throws(EventDecodingError) in try decode(record.view) }
    }

    /// Decodes the record `record` views, whose storage the caller holds.
    func decode(_ record: RecordView) throws(EventDecodingError) -> DecodedPayload {
        guard let entry = byName.value(for: record.eventTypeBytes)?.takeUnretainedValue() else {
            return .unknownType(record.eventType)
        }
        let version = record.schemaVersion
        // The payload is read in place: no closure and no Result to carry the event's box
        // through (a copy of it per record).
        do { return try Self.decode(entry, version: version, record.payloadBytes) } catch {
            throw EventDecodingError(offset: record.offset, eventType: entry.name, schemaVersion: version, underlying: error)
        }
    }

    /// Decodes the record `record` views into `columns`, with the metadata `metadata` makes;
    /// nil when it was appended, or what was skipped (a type or version this build does not
    /// read). Nothing is appended when the payload does not decode.
    func decode(_ record: RecordView, into columns: inout EventColumns,
                metadata: (RecordView) -> EventMetadata) throws(EventDecodingError) -> DecodedPayload? {
        guard let handle = byName.value(for: record.eventTypeBytes) else { return .unknownType(record.eventType) }
        // `entries` keeps every entry alive as long as the catalog: no retain and release per record.
        unowned(unsafe) let entry = handle.takeUnretainedValue()
        let version = record.schemaVersion
        do {
            if version == entry.currentVersion {
                if entry.fastKind >= 0 {
                    try Self.appendFast(kind: entry.fastKind, record.payloadBytes, metadata(record), into: &columns)
                } else {
                    try entry.appendCurrent(record.payloadBytes, metadata(record), &columns)
                }
                return nil
            }
            // Older and newer versions: the rare path, through the boxed decoders.
            switch try Self.decode(entry, version: version, record.payloadBytes) {
            case let .event(event):
                columns.append(event, metadata(record))
                return nil
            case let skipped:
                return skipped
            }
        } catch {
            throw EventDecodingError(offset: record.offset, eventType: entry.name, schemaVersion: version, underlying: error)
        }
    }

    /// Decodes `payload`, stored as `schemaVersion` of `eventType`, to the current shape.
    public func decode(eventType: String, schemaVersion: UInt16, payload: UnsafeRawBufferPointer) throws(CodecError) -> DecodedPayload {
        guard let entry = byName.value(for: eventType)?.takeUnretainedValue() else { return .unknownType(eventType) }
        return try Self.decode(entry, version: schemaVersion, payload)
    }

    /// Decodes the JSON form of an event of `eventType` (always its current shape).
    public func decodeJSON(eventType: String, from data: Data, decoder: JSONDecoder = JSONDecoder()) throws -> any DomainEvent {
        guard let entry = entries[eventType] else {
            throw CodecError(.invalidValue, "unknown event type '\(eventType)'; known types: \(eventTypes.joined(separator: ", "))")
        }
        return try entry.decodeJSON(data, decoder)
    }

    /// A function decoding the current shape of `eventType` from any decoder.
    func jsonDecoder(for eventType: String) -> (@Sendable (any Decoder) throws -> any DomainEvent)? {
        entries[eventType]?.decodeFrom
    }

    /// A function decoding `version` of `eventType` from any decoder and upcasting it to the
    /// current shape; nil for a version this build cannot read (unknown, or newer).
    func jsonDecoder(for eventType: String, version: UInt16) -> (@Sendable (any Decoder) throws -> any DomainEvent)? {
        guard let entry = entries[eventType] else { return nil }
        return version == entry.currentVersion ? entry.decodeFrom : entry.legacyJSON[version]
    }

    private static func decode(_ entry: Entry, version: UInt16, _ raw: UnsafeRawBufferPointer) throws(CodecError) -> DecodedPayload {
        if version == entry.currentVersion { return .event(try entry.decodeCurrent(raw)) }
        if version > entry.currentVersion { return .newerVersion(type: entry.name, version: version) }
        guard let legacy = entry.legacy[version] else {
            throw CodecError(.invalidValue, "\(entry.name) has no schema version \(version); this build reads 1 to \(entry.currentVersion)")
        }
        return .event(try legacy(raw))
    }

    private static func entry<E: DomainEvent>(for _: E.Type, plan: EventMigrationPlan, problems: inout [String]) -> Entry {
        var legacy: [UInt16: BinaryDecode] = [:]
        var legacyJSON: [UInt16: @Sendable (any Decoder) throws -> any DomainEvent] = [:]
        for version in stride(from: UInt16(1), to: E.schemaVersion, by: 1) {
            let steps = (version..<E.schemaVersion).map { plan.step(E.eventType, from: $0) }
            let chain = steps.compactMap { $0 }
            guard chain.count == steps.count, let first = chain.first else {
                let missing = zip(version..<E.schemaVersion, steps).first { $0.1 == nil }?.0 ?? version
                problems.append("\(E.eventType): no upcaster from version \(missing), so version \(version) cannot be read")
                continue
            }
            legacy[version] = chained(first, chain, to: E.self)
            let upcasts = Upcaster.Chain(first: first, steps: chain)
            legacyJSON[version] = { decoder in try upcasts.run(from: decoder, to: E.self) }
        }
        return Entry(name: E.eventType, utf8: Array(E.eventType.utf8), currentVersion: E.schemaVersion,
                     decodeCurrent: currentDecoder(for: E.self), appendCurrent: columnDecoder(for: E.self),
                     fastKind: fastKind(of: E.self),
                     legacy: legacy, legacyJSON: legacyJSON,
                     decodeJSON: { data, decoder in try decoder.decode(E.self, from: data) },
                     decodeFrom: { decoder in try E(from: decoder) })
    }

    /// The decoder of `E`'s current version: its hand-written one when it has one (the hot
    /// types of a replay, see ``FastBinaryDecodable``), the Codable one otherwise.
    private static func currentDecoder<E: DomainEvent>(for _: E.Type) -> BinaryDecode {
        if let fast = E.self as? any FastBinaryDecodable.Type { return fastDecoder(for: fast) }
        return { raw throws(CodecError) in try BinaryEventDecoder.decode(E.self, from: raw) }
    }

    private static func fastDecoder<F: FastBinaryDecodable>(for _: F.Type) -> BinaryDecode {
        { raw throws(CodecError) in try F.decodeBinary(raw) }
    }

    /// `E`'s kind in ``EventColumns`` when it has a hand-written decoder, else -1.
    private static func fastKind<E: DomainEvent>(of _: E.Type) -> Int {
        guard E.self is any FastBinaryDecodable.Type else { return -1 }
        return EventColumns.types.firstIndex { ObjectIdentifier($0) == ObjectIdentifier(E.self) } ?? -1
    }

    /// The decoder of `E`'s current version into columns through the Codable path, for a
    /// type without a hand-written decoder (those go through ``appendFast(kind:_:_:into:)``).
    private static func columnDecoder<E: DomainEvent>(for _: E.Type) -> ColumnDecode {
        { raw, metadata, columns throws(CodecError) in
            try BinaryEventDecoder.decode(E.self, from: raw).accept(&columns, metadata)
        }
    }

    /// A decoder that reads a frozen shape and upcasts it to `E`.
    private static func chained<E: DomainEvent>(_ first: Upcaster, _ chain: [Upcaster], to _: E.Type) -> BinaryDecode {
        let steps = Upcaster.Chain(first: first, steps: chain)
        return { raw throws(CodecError) in try steps.run(raw, to: E.self) }
    }
}
