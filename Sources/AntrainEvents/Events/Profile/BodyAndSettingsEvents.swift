import Foundation

/// A bodyweight was recorded.
///
/// Version 1 stored the weight as a plain number of kilograms (`weightKg`), whatever unit it
/// was entered in; version 2 keeps the unit (see `BodyweightRecordedV1`).
public struct BodyweightRecorded: DomainEvent {
    public static let eventType = "BodyweightRecorded"
    /// 3: `timeZone` was added, so that a weigh-in falls on the athlete's own day.
    public static let schemaVersion: UInt16 = 3

    /// The entry's own id.
    public var entryID: UUID
    /// The weight, in the unit it was entered in (more than 0, at most 1000 kg).
    public var weight: Mass
    /// When it was measured.
    public var recordedAt: Timestamp
    /// Notes, at most 200 characters.
    public var notes: String?
    /// The IANA zone it was measured in, whose calendar day it falls on ("UTC" for the
    /// weigh-ins of earlier versions, which named none).
    public var timeZone: String

    /// A bodyweight of `weight` measured at `recordedAt`, in `timeZone`.
    public init(entryID: UUID, weight: Mass, recordedAt: Timestamp, notes: String? = nil, timeZone: String = "UTC") {
        self.entryID = entryID
        self.weight = weight
        self.recordedAt = recordedAt
        self.notes = notes
        self.timeZone = timeZone
    }

    /// The calendar day it falls on, in its own zone.
    public var day: CalendarDay { LocalCalendar.day(of: recordedAt, in: timeZone) }

    public var streamID: String { StreamName.bodyweight }
    /// Hands the event to the visitor's `visit` for BodyweightRecorded.
    public func accept<V: EventVisitor>(_ visitor: inout V, _ stored: EventMetadata) { visitor.visit(self, stored) }

    public func validate(into validator: inout Validator) {
        validator.mass(weight, "weight", .above(0))
        validator.check(!weight.value.isFinite || weight.kilograms <= ProfileLimits.maxBodyweightKg, "weight", value: weight.description,
                        allowed: "at most \(Int(ProfileLimits.maxBodyweightKg)) kg")
        validator.text(notes, "notes", maxLength: ProfileLimits.bodyweightNotes)
        validator.timeZone(timeZone, "timeZone")
    }
}

/// The unit distances are shown in.
public enum DistanceUnit: String, StringCodedEnum {
    /// Kilometres (and metres).
    case kilometres
    /// Miles.
    case miles

    /// The international mile, in metres: every conversion of a distance in miles uses it.
    public static let metresPerMile = 1609.344
}

/// The app's display settings were changed; every setting is given, so the latest event is the state.
public struct SettingsChanged: DomainEvent {
    public static let eventType = "SettingsChanged"
    public static let schemaVersion: UInt16 = 1

    /// The unit weights are shown and entered in.
    public var weightUnit: MassUnit
    /// The unit distances are shown and entered in.
    public var distanceUnit: DistanceUnit

    /// New settings.
    public init(weightUnit: MassUnit, distanceUnit: DistanceUnit) {
        self.weightUnit = weightUnit
        self.distanceUnit = distanceUnit
    }

    public var streamID: String { StreamName.settings }
    /// Hands the event to the visitor's `visit` for SettingsChanged.
    public func accept<V: EventVisitor>(_ visitor: inout V, _ stored: EventMetadata) { visitor.visit(self, stored) }

    public func validate(into validator: inout Validator) {}
}
