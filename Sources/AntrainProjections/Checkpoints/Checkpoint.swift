import AntrainEvents
import Foundation

/// A projection's state at a position in the log, as stored in its checkpoint file.
///
/// The file (docs/FORMAT.md, "Projection checkpoints") is a fixed header, the projection's
/// name, and the model in the binary event codec's form; a CRC-32C covers it all:
///
/// | bytes | field |
/// |---|---|
/// | 0..8 | magic `ANTRCKPT` |
/// | 8..10 | u16 file format version: 1 |
/// | 10..14 | u32 projection version |
/// | 14..22 | u64 offset: events before it are reflected |
/// | 22..54 | chain hash of the block ending at that offset |
/// | 54..56 | u16 name length N |
/// | 56..64 | u64 state length S |
/// | 64..64+N | name, UTF-8 |
/// | then S bytes | the model (BinaryEventEncoder) |
/// | last 4 | u32 CRC-32C of everything before |
///
/// Integers are little-endian.
public struct Checkpoint: Sendable, Equatable {
    /// The projection's name.
    public var name: String
    /// The projection's version when it was written.
    public var version: Int
    /// The position the state reflects.
    public var position: LogPosition
    /// The encoded model.
    public var stateBytes: [UInt8]

    static let magic = Array("ANTRCKPT".utf8)
    static let formatVersion: UInt16 = 1
    static let headerSize = 64

    /// The checkpoint of `state`: a read model, or a read model's digest.
    public init<State: Encodable>(name: String, version: Int, position: LogPosition, state: State) throws {
        self.name = name
        self.version = version
        self.position = position
        stateBytes = try BinaryEventEncoder.encode(state)
    }

    init(name: String, version: Int, position: LogPosition, stateBytes: [UInt8]) {
        self.name = name
        self.version = version
        self.position = position
        self.stateBytes = stateBytes
    }

    /// The model (or digest) the checkpoint holds: through its hand-written decoder when it
    /// has one (``FastCheckpointDecodable``), else, or when that refuses the bytes, through
    /// Codable, which says precisely what is wrong.
    public func state<State: Decodable>(as _: State.Type) throws -> State {
        if let fast = State.self as? any FastCheckpointDecodable.Type, let value = fast.fastDecode(stateBytes) as? State {
            return value
        }
        return try stateBytes.withUnsafeBytes { try BinaryEventDecoder.decode(State.self, from: $0) }
    }

    /// The file's bytes.
    public func encoded() -> [UInt8] {
        let nameBytes = Array(name.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(Self.headerSize + nameBytes.count + stateBytes.count + 4)
        out += Self.magic
        out.appendLittleEndian(Self.formatVersion)
        out.appendLittleEndian(UInt32(truncatingIfNeeded: version))
        out.appendLittleEndian(position.offset)
        out += position.chainHash.bytes
        out.appendLittleEndian(UInt16(nameBytes.count))
        out.appendLittleEndian(UInt64(stateBytes.count))
        out += nameBytes
        out += stateBytes
        out.appendLittleEndian(out.withUnsafeBytes { CRC32C.checksum($0) })
        return out
    }

    /// Reads a checkpoint file's bytes; throws ``CheckpointError`` naming what is wrong.
    public static func decode(_ bytes: [UInt8], file: String) throws(CheckpointError) -> Checkpoint {
        func fail(_ reason: String) -> CheckpointError { CheckpointError(file: file, reason: reason) }
        guard bytes.count >= headerSize + 4 else { throw fail("it is \(bytes.count) bytes, shorter than a checkpoint's header") }
        guard Array(bytes[0..<8]) == magic else { throw fail("it does not start with ANTRCKPT") }
        let stored = bytes.loadLittleEndian(UInt32.self, at: bytes.count - 4)
        guard bytes.withUnsafeBytes({ CRC32C.checksum(UnsafeRawBufferPointer(rebasing: $0[..<(bytes.count - 4)])) }) == stored else { throw fail("its checksum does not match its bytes") }
        let format = bytes.loadLittleEndian(UInt16.self, at: 8)
        guard format == formatVersion else { throw fail("file format \(format); this build reads \(formatVersion)") }
        let nameLength = Int(bytes.loadLittleEndian(UInt16.self, at: 54))
        let stateLength = bytes.loadLittleEndian(UInt64.self, at: 56)
        guard UInt64(headerSize + nameLength + 4) + stateLength == UInt64(bytes.count) else {
            throw fail("name (\(nameLength)) and state (\(stateLength)) lengths do not add up to its \(bytes.count) bytes")
        }
        let nameEnd = headerSize + nameLength
        guard let name = String(validating: bytes[headerSize..<nameEnd], as: UTF8.self) else { throw fail("its name is not UTF-8") }
        let position = LogPosition(offset: bytes.loadLittleEndian(UInt64.self, at: 14), chainHash: ChainHash(bytes: Array(bytes[22..<54])))
        return Checkpoint(name: name, version: Int(bytes.loadLittleEndian(UInt32.self, at: 10)), position: position,
                          stateBytes: Array(bytes[nameEnd..<(bytes.count - 4)]))
    }
}

/// A checkpoint file that cannot be used: it is ignored and its projection rebuilt.
public struct CheckpointError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file.
    public var file: String
    /// What is wrong with it.
    public var reason: String

    public var description: String { "checkpoint \(file): \(reason)" }
}

extension [UInt8] {
    mutating func appendLittleEndian<T: FixedWidthInteger>(_ value: T) {
        Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
    }

    func loadLittleEndian<T: FixedWidthInteger>(_: T.Type, at offset: Int) -> T {
        withUnsafeBytes { T(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: T.self)) }
    }
}
