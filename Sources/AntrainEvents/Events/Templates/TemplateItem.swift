import Foundation

/// How an exercise of a template is to be done: sets of repetitions, or for a time.
public enum ExerciseTarget: Sendable, Hashable {
    /// `sets` sets (1 to 99) of `repsPerSet` repetitions (1 to 999), resting `restSeconds`
    /// (0 to 600) after each, at `weight` when the template gives one (seed 004's
    /// `TemplateExercise.weight`: the weight a workout of it starts from, and a program's first
    /// suggestion before the exercise has a history). Version 2 of the template events.
    case repetitions(sets: Int, repsPerSet: Int, restSeconds: Int, weight: Mass? = nil)
    /// One bout of `durationSeconds` seconds (1 to 3600).
    case time(durationSeconds: Int)
}

extension ExerciseTarget: Validatable {
    public func validate(into validator: inout Validator) {
        switch self {
        case let .repetitions(sets, repsPerSet, restSeconds, weight):
            validator.integer(sets, "sets", TemplateLimits.sets)
            validator.integer(repsPerSet, "repsPerSet", TemplateLimits.reps)
            validator.integer(restSeconds, "restSeconds", TemplateLimits.restSeconds)
            validator.mass(weight, "weight", .atLeast(0))
        case let .time(durationSeconds):
            validator.integer(durationSeconds, "durationSeconds", TemplateLimits.timedSeconds)
        }
    }
}

/// One step of a template, at its position: an exercise, or a break between exercises.
///
/// Its coded form is flat, led by a `kind` (and, for an exercise, a `target`) that says
/// which fields follow:
///
/// ```json
/// {"kind": "exercise", "position": 1, "exerciseID": "…", "target": "repetitions", "sets": 5, "repsPerSet": 5, "restSeconds": 180,
///  "weight": {"value": 60, "unit": "kg"}}
/// {"kind": "exercise", "position": 2, "exerciseID": "…", "target": "time", "durationSeconds": 60}
/// {"kind": "break", "position": 3, "durationSeconds": 120}
/// ```
public enum TemplateItem: Sendable, Hashable {
    /// An exercise of the library, done as `target` says.
    case exercise(position: Int, exerciseID: UUID, target: ExerciseTarget)
    /// A break of `durationSeconds` seconds (1 to 600).
    case `break`(position: Int, durationSeconds: Int)

    /// Its place in the template, from 1.
    public var position: Int {
        switch self {
        case let .exercise(position, _, _), let .break(position, _): return position
        }
    }

    /// The exercise, or nil for a break.
    public var exerciseID: UUID? {
        if case let .exercise(_, exerciseID, _) = self { return exerciseID }
        return nil
    }
}

extension TemplateItem: Validatable {
    /// Checks the item's own fields; the template events check that positions run 1, 2, … n.
    public func validate(into validator: inout Validator) {
        switch self {
        case let .exercise(_, _, target):
            target.validate(into: &validator)
        case let .break(_, durationSeconds):
            validator.integer(durationSeconds, "durationSeconds", TemplateLimits.breakSeconds)
        }
    }
}

extension TemplateItem: Codable {
    private enum CodingKeys: String, CodingKey {
        case kind, position, exerciseID, target, sets, repsPerSet, restSeconds, weight, durationSeconds
    }

    private enum Kind: String, Codable {
        case exercise, `break`
    }

    private enum Target: String, Codable {
        case repetitions, time
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let kind = try container.decode(Kind.self, forKey: .kind)
        let position = try container.decode(Int.self, forKey: .position)
        switch kind {
        case .exercise:
            let exerciseID = try container.decode(UUID.self, forKey: .exerciseID)
            let target: ExerciseTarget
            switch try container.decode(Target.self, forKey: .target) {
            case .repetitions:
                target = .repetitions(sets: try container.decode(Int.self, forKey: .sets),
                                      repsPerSet: try container.decode(Int.self, forKey: .repsPerSet),
                                      restSeconds: try container.decode(Int.self, forKey: .restSeconds),
                                      weight: try container.decodeIfPresent(Mass.self, forKey: .weight))
            case .time:
                target = .time(durationSeconds: try container.decode(Int.self, forKey: .durationSeconds))
            }
            self = .exercise(position: position, exerciseID: exerciseID, target: target)
        case .break:
            self = .break(position: position, durationSeconds: try container.decode(Int.self, forKey: .durationSeconds))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case let .exercise(position, exerciseID, target):
            try container.encode(Kind.exercise, forKey: .kind)
            try container.encode(position, forKey: .position)
            try container.encode(exerciseID, forKey: .exerciseID)
            switch target {
            case let .repetitions(sets, repsPerSet, restSeconds, weight):
                try container.encode(Target.repetitions, forKey: .target)
                try container.encode(sets, forKey: .sets)
                try container.encode(repsPerSet, forKey: .repsPerSet)
                try container.encode(restSeconds, forKey: .restSeconds)
                try container.encodeIfPresent(weight, forKey: .weight)
            case let .time(durationSeconds):
                try container.encode(Target.time, forKey: .target)
                try container.encode(durationSeconds, forKey: .durationSeconds)
            }
        case let .break(position, durationSeconds):
            try container.encode(Kind.break, forKey: .kind)
            try container.encode(position, forKey: .position)
            try container.encode(durationSeconds, forKey: .durationSeconds)
        }
    }
}

/// Limits of the template events, and the checks their three events share.
enum TemplateLimits {
    static let notes = 500
    static let items = 1...99
    static let sets = 1...99
    static let reps = 1...999
    static let restSeconds = 0...600
    static let timedSeconds = 1...3600
    static let breakSeconds = 1...600

    /// Checks a template's name, notes and items, whose positions must run 1, 2, … n in order.
    static func validate(name: String, notes: String?, items: [TemplateItem], into validator: inout Validator) {
        validator.name(name, "name")
        validator.text(notes, "notes", maxLength: TemplateLimits.notes)
        validator.count(items.count, "items", TemplateLimits.items, of: "items")
        for (index, item) in items.enumerated() {
            validator.check(item.position == index + 1, "items[\(index)].position", value: String(item.position),
                            allowed: "\(index + 1): positions run from 1 in the order of the items")
            validator.nested(item, "items[\(index)]")
        }
    }
}
