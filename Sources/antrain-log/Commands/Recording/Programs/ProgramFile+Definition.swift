import AntrainEvents
import Foundation

/// What `program add` uses for what neither `--day` nor the file says.
struct ProgramDefaults {
    var description: String?
    var category: ProgramCategory?
    var difficulty: ProgramDifficulty?
    var progression: ProgressionPattern?
    var weeks: Int?
}

extension ProgramFile {
    /// The program the file states, named `name` (a `name` in the file is not used: files
    /// written when the key was required name the program anything), the options filling in what it leaves out,
    /// the progression the weeks' modifiers it leaves out, and templates named by name are
    /// looked up in the library.
    ///
    /// A progression other than `custom` also writes the weeks the file does not plan, up to
    /// `durationWeeks`: each with the days of the planned week the cycle comes round to (as
    /// the program would repeat them) and the progression's modifiers for its own number, so
    /// that a 12-week `threeOneDeload` file planning one week has its deloads in weeks 4, 8
    /// and 12.
    func definition(named name: String, file: String, defaults: ProgramDefaults, names: LibraryNames) async throws -> ProgramDefinition {
        let progression = progression ?? defaults.progression ?? .linear
        let highest = weeks.map(\.number).max() ?? 1
        let duration = durationWeeks ?? defaults.weeks ?? highest
        var planned: [ProgramWeek] = []
        for week in weeks {
            let pattern = progression.week(week.number)
            var days: [ProgramDay] = []
            for draft in week.days { days.append(try await Self.resolve(draft, names)) }
            planned.append(ProgramWeek(number: week.number, name: week.name, notes: week.notes, phase: week.phase,
                                       intensityModifier: week.intensityModifier ?? pattern.intensityModifier,
                                       volumeModifier: week.volumeModifier ?? pattern.volumeModifier,
                                       isDeload: week.isDeload ?? pattern.isDeload, days: days.sorted { $0.dayOfWeek < $1.dayOfWeek }))
        }
        return ProgramDefinition(name: name, description: description ?? defaults.description,
                                 category: category ?? defaults.category ?? .custom,
                                 difficulty: difficulty ?? defaults.difficulty ?? .intermediate, durationWeeks: duration,
                                 progression: progression, weeks: Self.filled(planned, through: duration, progression))
    }

    /// `planned`, and for a progression other than `custom` every week up to `duration` it
    /// leaves out, each with the days of the planned week the cycle comes round to.
    static func filled(_ planned: [ProgramWeek], through duration: Int, _ progression: ProgressionPattern) -> [ProgramWeek] {
        let cycle = planned.sorted { $0.number < $1.number }
        guard progression != .custom, !cycle.isEmpty, (1...52).contains(duration) else { return planned }
        var weeks = planned
        for number in 1...duration where !planned.contains(where: { $0.number == number }) {
            let pattern = progression.week(number)
            weeks.append(ProgramWeek(number: number, intensityModifier: pattern.intensityModifier, volumeModifier: pattern.volumeModifier,
                                     isDeload: pattern.isDeload, days: cycle[(number - 1) % cycle.count].days))
        }
        return weeks.sorted { $0.number < $1.number }
    }

    /// `weeks` weeks of the same `days`, each with the progression's modifiers for its number.
    static func weeks(_ count: Int, of days: [ProgramDay], _ progression: ProgressionPattern) -> [ProgramWeek] {
        (1...max(1, min(count, 52))).map { number in
            let pattern = progression.week(number)
            return ProgramWeek(number: number, intensityModifier: pattern.intensityModifier, volumeModifier: pattern.volumeModifier,
                               isDeload: pattern.isDeload, days: days)
        }
    }

    /// The day with its template looked up: by id or by name; a day without a name of its
    /// own takes its template's.
    private static func resolve(_ draft: Day, _ names: LibraryNames) async throws -> ProgramDay {
        var day = draft.day
        guard let typed = draft.template else { return day }
        let template = try await names.template(typed)
        day.templateID = template.id
        if !draft.hasName { day.name = template.name }
        return day
    }
}
