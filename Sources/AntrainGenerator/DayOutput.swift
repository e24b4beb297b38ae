import AntrainEvents
import AntrainLog
import Foundation

/// What all athletes did on one local day, gathered into batches: each athlete's own
/// streams (workouts, quick logs, profile...) as they sync, and the day's shared streams
/// (the diary of the day, bodyweight) as one batch each, synced by the nightly upload.
struct DayOutput {
    /// When the nightly upload of `day` runs: noon UTC the next day, after the local day
    /// has ended in every generated time zone.
    static func nightlyUpload(after day: CalendarDay) -> Timestamp {
        Timestamp(microsecondsSince1970: (Int64(day.daysSince1970) + 1) * 86_400_000_000 + 12 * 3_600_000_000)
    }

    let day: CalendarDay
    let upload: Timestamp
    private(set) var batches: [GeneratedBatch] = []
    private var diaryEvents: [NewEvent] = []
    private var bodyweightEvents: [NewEvent] = []

    init(day: CalendarDay) {
        self.day = day
        upload = Self.nightlyUpload(after: day)
    }

    /// One event in a stream of the athlete's own, synced at `time`.
    mutating func own(_ event: any DomainEvent, at time: Timestamp, _ expected: ExpectedVersion, _ random: inout GeneratorRandom) {
        own([event], at: time, expected, &random)
    }

    /// Events of one stream, synced together at `time`.
    mutating func own(_ events: [any DomainEvent], at time: Timestamp, _ expected: ExpectedVersion, _ random: inout GeneratorRandom) {
        guard let stream = events.first?.streamID else { return }
        batches.append(GeneratedBatch(stream: stream, expectedVersion: expected,
                                      events: events.map { NewEvent($0, id: random.uuid(), recordedAt: time) }, time: time))
    }

    /// Diary entries of the day, for the nightly upload.
    mutating func diary(_ events: [any DomainEvent], _ random: inout GeneratorRandom) {
        for event in events { diaryEvents.append(NewEvent(event, id: random.uuid(), recordedAt: upload)) }
    }

    /// A bodyweight entry, for the nightly upload.
    mutating func bodyweight(_ event: BodyweightRecorded, _ random: inout GeneratorRandom) {
        bodyweightEvents.append(NewEvent(event, id: random.uuid(), recordedAt: upload))
    }

    /// Every batch of the day: the athletes' own, then the bodyweight and diary uploads.
    func finished() -> [GeneratedBatch] {
        var all = batches
        if !bodyweightEvents.isEmpty {
            all.append(GeneratedBatch(stream: StreamName.bodyweight, expectedVersion: .any, events: bodyweightEvents, time: upload))
        }
        if !diaryEvents.isEmpty {
            all.append(GeneratedBatch(stream: StreamName.diary(day), expectedVersion: .any, events: diaryEvents, time: upload))
        }
        return all
    }
}
