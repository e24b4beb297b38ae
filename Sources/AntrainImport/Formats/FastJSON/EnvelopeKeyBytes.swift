import AntrainEvents
import Foundation

/// An envelope key's spellings (``EventEnvelopeKey/spellings``) as bytes, made once per key,
/// for ``JSONObjectReader`` to compare with a member's name.
///
/// A static per key rather than a table keyed by ``EventEnvelopeKey``: a line reads about ten
/// envelope keys, and a dictionary lookup hashes each (a re-import of 100,000 lines spent
/// more in those hashes than in reading the keys).
struct EnvelopeKeyBytes {
    /// The canonical spelling, as UTF-8 bytes.
    let canonical: [UInt8]
    /// The older spelling, empty for a key that never had one (no key has two).
    let alias: [UInt8]

    /// The spellings of `key`.
    init(_ key: EventEnvelopeKey) {
        precondition(key.aliases.count <= 1, "\(key) has more than one alias")
        canonical = Array(key.rawValue.utf8)
        alias = key.aliases.first.map { Array($0.utf8) } ?? []
    }

    /// Whether the `count` bytes at `name` spell this key.
    func isSpelled(by name: UnsafeRawPointer, count: Int) -> Bool {
        if count == canonical.count, canonical.withUnsafeBytes({ memcmp(name, $0.baseAddress!, count) }) == 0 { return true }
        return !alias.isEmpty && count == alias.count && alias.withUnsafeBytes({ memcmp(name, $0.baseAddress!, count) }) == 0
    }

    static let offset = EnvelopeKeyBytes(.offset)
    static let id = EnvelopeKeyBytes(.id)
    static let stream = EnvelopeKeyBytes(.stream)
    static let streamVersion = EnvelopeKeyBytes(.streamVersion)
    static let type = EnvelopeKeyBytes(.type)
    static let schemaVersion = EnvelopeKeyBytes(.schemaVersion)
    static let recordedAt = EnvelopeKeyBytes(.recordedAt)
    static let correlationID = EnvelopeKeyBytes(.correlationID)
    static let causationID = EnvelopeKeyBytes(.causationID)
    static let event = EnvelopeKeyBytes(.event)
}
