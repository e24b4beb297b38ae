@testable import AntrainEvents
@testable import AntrainLog
import AntrainTestSupport
import Foundation
import Testing

/// The frame decoder checks content checksums with libxxhash and leaves frames with block
/// checksums to liblz4: both must refuse a frame whose bytes changed, and say so alike.
@Suite("LZ4 frame checksums")
struct LZ4FrameDecoderTests {
    /// Random bytes: incompressible, so the frame stores them as they are and a changed byte
    /// changes the content without breaking the frame's structure.
    private func randomContent(_ count: Int, seed: UInt64) -> [UInt8] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }
    }

    private func decode(_ frame: [UInt8], count: Int) throws -> [UInt8] {
        var content = [UInt8](repeating: 0, count: count)
        let decoder = LZ4FrameDecoder()
        try frame.withUnsafeBytes { raw in
            try content.withUnsafeMutableBytes { try decoder.decode(raw, into: $0) }
        }
        return content
    }

    @Test("a frame of ours decodes to its content, and its content checksum is libxxhash's XXH32 of it")
    func roundTrip() throws {
        let content = randomContent(5000, seed: 1) + [UInt8](repeating: 7, count: 3000)
        let frame = try content.withUnsafeBytes { try LZ4FrameEncoder().encode($0) }
        #expect(try decode(frame, count: content.count) == content)
        let stored = frame.suffix(4).withUnsafeBytes { UInt32(littleEndian: $0.loadUnaligned(as: UInt32.self)) }
        #expect(stored == content.withUnsafeBytes(XXHash32.hash))
    }

    @Test("a changed content byte or a changed content checksum is refused with liblz4's name for it")
    func changedContentIsRefused() throws {
        let content = randomContent(4096, seed: 2)
        let frame = try content.withUnsafeBytes { try LZ4FrameEncoder().encode($0) }
        // The stored block's data starts after magic (4), FLG, BD, content size (8), HC and the block size (4).
        for position in [19, 19 + 2048, frame.count - 9, frame.count - 1] {
            var damaged = frame
            damaged[position] ^= 0x10
            #expect(throws: LZ4Error(message: "ERROR_contentChecksum_invalid"), "byte \(position)") {
                _ = try decode(damaged, count: content.count)
            }
        }
    }

    @Test("a frame with block checksums, from the lz4 tool, is checked by liblz4 and decodes to the same content")
    func blockChecksumsAreLiblz4s() throws {
        let tool = try #require(lz4Tool, "the lz4 tool is missing: run the README's test command, which installs it")
        let directory = TemporaryDirectory("lz4-frames")
        let content = randomContent(3000, seed: 3)
        try Data(content).write(to: URL(fileURLWithPath: directory.file("content")))
        let written = try run(tool, ["-q", "-f", "-BX", "--content-size", directory.file("content"), directory.file("content.lz4")])
        #expect(written.status == 0)
        let frame = [UInt8](try Data(contentsOf: URL(fileURLWithPath: directory.file("content.lz4"))))
        #expect(frame[4] & 0x10 != 0, "lz4 -BX sets the block checksum flag")
        #expect(try decode(frame, count: content.count) == content)
        var damaged = frame
        damaged[damaged.count - 12] ^= 0x01  // inside the block's data, before its checksum, the end mark and the content checksum
        #expect(throws: LZ4Error.self) { _ = try decode(damaged, count: content.count) }
    }
}
