@testable import AntrainEvents
@testable import AntrainLog
import AntrainTestSupport
import Foundation
import Testing

/// The reader decodes a frame of one block itself and leaves every other frame to liblz4:
/// whatever it accepts, liblz4 must accept too, with the same content.
@Suite("LZ4 frames of one block, decoded directly")
struct SingleBlockFrameTests {
    private func content(_ count: Int, seed: UInt64, compressible: Bool) -> [UInt8] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { index in
            compressible ? UInt8(truncatingIfNeeded: index / 7 &+ Int(random.next() % 3)) : UInt8(truncatingIfNeeded: random.next())
        }
    }

    /// The direct path's answer: the content, or nil when it leaves the frame to liblz4.
    private func direct(_ frame: [UInt8], count: Int) -> [UInt8]? {
        var content = [UInt8](repeating: 0, count: count)
        let decoded = frame.withUnsafeBytes { raw in content.withUnsafeMutableBytes { SingleBlockFrame.decode(raw, into: $0) } }
        return decoded ? content : nil
    }

    /// liblz4's answer, its checksums skipped as the direct path skips the content's.
    private func liblz4(_ frame: [UInt8], count: Int) -> [UInt8]? {
        var content = [UInt8](repeating: 0, count: count)
        let decoder = LZ4FrameDecoder()
        let decoded = frame.withUnsafeBytes { raw in
            content.withUnsafeMutableBytes { (try? decoder.decompress(raw, into: $0, skippingChecksums: true)) != nil }
        }
        return decoded ? content : nil
    }

    @Test("our frames of compressible and of incompressible content decode directly to their content")
    func ourFramesDecodeDirectly() throws {
        for compressible in [true, false] {
            let bytes = content(70_000, seed: 5, compressible: compressible)
            let frame = try bytes.withUnsafeBytes { try LZ4FrameEncoder().encode($0) }
            #expect(direct(frame, count: bytes.count) == bytes, "compressible: \(compressible)")
        }
    }

    @Test("a frame of several blocks, from the lz4 tool, is left to liblz4 and still decodes")
    func severalBlocksAreLiblz4s() throws {
        let tool = try #require(lz4Tool, "the lz4 tool is missing: run the README's test command, which installs it")
        let directory = TemporaryDirectory("lz4-blocks")
        let bytes = content(200_000, seed: 6, compressible: true)
        try Data(bytes).write(to: URL(fileURLWithPath: directory.file("content")))
        let written = try run(tool, ["-q", "-f", "-B4", "--content-size", directory.file("content"), directory.file("content.lz4")])
        #expect(written.status == 0)
        let frame = [UInt8](try Data(contentsOf: URL(fileURLWithPath: directory.file("content.lz4"))))
        #expect(direct(frame, count: bytes.count) == nil)
        var decoded = [UInt8](repeating: 0, count: bytes.count)
        try frame.withUnsafeBytes { raw in try decoded.withUnsafeMutableBytes { try LZ4FrameDecoder().decode(raw, into: $0) } }
        #expect(decoded == bytes)
    }

    @Test("a frame with any byte changed is either refused directly or decoded as liblz4 decodes it")
    func changedFramesAgreeWithLiblz4() throws {
        var random = SplitMix64(seed: 7)
        for compressible in [true, false] {
            let bytes = content(3000, seed: 8, compressible: compressible)
            let frame = try bytes.withUnsafeBytes { try LZ4FrameEncoder().encode($0) }
            // Every bit of the descriptor, the block's size word, the end mark and the
            // content checksum, then random bytes anywhere.
            var changes = (0..<23).flatMap { position in (0..<8).map { (position, UInt8(1) << $0) } }
            changes += (frame.count - 8..<frame.count).flatMap { position in (0..<8).map { (position, UInt8(1) << $0) } }
            changes += (0..<2000).map { _ in (Int(random.next() % UInt64(frame.count)), UInt8(truncatingIfNeeded: random.next() | 1)) }
            var refused = 0
            for (position, bits) in changes {
                var damaged = frame
                damaged[position] ^= bits
                guard let decoded = direct(damaged, count: bytes.count) else {
                    refused += 1
                    continue
                }
                #expect(liblz4(damaged, count: bytes.count) == decoded, "byte \(position) ^ \(bits), compressible: \(compressible)")
            }
            #expect(refused > 0)
        }
    }
}
