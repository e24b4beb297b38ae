import AntrainEvents
import Foundation

/// What the generator takes from the preset library, indexed for lookups, plus the few
/// custom exercises and foods that users of a real app add to it.
///
/// ```swift
/// let presets = try LibraryPresets.builtIn()
/// let library = try GeneratorLibrary(presets: presets)
/// ```
///
/// Athletes only use presets by their stable ids, so a generated log reads like one whose
/// library was seeded by ``LibrarySeeder``.
public struct GeneratorLibrary: Sendable {
    /// Every preset event, in the files' order (each the first event of its own stream).
    public let presetEvents: [any DomainEvent]
    /// Exercises by id: presets and custom ones.
    let exercises: [UUID: ExerciseDefinition]
    /// Each exercise's ``TypicalLoads`` working weight for sets of five, by id (0: no external load).
    let typicalKilograms: [UUID: Double]
    /// Each template's items, by template id.
    let templates: [UUID: [TemplateItem]]
    /// The preset programs, in file order.
    let programs: [(id: UUID, definition: ProgramDefinition)]
    /// Foods an athlete may log: presets, then custom ones.
    let foods: [(id: UUID, definition: FoodDefinition)]
    /// Custom exercises athletes add as accessories at the end of some workouts.
    let customExercises: [ExerciseCreated]
    /// Custom foods, logged now and then.
    let customFoods: [FoodItemCreated]

    /// Indexes `presets` and makes the custom exercises and foods.
    ///
    /// - Throws: ``GeneratorError`` when the presets hold no program, or no food: the
    ///   generator follows programs and logs foods, so it cannot do without them.
    public init(presets: LibraryPresets) throws {
        var exercises: [UUID: ExerciseDefinition] = [:]
        var templates: [UUID: [TemplateItem]] = [:]
        var programs: [(id: UUID, definition: ProgramDefinition)] = []
        var foods: [(id: UUID, definition: FoodDefinition)] = []
        for event in presets.events {
            switch event {
            case let created as ExerciseCreated: exercises[created.exerciseID] = created.definition
            case let created as TemplateCreated: templates[created.templateID] = created.items
            case let created as ProgramCreated: programs.append((created.programID, created.definition))
            case let created as FoodItemCreated: foods.append((created.foodID, created.definition))
            default: break
            }
        }
        guard !programs.isEmpty else { throw GeneratorError.missingPresets("programs") }
        guard !foods.isEmpty else { throw GeneratorError.missingPresets("foods") }
        // Programs must name templates that exist, and templates exercises that exist;
        // the preset fixtures are checked for that, but a caller's presets might not be.
        for (_, program) in programs {
            for week in program.weeks {
                for day in week.days {
                    guard let template = day.templateID else { continue }
                    guard let items = templates[template] else {
                        throw GeneratorError.missingPresets("template \(template) of program \(program.name)")
                    }
                    if let missing = items.compactMap(\.exerciseID).first(where: { exercises[$0] == nil }) {
                        throw GeneratorError.missingPresets("exercise \(missing) of template \(template)")
                    }
                }
            }
        }
        customExercises = CustomLibrary.exercises()
        customFoods = CustomLibrary.foods()
        for custom in customExercises { exercises[custom.exerciseID] = custom.definition }
        foods += customFoods.map { ($0.foodID, $0.definition) }
        presetEvents = presets.events
        self.exercises = exercises
        typicalKilograms = exercises.mapValues(TypicalLoads.kilograms(for:))
        self.templates = templates
        self.programs = programs
        self.foods = foods
    }

    /// The library as batches: each preset and custom item alone in its new stream, with the
    /// event ids ``LibrarySeeder`` gives presets, all recorded at `time`.
    func batches(at time: Timestamp) -> [GeneratedBatch] {
        let custom: [any DomainEvent] = customExercises + customFoods
        return (presetEvents + custom).map { event in
            let id = UUID.stable("preset", event.eventType, event.streamID)
            return GeneratedBatch(stream: event.streamID, expectedVersion: .noStream,
                                  events: [NewEvent(event, id: id, recordedAt: time)], time: time)
        }
    }
}

/// Why a generator cannot be made.
public enum GeneratorError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The presets lack something the generator needs.
    case missingPresets(String)
    /// A parameter is out of its range.
    case invalidParameter(String)

    public var description: String {
        switch self {
        case let .missingPresets(what): return "the preset library has no \(what)"
        case let .invalidParameter(what): return "invalid generator parameter: \(what)"
        }
    }
}
