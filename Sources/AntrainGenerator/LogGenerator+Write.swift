import AntrainEvents
import AntrainLog
import Foundation

extension LogGenerator {
    /// Appends every generated batch to `log`, one append per batch, in order, and reports
    /// what was written.
    ///
    /// Each append validates its events, as any append does. For speed, open the log with
    /// `LogOptions(durability: .none)`: the log is then fsynced when closed.
    ///
    /// - Throws: the first append's error (an invalid event would be a generator bug).
    @discardableResult
    public func write(to log: some LogWriter, progress: (@Sendable (GenerationReport) -> Void)? = nil) async throws -> GenerationReport {
        let started = ContinuousClock.now
        var tally = GenerationTally()
        for batch in batches() {
            try await log.append(batch.events, expectedVersion: batch.expectedVersion)
            tally.add(batch)
            if let progress, tally.batches % 10_000 == 0 { progress(tally.report(since: started)) }
        }
        return tally.report(since: started)
    }

    /// Generates every batch without writing it and reports what a write would append: the
    /// generator's own speed.
    public func dryRun() -> GenerationReport {
        let started = ContinuousClock.now
        var tally = GenerationTally()
        for batch in batches() { tally.add(batch) }
        return tally.report(since: started)
    }
}

/// What a generator produced: how many events of each type, in how many appends, how fast.
public struct GenerationReport: Sendable, Equatable {
    /// Events produced.
    public var events: Int
    /// Batches (appends) they came in.
    public var batches: Int
    /// Events per event type.
    public var countsByType: [String: Int]
    /// Seconds taken.
    public var seconds: Double

    /// Events per second.
    public var eventsPerSecond: Double { seconds > 0 ? Double(events) / seconds : 0 }

    /// Events of one type (0 when there are none).
    public func count(_ type: any DomainEvent.Type) -> Int { countsByType[type.eventType] ?? 0 }
}

/// Counts events by type cheaply: by the type's identity, names only at the end.
struct GenerationTally {
    private(set) var batches = 0
    private var events = 0
    private var byType: [ObjectIdentifier: (name: String, count: Int)] = [:]

    mutating func add(_ batch: GeneratedBatch) {
        batches += 1
        events += batch.events.count
        for new in batch.events {
            let type = Swift.type(of: new.event)
            byType[ObjectIdentifier(type), default: (type.eventType, 0)].count += 1
        }
    }

    func report(since started: ContinuousClock.Instant) -> GenerationReport {
        let elapsed = ContinuousClock.now - started
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return GenerationReport(events: events, batches: batches,
                                countsByType: Dictionary(uniqueKeysWithValues: byType.values.map { ($0.name, $0.count) }),
                                seconds: seconds)
    }
}
