import Foundation

// The reads every storage gets from its batches: sequences of records and subscriptions.
extension LogReader {
    /// The records passing `filter`, in offset order.
    public func records(_ filter: ReadFilter = ReadFilter()) -> LogRecords { LogRecords(self, filter: filter) }

    /// The records from `offset` on.
    public func records(from offset: UInt64) -> LogRecords { records(ReadFilter(startOffset: offset)) }

    /// The records of one stream.
    public func records(inStream stream: String, from offset: UInt64 = 0) -> LogRecords {
        records(ReadFilter(startOffset: offset, streamID: stream))
    }

    /// The records of some event types.
    public func records(ofTypes types: Set<String>, from offset: UInt64 = 0) -> LogRecords {
        records(ReadFilter(startOffset: offset, eventTypes: types))
    }

    /// The records recorded in a time range.
    public func records(recordedIn range: Range<Date>) -> LogRecords { records(ReadFilter(timeRange: range)) }

    /// The records from `filter.startOffset`, then every later one as it is committed.
    public func subscribe(_ filter: ReadFilter = ReadFilter(), pollInterval: Duration = .milliseconds(50)) -> LogSubscription {
        LogSubscription(self, filter: filter, pollInterval: pollInterval)
    }
}
