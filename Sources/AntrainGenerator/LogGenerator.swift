import AntrainEvents
import Foundation

/// Generates a realistic, deterministic history of many athletes training and eating, as
/// events ready to append: for tests, benchmarks and demos that need a big log that looks
/// like a real one.
///
/// ```swift
/// let presets = try LibraryPresets.builtIn()
/// let generator = try LogGenerator(athletes: 50, weeks: 26, seed: 1,
///                                  startDay: CalendarDay(year: 2025, month: 1, day: 6)!,
///                                  library: GeneratorLibrary(presets: presets))
/// let report = try await generator.write(to: log)
/// print(report.events, report.eventsPerSecond)
/// ```
///
/// The history starts with the preset library (plus a few custom exercises and foods);
/// then each athlete follows a preset program (its weeks' intensity and volume modifiers
/// give the progression and the deloads) with warm-ups, working sets, RPE, notes, the odd
/// missed rep, correction and removed set, cancelled and abandoned sessions; does cardio and
/// metcons; logs food most days and weighs in most mornings. Each workout is a stream of its
/// own; athletes share the diary, bodyweight, profile and active-program streams.
///
/// The same parameters give the same events, ids and times, byte for byte: everything is
/// drawn from ``GeneratorRandom`` seeded by `seed` (one stream per athlete), never from the
/// clock. Events come in batches (one append each) in order of their `recordedAt`, which
/// never decreases: a batch is recorded when it is synced (a workout a few minutes after
/// it ends, the day's diaries and bodyweights by a nightly upload), while the events keep
/// the instants they happened at in their own fields.
public struct LogGenerator: Sendable {
    /// Athletes in the log.
    public let athletes: Int
    /// Weeks of history.
    public let weeks: Int
    /// The seed every random choice comes from.
    public let seed: UInt64
    /// The first local day of the history.
    public let startDay: CalendarDay
    /// The library the athletes use.
    public let library: GeneratorLibrary

    /// A generator of `weeks` weeks of `athletes` athletes from `startDay` on.
    ///
    /// - Throws: ``GeneratorError/invalidParameter(_:)`` unless there are 1 to 100,000
    ///   athletes and 1 to 520 weeks.
    public init(athletes: Int, weeks: Int, seed: UInt64, startDay: CalendarDay, library: GeneratorLibrary) throws {
        guard (1...100_000).contains(athletes) else { throw GeneratorError.invalidParameter("athletes must be 1 to 100000, not \(athletes)") }
        guard (1...520).contains(weeks) else { throw GeneratorError.invalidParameter("weeks must be 1 to 520, not \(weeks)") }
        self.athletes = athletes
        self.weeks = weeks
        self.seed = seed
        self.startDay = startDay
        self.library = library
    }

    /// The batches, in order; generated lazily, a day at a time, so memory stays small
    /// whatever the size of the history.
    public func batches() -> GeneratedBatches {
        GeneratedBatches(generator: self)
    }

    /// Every event, in order: convenient for small histories (it holds them all in memory).
    public func events() -> [NewEvent] {
        var all: [NewEvent] = []
        for batch in batches() { all += batch.events }
        return all
    }
}

/// The batches of a ``LogGenerator``, produced a day at a time.
public struct GeneratedBatches: Sequence, IteratorProtocol {
    private var athletes: [AthleteSimulator]
    private let firstDay: CalendarDay
    private let days: Int
    private var nextDay = 0
    /// Generated batches not handed out yet, sorted by time (then by generation order),
    /// and how many of them are ready: earlier than anything a later day can produce.
    private var pending: [(batch: GeneratedBatch, sequence: Int)] = []
    private var ready = 0
    private var handedOut = 0
    private var sequence = 0

    init(generator: LogGenerator) {
        firstDay = generator.startDay
        days = generator.weeks * 7
        athletes = (0..<generator.athletes).map {
            AthleteSimulator(number: $0, seed: generator.seed, firstDay: generator.startDay, library: generator.library)
        }
        // The library is seeded the day before the first athlete starts.
        let seeding = Timestamp(microsecondsSince1970: Int64(generator.startDay.daysSince1970 - 1) * 86_400_000_000)
        add(generator.library.batches(at: seeding))
    }

    /// The next batch, or nil after the last day.
    public mutating func next() -> GeneratedBatch? {
        while handedOut == ready {
            pending.removeFirst(handedOut)
            ready = 0
            handedOut = 0
            guard nextDay < days else {
                if pending.isEmpty { return nil }
                ready = pending.count
                break
            }
            let day = firstDay.adding(days: nextDay)
            nextDay += 1
            var output = DayOutput(day: day)
            for index in athletes.indices { athletes[index].live(day, into: &output) }
            add(output.finished())
            // A later local day begins at its midnight in the easternmost zone at the earliest.
            let threshold = day.adding(days: 1).start.microsecondsSince1970 - Int64(AthleteTraits.earliestOffsetMinutes) * 60_000_000
            ready = pending.firstIndex { $0.batch.time.microsecondsSince1970 >= threshold } ?? pending.count
        }
        handedOut += 1
        return pending[handedOut - 1].batch
    }

    private mutating func add(_ batches: [GeneratedBatch]) {
        for batch in batches {
            pending.append((batch, sequence))
            sequence += 1
        }
        pending.sort { ($0.batch.time, $0.sequence) < ($1.batch.time, $1.sequence) }
    }
}
