import AntrainLog
import NIOCore

/// Another log's whole commits laid out for one transaction of a server log
/// (``PostgresLog/prepareCopy(_:)``): the events as arrays, one per column; each commit's
/// positions, records as the server reads them back (what its chain hashes) and the source's
/// chain hash after it; each stream's first and last version.
public struct PostgresCopiedCommits: Sendable {
    /// The position of the first record, which must be the log's end.
    let start: UInt64
    /// The position after the last record.
    let end: UInt64
    var columns = PostgresEventRows.Columns()
    var firsts: [Int64] = []
    var ends: [Int64] = []
    /// Each commit's records in the record layout, as read back from the server.
    var recordBytes: [[UInt8]] = []
    var sourceChains: [ByteBuffer] = []
    var firstVersions: [String: UInt64] = [:]
    var lastVersions: [String: Int64] = [:]

    /// Lays out `batches`, whole commits in offset order.
    ///
    /// - Throws: ``LogCopyError/notWholeCommit(offset:)`` when a batch does not end its
    ///   commit or does not follow the one before.
    init(_ batches: [RecordBatch]) throws {
        start = batches.first?.records.first?.offset ?? 0
        var next = start
        for batch in batches {
            let records = batch.records
            guard let commitEnd = batch.end, let first = records.first, first.offset == next,
                  commitEnd.offset == next + UInt64(records.count) else {
                throw LogCopyError.notWholeCommit(offset: next)
            }
            var asRead = RecordBatchBuilder()
            for record in records {
                columns.add(record)
                PostgresEventRows.add(record, to: &asRead)
                if firstVersions[record.streamID] == nil { firstVersions[record.streamID] = record.streamVersion }
                lastVersions[record.streamID] = Int64(record.streamVersion)
            }
            recordBytes.append(asRead.build(end: nil).storedBytes)
            firsts.append(Int64(next))
            ends.append(Int64(commitEnd.offset))
            sourceChains.append(ByteBuffer(bytes: commitEnd.chainHash.bytes))
            next = commitEnd.offset
        }
        end = next
    }
}
