import Foundation

/// Lays records out in the log's record layout and makes a ``RecordBatch`` of them: how a
/// storage other than the directory log hands out what it stores.
///
/// ```swift
/// var builder = RecordBatchBuilder()
/// builder.add(event, offset: 41, recordedAtMicroseconds: now, streamID: "workout-42", streamVersion: 3)
/// let batch = builder.build(end: LogPosition(offset: 42, chainHash: head))
/// ```
///
/// The bytes are those a block of the directory log holds once decompressed, so a record
/// reads the same whichever storage it came from, and a storage may keep them as they are
/// (``RecordBatch/storedBytes``) and read them back with ``add(storedBytes:)``.
public struct RecordBatchBuilder {
    private var writer = ByteWriter()
    private var starts: [Int] = []

    /// A builder holding no record.
    public init() {}

    /// The records added so far.
    public var count: Int { starts.count }

    /// Adds the record of `event` at `offset`, version `streamVersion` of `streamID`.
    ///
    /// Sizes are the caller's to check (``RecordLimits``): a storage validates an append
    /// before it assigns offsets.
    public mutating func add(_ event: ProposedEvent, offset: UInt64, recordedAtMicroseconds: Int64,
                             streamID: String, streamVersion: UInt64) {
        starts.append(writer.count)
        RecordLayout.write(offset: offset, recordedAt: recordedAtMicroseconds, streamVersion: streamVersion,
                           streamID: Array(streamID.utf8), event: event, eventType: Array(event.type.utf8), to: &writer)
    }

    /// Adds the records `bytes` holds, one after another in the record layout, each checked
    /// as a block's are when read: a record that does not check out throws and adds nothing.
    public mutating func add(storedBytes bytes: [UInt8]) throws(FormatError) {
        var found: [Int] = []
        let failure: FormatError? = bytes.withUnsafeBytes { raw in
            var cursor = 0
            while cursor < raw.count {
                found.append(writer.count + cursor)
                do throws(FormatError) {
                    cursor += try LogRecord.check(raw, at: cursor)
                } catch {
                    return error
                }
            }
            return nil
        }
        if let failure { throw failure }
        starts += found
        writer.write(bytes: bytes)
    }

    /// The batch of the records added, ending at `end` (nil: the commit goes on past them).
    public func build(end: LogPosition?) -> RecordBatch {
        let storage = RecordStorage(count: writer.count)
        writer.bytes.withUnsafeBytes { source in
            if let base = source.baseAddress { storage.base.copyMemory(from: base, byteCount: source.count) }
        }
        return RecordBatch(storage: storage, starts: starts, end: end)
    }
}
