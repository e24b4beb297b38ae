import Foundation

// Schema version 1 of the template events, frozen: records written before a template's sets
// of reps could carry a weight hold these shapes. Never edit them; upcasters in
// AntrainMigrationPlan read them.

/// Version 1 of ``TemplateItem``: the same flat form, without a `weight` after `restSeconds`.
struct TemplateItemV1: Codable, Sendable, Hashable {
    /// The item as this build reads it (no weight).
    var item: TemplateItem

    private enum CodingKeys: String, CodingKey {
        case kind, position, exerciseID, target, sets, repsPerSet, restSeconds, durationSeconds
    }

    /// `item` in its version 1 shape (a weight it has is not stored).
    init(_ item: TemplateItem) { self.item = item }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let kind = try container.decode(String.self, forKey: .kind)
        let position = try container.decode(Int.self, forKey: .position)
        switch kind {
        case "exercise":
            let exerciseID = try container.decode(UUID.self, forKey: .exerciseID)
            let target = try container.decode(String.self, forKey: .target)
            switch target {
            case "repetitions":
                item = .exercise(position: position, exerciseID: exerciseID,
                                 target: .repetitions(sets: try container.decode(Int.self, forKey: .sets),
                                                      repsPerSet: try container.decode(Int.self, forKey: .repsPerSet),
                                                      restSeconds: try container.decode(Int.self, forKey: .restSeconds)))
            case "time":
                item = .exercise(position: position, exerciseID: exerciseID,
                                 target: .time(durationSeconds: try container.decode(Int.self, forKey: .durationSeconds)))
            default:
                throw DecodingError.dataCorruptedError(forKey: .target, in: container, debugDescription: "unknown target \(target)")
            }
        case "break":
            item = .break(position: position, durationSeconds: try container.decode(Int.self, forKey: .durationSeconds))
        default:
            throw DecodingError.dataCorruptedError(forKey: .kind, in: container, debugDescription: "unknown kind \(kind)")
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch item {
        case let .exercise(position, exerciseID, target):
            try container.encode("exercise", forKey: .kind)
            try container.encode(position, forKey: .position)
            try container.encode(exerciseID, forKey: .exerciseID)
            switch target {
            case let .repetitions(sets, repsPerSet, restSeconds, _):
                try container.encode("repetitions", forKey: .target)
                try container.encode(sets, forKey: .sets)
                try container.encode(repsPerSet, forKey: .repsPerSet)
                try container.encode(restSeconds, forKey: .restSeconds)
            case let .time(durationSeconds):
                try container.encode("time", forKey: .target)
                try container.encode(durationSeconds, forKey: .durationSeconds)
            }
        case let .break(position, durationSeconds):
            try container.encode("break", forKey: .kind)
            try container.encode(position, forKey: .position)
            try container.encode(durationSeconds, forKey: .durationSeconds)
        }
    }
}

/// Version 1 of ``TemplateCreated``: items without weights.
struct TemplateCreatedV1: FrozenEvent, Hashable {
    static let eventType = "TemplateCreated"
    static let schemaVersion: UInt16 = 1
    var templateID: UUID
    var name: String
    var notes: String?
    var items: [TemplateItemV1]
}

/// Version 1 of ``TemplateUpdated``: items without weights.
struct TemplateUpdatedV1: FrozenEvent, Hashable {
    static let eventType = "TemplateUpdated"
    static let schemaVersion: UInt16 = 1
    var templateID: UUID
    var name: String
    var notes: String?
    var items: [TemplateItemV1]
}
