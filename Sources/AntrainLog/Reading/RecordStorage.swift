/// The decompressed records of one block, shared by the ``LogRecord`` views into it.
///
/// One allocation per block, never copied: a record is this storage plus a position, and its
/// fields are loaded from memory when asked for.
final class RecordStorage: @unchecked Sendable {
    // Unchecked: the bytes are written once, by the decoder, before the storage is shared,
    // and only read after that.
    let base: UnsafeMutableRawPointer
    let count: Int

    init(count: Int) {
        self.count = count
        base = UnsafeMutableRawPointer.allocate(byteCount: max(count, 1), alignment: 8)
    }

    deinit { base.deallocate() }

    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }
    var mutableBytes: UnsafeMutableRawBufferPointer { UnsafeMutableRawBufferPointer(start: base, count: count) }

    @inline(__always)
    func load<T: FixedWidthInteger>(_ position: Int, as: T.Type) -> T {
        T(littleEndian: base.loadUnaligned(fromByteOffset: position, as: T.self))
    }
}
