import AntrainEvents
import Foundation
import OrderedCollections

/// What the programs' answers are worked out from, read from the keyed state for one question
/// (see ``ProgramProgress``): the active program and its definition, every template's
/// exercises, the exercise names the suggestions show, the unit of the settings, and the few
/// workouts the calendar and the progression look at, each with only the sets they need.
///
/// The rules that read it are in ProgramProgress+Queries.swift (calendar, adherence, next
/// training day), ProgramProgress+Schedule.swift and ProgramProgress+Progression.swift.
struct ProgramAnswers {
    /// The programs the answers reach (the active one, and those last performances were done in), by id.
    var programs: OrderedDictionary<UUID, ProgramDefinition> = [:]
    /// The exercises of each template that exists, in template order.
    var templates: OrderedDictionary<UUID, [TemplateExercise]> = [:]
    /// Exercise names, kept after a deletion so that past performances still have a name.
    var exerciseNames: OrderedDictionary<UUID, String> = [:]
    /// The program followed, if any.
    var active: ActiveProgram?
    /// The weight unit of the latest settings; nil until the user chose one.
    var settingsUnit: MassUnit?
    /// The workouts the answers look at, in the order they were put in.
    var workouts: OrderedDictionary<UUID, TrackedWorkout> = [:]
    /// Completed workouts, in the order they were completed: last performances are looked
    /// up from the end.
    var completionOrder: [UUID] = []
}
