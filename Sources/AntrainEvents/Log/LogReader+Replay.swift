import AntrainLog

// On every log reader: whatever stores the log, and either open of a directory log.
extension LogReader {
    /// Reads the records passing `filter`, decodes each to the current shape of its event
    /// type, and hands it to `body`; records of types or versions this build does not know
    /// are skipped, counted, and left as they are.
    ///
    /// - Throws: ``EventDecodingError`` when a known type's payload does not decode (damage
    ///   or a bug: never skipped silently), and anything `body` or the read throws.
    @discardableResult
    public func replay(_ filter: ReadFilter = ReadFilter(), catalog: EventCatalog = .standard,
                       _ body: (StoredEvent) async throws -> Void) async throws -> ReplaySummary {
        var summary = ReplaySummary()
        var builder = StoredEventBuilder()
        var batches = makeBatchIterator(filter)
        while let batch = try batches.nextBatch() {
            for record in batch.records {
                let payload = try catalog.decode(record)
                summary.count(payload)
                if case let .event(event) = payload { try await body(builder.make(record, event)) }
            }
        }
        return summary
    }
}
