import AntrainEvents
import Foundation

/// One set of a workout, as it stands after every correction.
///
/// Its numbers are a `SetFigures` (what the training model keeps per set) and its notes
/// sit beside them. A set encodes as it always has: id, performance, logged at, corrected.
public struct WorkoutSet: Sendable, Equatable {
    /// The numbers and flags.
    private(set) var figures: SetFigures
    /// Its notes, if it has them.
    public private(set) var notes: String?

    /// A set logged at `loggedAt` with `performance`.
    init(setID: UUID, performance: SetPerformance, loggedAt: Timestamp, isCorrected: Bool) {
        figures = SetFigures(setID: setID, performance: performance, loggedAt: loggedAt, isCorrected: isCorrected)
        notes = performance.notes
    }

    /// The set `figures` describe, with `notes`.
    init(_ figures: SetFigures, notes: String?) {
        self.figures = figures
        self.notes = figures.hasNotes ? notes : nil
    }

    /// The set's id.
    public var setID: UUID {
        get { figures.setID }
        set { figures.setID = newValue }
    }

    /// When it was logged.
    public var loggedAt: Timestamp {
        get { figures.loggedAt }
        set { figures.loggedAt = newValue }
    }

    /// Whether a SetCorrected replaced the logged performance.
    public var isCorrected: Bool {
        get { figures.isCorrected }
        set { figures.isCorrected = newValue }
    }

    /// What was done (the latest correction, if any).
    public var performance: SetPerformance {
        get { figures.performance(notes: notes) }
        set {
            figures.take(newValue)
            notes = newValue.notes
        }
    }

    /// Weight × reps in kg, counted only for completed sets that are not warm-ups (see
    /// `SetFigures/volumeKg`).
    public var volumeKg: Double { figures.volumeKg }
}

extension WorkoutSet: Codable {
    private enum CodingKeys: String, CodingKey {
        case setID, performance, loggedAt, isCorrected
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(setID: try container.decode(UUID.self, forKey: .setID),
                  performance: try container.decode(SetPerformance.self, forKey: .performance),
                  loggedAt: try container.decode(Timestamp.self, forKey: .loggedAt),
                  isCorrected: try container.decode(Bool.self, forKey: .isCorrected))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(setID, forKey: .setID)
        try container.encode(performance, forKey: .performance)
        try container.encode(loggedAt, forKey: .loggedAt)
        try container.encode(isCorrected, forKey: .isCorrected)
    }
}
