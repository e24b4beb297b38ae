/// A log's batches read in chunks of about `chunkEvents` records, whole commits each, for a
/// copy (``LogCopier``).
struct ChunkReader {
    var batches: any RecordBatchIterator
    let chunkEvents: Int

    /// The next chunk: whole batches until they hold `chunkEvents` records or the read ends;
    /// nil after the last.
    mutating func next() throws -> [RecordBatch]? {
        var chunk: [RecordBatch] = []
        var size = 0
        while size < chunkEvents, let batch = try batches.nextBatch() {
            chunk.append(batch)
            size += batch.records.count
        }
        return chunk.isEmpty ? nil : chunk
    }
}
