import Dispatch
import Foundation

extension JSONLReader {
    /// The lines of one chunk of the file, parsed: each line's outcome (line numbers counted
    /// from the chunk's first line, 1) and how many lines the chunk has.
    struct ParsedChunk: Sendable {
        var outcomes: [JSONLLineParser.Outcome] = []
        var lines = 0
    }

    /// Bytes per chunk at least: a smaller file is parsed on the calling thread alone.
    static let minimumChunkBytes = 256 << 10

    /// Every line of `data` parsed, in chunks of whole lines run on all cores (lines do not
    /// depend on each other until ids are compared, which the caller does), in file order.
    static func parseChunks(_ data: Data) -> [ParsedChunk] {
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> [ParsedChunk] in
            guard let base = bytes.baseAddress, !bytes.isEmpty else {
                return [ParsedChunk(outcomes: [], lines: 1)]  // one empty line, as splitting gives
            }
            let starts = chunkStarts(base, count: bytes.count)
            let results = UnsafeMutableBufferPointer<ParsedChunk>.allocate(capacity: starts.count)
            results.initialize(repeating: ParsedChunk())
            defer {
                _ = results.deinitialize()
                results.deallocate()
            }
            let job = ChunkJob(base: base, count: bytes.count, starts: starts, results: results)
            if starts.count == 1 { job.run(0) } else { DispatchQueue.concurrentPerform(iterations: starts.count) { job.run($0) } }
            return Array(results)
        }
    }

    /// The chunks of one file and the slots of their results, shared by the threads of
    /// `concurrentPerform`. Unchecked Sendable: the file's bytes are only read, each
    /// iteration writes only its own slot, and both outlive `concurrentPerform`, which
    /// returns after every iteration.
    private struct ChunkJob: @unchecked Sendable {
        let base: UnsafeRawPointer
        let count: Int
        let starts: [Int]
        let results: UnsafeMutableBufferPointer<ParsedChunk>

        func run(_ index: Int) {
            let end = index + 1 < starts.count ? starts[index + 1] : count
            results[index] = parseChunk(base, from: starts[index], to: end, isLast: index == starts.count - 1)
        }
    }

    /// Where chunks start: at 0 and after line breaks near equal shares of the bytes, a few
    /// chunks per core so that one slow chunk does not leave a core idle.
    private static func chunkStarts(_ base: UnsafeRawPointer, count: Int) -> [Int] {
        let chunks = max(1, min(ProcessInfo.processInfo.activeProcessorCount * 4, count / minimumChunkBytes))
        var starts = [0]
        for index in 1..<max(chunks, 1) {
            let from = max(count / chunks * index, starts[starts.count - 1])
            guard let newline = memchr(base + from, 0x0A, count - from) else { break }
            let start = base.distance(to: newline) + 1
            if start < count, start > starts[starts.count - 1] { starts.append(start) }
        }
        return starts
    }

    /// The lines in `start..<end`, which ends after a line break unless it is the file's last
    /// chunk; the last chunk's text after its last line break is a line too (empty when the
    /// file ends with one), as splitting the file at line breaks gives.
    fileprivate static func parseChunk(_ base: UnsafeRawPointer, from start: Int, to end: Int, isLast: Bool) -> ParsedChunk {
        let parser = JSONLLineParser()
        var chunk = ParsedChunk()
        var position = start
        while true {
            let newline = memchr(base + position, 0x0A, end - position)
            let lineEnd = newline.map { base.distance(to: $0) } ?? end
            chunk.lines += 1
            // The line's bytes in place: the parser keeps nothing of them once it returns.
            let line = Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: base + position), count: lineEnd - position, deallocator: .none)
            if let outcome = parser.parse(line, number: chunk.lines) { chunk.outcomes.append(outcome) }
            position = lineEnd + 1
            if newline == nil || (position == end && !isLast) { return chunk }
        }
    }
}
