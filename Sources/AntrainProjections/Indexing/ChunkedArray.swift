/// An array that grows a chunk at a time and never moves what it holds: for the lists of
/// a read model that grow to millions of elements during a replay.
///
/// ```swift
/// var sets = ChunkedArray<RecordSet>()
/// sets.append(set)                     // position 0
/// sets[0].removed = true               // changed in place
/// for position in sets.indices { … }   // positions are 0..<count, as in an Array
/// ```
///
/// An `Array` doubles when full: it allocates twice the room, copies every element across
/// and frees the old block. For an exercise's sets in a long log, that is a copy of tens of
/// megabytes now and then, onto pages the kernel must first fault in and clear, and the
/// freed blocks stay in the process. Here elements live in chunks of ``chunkCapacity``:
/// only the chunk being filled grows (as a small array does), every full chunk stays where
/// it is, and a position maps to its chunk with a shift and a mask.
///
/// It encodes, decodes and compares exactly as an `Array` of the same elements does, so
/// checkpoints and digests keep their bytes.
struct ChunkedArray<Element> {
    /// log2 of ``chunkCapacity``.
    @usableFromInline static var chunkShift: Int { 12 }
    /// Elements per chunk: 4,096, a few hundred kilobytes for a set record, so a chunk is
    /// filled in the processor's cache and allocated from the heap, not mapped on its own.
    static var chunkCapacity: Int { 1 << chunkShift }

    /// The chunks, each full but the last.
    private var chunks: [[Element]] = []
    /// How many elements it holds.
    private(set) var count = 0

    /// An empty array.
    init() {}

    /// An array of `elements`, in their order.
    init(_ elements: some Sequence<Element>) {
        for element in elements { append(element) }
    }

    /// Adds `element` at the end.
    mutating func append(_ element: Element) {
        if count & (Self.chunkCapacity - 1) == 0 {
            var chunk: [Element] = []
            // The first chunk grows as an array does, so that a short list stays small; once
            // a list is past one chunk, each new one is given its whole room at once.
            if !chunks.isEmpty { chunk.reserveCapacity(Self.chunkCapacity) }
            chunks.append(chunk)
        }
        chunks[chunks.count - 1].append(element)
        count += 1
    }
}

extension ChunkedArray: RandomAccessCollection, MutableCollection {
    var startIndex: Int { 0 }
    var endIndex: Int { count }

    /// The element at `position`, read or changed in place.
    subscript(position: Int) -> Element {
        get {
            precondition(position >= 0 && position < count, "position \(position) out of 0..<\(count)")
            return chunks[position >> Self.chunkShift][position & (Self.chunkCapacity - 1)]
        }
        _modify {
            precondition(position >= 0 && position < count, "position \(position) out of 0..<\(count)")
            yield &chunks[position >> Self.chunkShift][position & (Self.chunkCapacity - 1)]
        }
    }
}

extension ChunkedArray: Sendable where Element: Sendable {}

extension ChunkedArray: Equatable where Element: Equatable {
    static func == (lhs: ChunkedArray, rhs: ChunkedArray) -> Bool { lhs.chunks == rhs.chunks }
}

extension ChunkedArray: Codable where Element: Codable {
    /// Decodes what an `Array` of the elements encodes.
    init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        self.init()
        while !container.isAtEnd { append(try container.decode(Element.self)) }
    }

    /// Encodes as an `Array` of the elements does: one unkeyed list, in order.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for chunk in chunks {
            for element in chunk { try container.encode(element) }
        }
    }
}
