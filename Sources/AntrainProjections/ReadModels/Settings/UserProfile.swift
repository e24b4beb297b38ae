import AntrainEvents
import Foundation

/// The person behind the log as the `ProfileUpdated` events left them: each field holds the
/// value of the latest update (in log order) that gave it, and stays nil until one did.
///
/// The goals are not kept here: they apply from each update's `effectiveFrom` day, so the
/// goals in force depend on the day asked about (``DailyNutrition/goals(on:)``).
public struct UserProfile: KeyedValue, Equatable {
    /// What its keyspace keeps it under (public, as every witness of a public type's
    /// ``KeyedValue`` conformance is).
    public typealias Key = NameKey

    /// The name given.
    public var name: String?
    /// Height, in centimetres.
    public var heightCentimetres: Double?
    /// Sex, for energy estimates.
    public var sex: Sex?
    /// Day of birth.
    public var dateOfBirth: CalendarDay?
    /// Activity outside training.
    public var activityLevel: ActivityLevel?
    /// The `effectiveFrom` day of the latest update.
    public var updatedFrom: CalendarDay?

    /// A profile with nothing given yet.
    public init() {}

    /// The profile with the fields `event` gives replaced; those it leaves out stay.
    mutating func apply(_ event: ProfileUpdated) {
        if let name = event.name { self.name = name }
        if let height = event.heightCentimetres { heightCentimetres = height }
        if let sex = event.sex { self.sex = sex }
        if let born = event.dateOfBirth { dateOfBirth = born }
        if let activity = event.activityLevel { activityLevel = activity }
        updatedFrom = event.effectiveFrom
    }

    /// Each field as an optional, in declaration order; enums as their place among the cases.
    public func encode(into writer: inout StateValueWriter) {
        writer.optional(name) { $0.string($1) }
        writer.optional(heightCentimetres) { $0.double($1) }
        writer.optional(sex) { $0.code($1) }
        writer.optional(dateOfBirth) { $0.day($1) }
        writer.optional(activityLevel) { $0.code($1) }
        writer.optional(updatedFrom) { $0.day($1) }
    }

    /// Reads the stored form ``encode(into:)`` writes.
    public init(from cursor: inout BinaryCursor) throws(BinaryCursor.Failure) {
        name = try cursor.optional { (cursor) throws(BinaryCursor.Failure) in try cursor.string() }
        heightCentimetres = try cursor.optional { (cursor) throws(BinaryCursor.Failure) in try cursor.double() }
        sex = try cursor.optional { (cursor) throws(BinaryCursor.Failure) in try cursor.code(Sex.self) }
        dateOfBirth = try cursor.optional { (cursor) throws(BinaryCursor.Failure) in try cursor.calendarDay() }
        activityLevel = try cursor.optional { (cursor) throws(BinaryCursor.Failure) in try cursor.code(ActivityLevel.self) }
        updatedFrom = try cursor.optional { (cursor) throws(BinaryCursor.Failure) in try cursor.calendarDay() }
    }

    /// `name`, `height_cm`, `sex`, `date_of_birth`, `activity_level`, `updated_from`.
    public var columns: [StateColumnValue] {
        [.text(name), heightCentimetres.map { .real($0) } ?? .null, .text(sex?.rawValue), .day(dateOfBirth),
         .text(activityLevel?.rawValue), .day(updatedFrom)]
    }

    /// About how many bytes of memory it holds.
    public var residentBytes: Int { MemoryLayout<Self>.stride + (name?.utf8.count ?? 0) }

    /// The columns of ``SettingsProjection/profile``.
    static let columns = [StateColumn("name", .text), StateColumn("height_cm", .real), StateColumn("sex", .text),
                          StateColumn("date_of_birth", .text), StateColumn("activity_level", .text),
                          StateColumn("updated_from", .text)]
}

extension Settings {
    /// The profile as the updates left it; nil when there was never a `ProfileUpdated`. One key.
    public func profile() throws -> UserProfile? {
        let keyspace = SettingsProjection.profile
        return try store.read { state in
            try state.value(in: keyspace, key: SettingsProjection.profileKey.keyBytes).map { try UserProfile.decoded($0, in: keyspace) }
        }
    }
}
