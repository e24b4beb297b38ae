import AntrainEvents
import Foundation

/// A library item as ``LibraryProjection`` keeps it under its id: the item, and the offset of
/// the event that first created it, which lists are ordered by.
///
/// Its bytes start with a header every kind shares (the offset, the name, the flags), so that
/// a "did you mean" reads the names of a kind without decoding definitions; the kind's own
/// fields follow (``LibraryStateItem/encodeDetails(into:)``). The id is the key and is not
/// stored again: ``decoded(_:)`` puts it back.
struct LibraryEntry<Item: LibraryStateItem>: KeyedValue {
    typealias Key = UUID

    /// The offset of the event that first created the item: its place in creation order.
    var created: UInt64
    /// The item.
    var item: Item

    init(created: UInt64, item: Item) {
        self.created = created
        self.item = item
    }

    func encode(into writer: inout StateValueWriter) {
        LibraryEntryHeader(created: created, name: item.name, flags: item.flags).encode(into: &writer)
        item.encodeDetails(into: &writer)
    }

    init(from cursor: inout BinaryCursor) throws(BinaryCursor.Failure) {
        let header = try LibraryEntryHeader(from: &cursor)
        created = header.created
        item = try Item(name: header.name, flags: header.flags, details: &cursor)
    }

    /// `created`, `name`, `name_key`, `preset`, `deleted`, then the kind's own columns.
    var columns: [StateColumnValue] {
        [.integer(Int64(created)), .text(item.name), .text(NameMatching.key(item.name)), .bool(item.isPreset), .bool(item.isDeleted)]
            + item.detailColumns
    }

    var residentBytes: Int { MemoryLayout<Self>.stride + item.name.utf8.count + item.detailBytes }

    /// The entry stored as `entry`, with its id taken from the key.
    static func decoded(_ entry: StateEntry) throws -> Self {
        var decoded = try decoded(entry.value, in: Item.keyspace)
        decoded.item.id = UUID(keyBytes: entry.key) ?? decoded.item.id
        return decoded
    }

    /// The keyspace of `Item`s named `name`: the common columns and the kind's own, ordered
    /// by creation and by name key (`extraIndexes` adds the kind's own orderings).
    static func keyspace(_ name: String, extraIndexes: [StateIndex] = []) -> StateKeyspace {
        let common = [StateColumn("created", .integer), StateColumn("name", .text), StateColumn("name_key", .text),
                      StateColumn("preset", .integer), StateColumn("deleted", .integer)]
        return StateKeyspace(projection: LibraryProjection.name, name: name, columns: common + Item.detailColumns,
                             indexes: [StateIndex("by_created", ["created"]), StateIndex("by_name", ["name_key", "created"])]
                                 + extraIndexes)
    }
}

/// The start of every library entry's bytes: enough to list names without the definitions.
struct LibraryEntryHeader {
    /// The offset of the creating event.
    var created: UInt64
    /// The item's name.
    var name: String
    /// Deleted, preset and favourite.
    var flags: LibraryFlags

    init(created: UInt64, name: String, flags: LibraryFlags) {
        self.created = created
        self.name = name
        self.flags = flags
    }

    func encode(into writer: inout StateValueWriter) {
        writer.varint(created)
        writer.string(name)
        writer.varint(UInt64(flags.rawValue))
    }

    init(from cursor: inout BinaryCursor) throws(BinaryCursor.Failure) {
        created = try cursor.varint()
        name = try cursor.string()
        let raw = try cursor.varint()
        guard raw <= UInt64(LibraryFlags.all.rawValue) else { throw BinaryCursor.Failure() }
        flags = LibraryFlags(rawValue: UInt8(raw))
    }

    /// The header of an entry's bytes; the rest is not read.
    static func decoded(_ bytes: [UInt8], in keyspace: StateKeyspace) throws -> LibraryEntryHeader {
        let header: LibraryEntryHeader? = bytes.withUnsafeBytes { raw in
            var cursor = BinaryCursor(raw)
            return try? LibraryEntryHeader(from: &cursor)
        }
        guard let header else {
            throw StateStoreError.damaged(path: keyspace.description, "a value of \(bytes.count) bytes has no library entry header")
        }
        return header
    }
}

/// The yes-or-no facts of a library item, as one byte.
struct LibraryFlags: OptionSet, Sendable {
    let rawValue: UInt8

    /// The user deleted it.
    static let deleted = LibraryFlags(rawValue: 1)
    /// It ships with the app (or was seeded from the presets).
    static let preset = LibraryFlags(rawValue: 2)
    /// A food the user marked as a favourite.
    static let favourite = LibraryFlags(rawValue: 4)
    /// Every flag there is.
    static let all: LibraryFlags = [.deleted, .preset, .favourite]

    /// The flags of an item deleted or not, preset or not, favourite or not.
    init(deleted: Bool, preset: Bool, favourite: Bool = false) {
        var flags: LibraryFlags = []
        if deleted { flags.insert(.deleted) }
        if preset { flags.insert(.preset) }
        if favourite { flags.insert(.favourite) }
        self = flags
    }

    init(rawValue: UInt8) { self.rawValue = rawValue }
}

/// What a kind of library item adds to ``LibraryEntry``: its keyspace, its fields after the
/// common header, and its own columns.
protocol LibraryStateItem: LibraryItem {
    /// The keyspace items of this kind are kept in.
    static var keyspace: StateKeyspace { get }
    /// The columns after the common ones.
    static var detailColumns: [StateColumn] { get }
    /// The item's id (the entry's key: set after decoding).
    var id: UUID { get set }
    /// Whether it ships with the app.
    var isPreset: Bool { get }
    /// Its flags, for the header.
    var flags: LibraryFlags { get }
    /// The values of ``detailColumns``.
    var detailColumns: [StateColumnValue] { get }
    /// About how many bytes its lists and texts take in memory.
    var detailBytes: Int { get }
    /// Writes the fields after the header.
    func encodeDetails(into writer: inout StateValueWriter)
    /// An item from its header's name and flags and the fields after them; its id is nil
    /// until ``LibraryEntry/decoded(_:)`` sets it.
    init(name: String, flags: LibraryFlags, details cursor: inout BinaryCursor) throws(BinaryCursor.Failure)
}

extension LibraryStateItem {
    /// Deleted and preset; foods add favourite.
    var flags: LibraryFlags { LibraryFlags(deleted: isDeleted, preset: isPreset) }
}

extension UUID {
    /// The id a library item has between decoding and ``LibraryEntry/decoded(_:)``, which
    /// sets it from the key.
    static let unsetLibraryItem = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
}
