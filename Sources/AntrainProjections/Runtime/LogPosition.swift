import AntrainEvents
import AntrainLog

/// How far into the log a projection has read: the offset of the next event it will apply,
/// and the hash of the block that ends there, which ties stored state to one exact log.
public struct LogPosition: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The offset of the first event not applied yet; also the number of events before it.
    public var offset: UInt64
    /// The chain hash of the block ending at `offset` (zero at the start of the log).
    public var chainHash: ChainHash

    /// The start of every log.
    public static let start = LogPosition(offset: 0, chainHash: .zero)

    /// A position after the block whose header is given.
    public init(after header: BlockHeader) {
        self.init(offset: header.endOffset, chainHash: header.blockHash)
    }

    /// A position from its parts.
    public init(offset: UInt64, chainHash: ChainHash) {
        self.offset = offset
        self.chainHash = chainHash
    }

    public var description: String { "offset \(offset) (block hash \(chainHash.description.prefix(12)))" }

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
