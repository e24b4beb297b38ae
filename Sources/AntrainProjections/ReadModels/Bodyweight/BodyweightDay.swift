import AntrainEvents
import Foundation

/// The weigh-ins of one day (the athlete's, in the zone each was measured in), sorted by the instant they were measured (equal instants in
/// log order): the value ``BodyweightProjection`` keeps under each day.
///
/// An entry's id is not stored: each weigh-in keeps the offset of its `BodyweightRecorded`,
/// which holds the id, and ``Bodyweight`` reads the ids back from the log for the entries an
/// answer shows (none of the CLI's does).
struct BodyweightDay: KeyedValue {
    typealias Key = CalendarDay

    /// One weigh-in: the entry as ``BodyweightEntry`` shows it, but for its id, and where its
    /// event is in the log.
    struct Weighing: Equatable {
        /// The offset of its `BodyweightRecorded`: the event that holds its id.
        var offset: UInt64
        /// The weight as entered (kg or lb).
        var weight: Mass
        /// When it was measured.
        var recordedAt: Timestamp
        /// Notes, if any.
        var notes: String?
        /// The calendar day it was measured on, in its own zone: the day it is kept under
        /// (not stored with it, since its day's key holds it).
        var day: CalendarDay

        /// The entry as answers show it, with its id.
        func entry(id: UUID) -> BodyweightEntry {
            BodyweightEntry(entryID: id, weight: weight, recordedAt: recordedAt, notes: notes, day: day)
        }
    }

    /// The day.
    var day: CalendarDay
    /// The day's weigh-ins, in measuring order; the last is the day's weight.
    private(set) var entries: [Weighing] = []

    /// A day without weigh-ins.
    init(day: CalendarDay) { self.day = day }

    /// Inserts `weighing` at its place in time (after any measured at the same instant).
    mutating func insert(_ weighing: Weighing) {
        // Entries nearly always arrive in time order: append, else search back for the place.
        var index = entries.endIndex
        while index > 0, entries[index - 1].recordedAt > weighing.recordedAt { index -= 1 }
        entries.insert(weighing, at: index)
    }

    // MARK: Stored form

    /// The stored form: the day, then the day's weight first (its last weigh-in), then the
    /// others in measuring order, so that an answer of one weight a day reads one weigh-in a
    /// day however many the day holds (``lastWeighing(of:in:)``). The last is written as the
    /// others are, its steps taken from 0 and from the day's start; then comes the list of the
    /// others, each as three varints and its notes: the offset of its event less the one
    /// before it (zigzag: an entry entered late sits before ones logged earlier), with a bit
    /// saying whether notes follow; its weight (``BodyweightDay/writeWeight(_:into:)``); and
    /// its time less the one before it (the day's start for the first), in whole minutes when
    /// it is. Most take five bytes, where the id alone took sixteen.
    func encode(into writer: inout StateValueWriter) {
        writer.day(day)
        guard let last = entries.last else { return }
        var offset: UInt64 = 0
        var time = day.start.microsecondsSince1970
        Self.write(last, into: &writer, after: &offset, &time)
        offset = 0
        time = day.start.microsecondsSince1970
        writer.list(entries.dropLast()) { writer, entry in Self.write(entry, into: &writer, after: &offset, &time) }
    }

    init(from cursor: inout BinaryCursor) throws(BinaryCursor.Failure) {
        day = try cursor.calendarDay()
        guard !cursor.isAtEnd else { return }
        var offset: UInt64 = 0
        var time = day.start.microsecondsSince1970
        let last = try Self.read(from: &cursor, after: &offset, &time, day: day)
        offset = 0
        time = day.start.microsecondsSince1970
        let day = day
        entries = try cursor.list { (cursor) throws(BinaryCursor.Failure) in try Self.read(from: &cursor, after: &offset, &time, day: day) }
        entries.append(last)
    }

    /// The day's weight (its last weigh-in) and how many weigh-ins the day holds, from the
    /// stored form `bytes`, without reading the others; nil for a day without weigh-ins.
    static func head(of bytes: [UInt8], in keyspace: StateKeyspace) throws -> (last: Weighing, count: Int)? {
        let head: (last: Weighing, count: Int)?? = bytes.withUnsafeBytes { raw in
            var cursor = BinaryCursor(raw)
            guard let day = try? cursor.calendarDay() else { return nil }
            if cursor.isAtEnd { return .some(nil) }
            var offset: UInt64 = 0
            var time = day.start.microsecondsSince1970
            // The list of the others follows the last, its count first.
            guard let last = try? read(from: &cursor, after: &offset, &time, day: day), let others = try? cursor.varint() else { return nil }
            return .some((last, Int(others) + 1))
        }
        guard let head else {
            throw StateStoreError.damaged(path: keyspace.description, "a value of \(bytes.count) bytes does not decode as \(Self.self)")
        }
        return head
    }

    private static func write(_ entry: Weighing, into writer: inout StateValueWriter, after offset: inout UInt64, _ time: inout Int64) {
        let step = Int64(bitPattern: entry.offset &- offset)
        writer.varint(UInt64(bitPattern: (step << 1) ^ (step >> 63)) << 1 | (entry.notes == nil ? 0 : 1))
        writeWeight(entry.weight, into: &writer)
        writeSpan(entry.recordedAt.microsecondsSince1970 &- time, into: &writer)
        if let notes = entry.notes { writer.string(notes) }
        offset = entry.offset
        time = entry.recordedAt.microsecondsSince1970
    }

    private static func read(from cursor: inout BinaryCursor, after offset: inout UInt64,
                             _ time: inout Int64, day: CalendarDay) throws(BinaryCursor.Failure) -> Weighing {
        let head = try cursor.varint()
        let step = head >> 1
        offset = offset &+ UInt64(bitPattern: Int64(bitPattern: step >> 1) ^ -Int64(bitPattern: step & 1))
        let weight = try readWeight(from: &cursor)
        time = time &+ (try readSpan(from: &cursor))
        let notes = head & 1 == 1 ? try cursor.string() : nil
        return Weighing(offset: offset, weight: weight, recordedAt: Timestamp(microsecondsSince1970: time), notes: notes, day: day)
    }

    /// The day, its weight in kg (its last entry) and how many entries it has.
    var columns: [StateColumnValue] {
        [.day(day), .real(entries.last?.weight.kilograms ?? 0), .integer(Int64(entries.count))]
    }

    var residentBytes: Int { 32 + entries.count * MemoryLayout<Weighing>.stride }
}

extension BodyweightDay {
    /// A weight in one varint: its number in tenths (81.4 kg, 179.5 lb: most weigh-ins, in
    /// two bytes) or thousandths, shifted left by three, above two bits saying which (2: the
    /// double's 8 bytes follow) and a bit for the unit (0 kg, 1 lb).
    static func writeWeight(_ weight: Mass, into writer: inout StateValueWriter) {
        let unit: UInt64 = weight.unit == .kilograms ? 0 : 1
        let value = weight.value
        let limit = 1_125_899_906_842_624.0  // 2^50: the number and its five bits fit in 64
        if value >= 0, value.sign == .plus {
            for (tier, scale) in [(UInt64(0), 10.0), (1, 1000)] {
                let scaled = (value * scale).rounded()
                if scaled < limit, scaled / scale == value { return writer.varint(UInt64(scaled) << 3 | tier << 1 | unit) }
            }
        }
        writer.varint(2 << 1 | unit)
        withUnsafeBytes(of: value.bitPattern.littleEndian) { writer.raw($0) }
    }

    /// A weight written by ``writeWeight(_:into:)``.
    static func readWeight(from cursor: inout BinaryCursor) throws(BinaryCursor.Failure) -> Mass {
        let head = try cursor.varint()
        let unit: MassUnit = head & 1 == 0 ? .kilograms : .pounds
        switch (head >> 1) & 3 {
        case 0: return Mass(Double(head >> 3) / 10, unit)
        case 1: return Mass(Double(head >> 3) / 1000, unit)
        case 2 where head >> 3 == 0:
            var bits: UInt64 = 0
            for shift in stride(from: 0, to: 64, by: 8) { bits |= UInt64(try cursor.byte()) << UInt64(shift) }
            return Mass(Double(bitPattern: bits), unit)
        default: throw BinaryCursor.Failure()
        }
    }

    /// A span of microseconds, whole minutes (most weigh-ins are taken at a minute) in the
    /// fewest bytes: the number of minutes, seconds or microseconds shifted left by two, above
    /// two bits saying which (3: a negative number of microseconds, which sorting rules out).
    static func writeSpan(_ microseconds: Int64, into writer: inout StateValueWriter) {
        if microseconds < 0 { return writer.varint(microseconds.magnitude << 2 | 3) }
        let span = UInt64(microseconds)
        if span % 60_000_000 == 0 { return writer.varint((span / 60_000_000) << 2) }
        if span % 1_000_000 == 0 { return writer.varint((span / 1_000_000) << 2 | 1) }
        writer.varint(span << 2 | 2)
    }

    /// A span written by ``writeSpan(_:into:)``, in microseconds.
    static func readSpan(from cursor: inout BinaryCursor) throws(BinaryCursor.Failure) -> Int64 {
        let head = try cursor.varint()
        let number = Int64(bitPattern: head >> 2)
        switch head & 3 {
        case 0: return number &* 60_000_000
        case 1: return number &* 1_000_000
        case 2: return number
        default: return 0 &- number
        }
    }
}
