/// A place in a log between two commits: the offset of the next record, and the chain hash
/// of everything before it, the token that ties a position stored elsewhere (a projection's
/// state, a mirror's progress) to this one log.
///
/// Every storage chains its commits: the directory log hashes each block with the one before
/// (docs/FORMAT.md); another storage keeps a chain of its own. A position is only ever taken
/// at the end of a commit (``LogReader/end()``, ``RecordBatch/end``), where the chain is known,
/// and checked later with ``LogReader/position(endingAt:)``.
public struct LogPosition: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The offset of the next record; also the number of records before it.
    public var offset: UInt64
    /// The chain hash of the commit ending at `offset` (zero at the start of the log).
    public var chainHash: ChainHash

    /// The start of every log.
    public static let start = LogPosition(offset: 0, chainHash: .zero)

    /// The position after the block whose header is given (the directory log's commits).
    package init(after header: BlockHeader) {
        self.init(offset: header.endOffset, chainHash: header.blockHash)
    }

    /// A position from its parts.
    public init(offset: UInt64, chainHash: ChainHash) {
        self.offset = offset
        self.chainHash = chainHash
    }

    public var description: String { "offset \(offset) (chain hash \(chainHash.description.prefix(12)))" }

    enum CodingKeys: CodingKey { case offset, chainHash }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        offset = try container.decode(UInt64.self, forKey: .offset)
        chainHash = ChainHash(bytes: try container.decode([UInt8].self, forKey: .chainHash))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(offset, forKey: .offset)
        try container.encode(chainHash.bytes, forKey: .chainHash)
    }
}
