import Foundation

/// The raw values of a string-coded enum as UTF-8 bytes, so that a stored enum is matched
/// in place instead of being built as a `String` and looked up.
struct RawValueTable<Value: StringCodedEnum>: Sendable {
    private let cases: [(utf8: [UInt8], value: Value)]

    /// The table of every case of `Value`.
    init() {
        cases = Value.allCases.map { (Array($0.rawValue.utf8), $0) }
    }

    /// The case whose raw value's bytes are `bytes`, or nil.
    @inline(__always)
    func value(for bytes: UnsafeRawBufferPointer) -> Value? {
        for entry in cases where entry.utf8.count == bytes.count {
            if entry.utf8.withUnsafeBytes({ $0.elementsEqual(bytes) }) { return entry.value }
        }
        return nil
    }
}

/// The tables of the enums that the hot events hold; built once.
enum RawValueTables {
    static let massUnit = RawValueTable<MassUnit>()
    static let setType = RawValueTable<SetType>()
    static let meal = RawValueTable<Meal>()
    static let workoutType = RawValueTable<WorkoutType>()
    static let cardioActivity = RawValueTable<CardioActivity>()
    static let metconFormat = RawValueTable<MetconFormat>()
}

extension BinaryCursor {
    /// A ``Timestamp``, which must lie in the years 1 to 9999.
    @inline(__always)
    public mutating func timestamp() throws(Failure) -> Timestamp {
        let micros = try signed()
        guard Timestamp.validMicroseconds.contains(micros) else { throw Failure() }
        return Timestamp(microsecondsSince1970: micros)
    }

    /// A ``CalendarDay``, which must lie in the years 1 to 9999.
    @inline(__always)
    public mutating func calendarDay() throws(Failure) -> CalendarDay {
        let days = try signed()
        guard CalendarDay.validDays.contains(days) else { throw Failure() }
        return CalendarDay(daysSince1970: Int(days))
    }

    /// A ``Mass``: the number, then the unit's raw string, as events hold it. (A read model's
    /// value reads a mass its `StateValueWriter` wrote with AntrainProjections' `stateMass()`.)
    @inline(__always)
    package mutating func mass() throws(Failure) -> Mass {
        let value = try double()
        return Mass(value, try rawValue(RawValueTables.massUnit))
    }

    /// An optional `Int`: its presence byte, then the value.
    @inline(__always)
    public mutating func optionalInt() throws(Failure) -> Int? { try present() ? try int() : nil }

    /// An optional `Double`: its presence byte, then the value.
    @inline(__always)
    public mutating func optionalDouble() throws(Failure) -> Double? { try present() ? try double() : nil }

    /// An optional `String`: its presence byte, then the value.
    @inline(__always)
    public mutating func optionalString() throws(Failure) -> String? { try present() ? try string() : nil }

    /// An optional UUID: its presence byte, then the 16 bytes.
    @inline(__always)
    public mutating func optionalUUID() throws(Failure) -> UUID? { try present() ? try uuid() : nil }
}
