import AntrainEvents
import Foundation

/// One athlete living through the generated weeks, a day at a time: following a program
/// (and starting it over, or another, when it ends), doing most of its sessions, some
/// cardio and metcons on rest days, eating, weighing in most mornings.
struct AthleteSimulator {
    let traits: AthleteTraits
    let library: GeneratorLibrary
    private var random: GeneratorRandom
    private let firstDay: CalendarDay
    private var program: Int
    private var programStart: CalendarDay
    /// Working weights at intensity 1 before progress, by exercise, drawn on first use.
    private var baseWeights: [UUID: Double] = [:]

    init(number: Int, seed: UInt64, firstDay: CalendarDay, library: GeneratorLibrary) {
        var random = GeneratorRandom(seed: seed, stream: UInt64(number) + 1)
        traits = AthleteTraits(number: number, random: &random, programCount: library.programs.count, foodCount: library.foods.count)
        self.random = random
        self.library = library
        self.firstDay = firstDay
        program = traits.firstProgram
        // Programs start on a Monday (weekday 1).
        programStart = firstDay.adding(days: (8 - firstDay.weekday) % 7)
    }

    /// The athlete's bodyweight on `day`: a slow trend plus day-to-day water.
    private mutating func bodyweightKg(on day: CalendarDay) -> Double {
        let weeks = Double(day.daysSince1970 - firstDay.daysSince1970) / 7
        return traits.startingBodyweightKg + traits.bodyweightDriftKg * weeks + random.double(-0.4...0.4)
    }

    /// Everything the athlete does on local day `day`.
    mutating func live(_ day: CalendarDay, into output: inout DayOutput) {
        let dawn = traits.instant(day, minute: 300)
        if day == firstDay { start(day, at: dawn, into: &output) }
        let index = day.daysSince1970 - firstDay.daysSince1970
        if index > 0, index % 84 == 0 {
            output.own(ProfileUpdated(goals: goals(bodyweightKg(on: day)), effectiveFrom: day), at: dawn, .any, &random)
        }
        if random.chance(traits.weighInChance) {
            let weight = traits.scale(bodyweightKg(on: day))
            let at = traits.instant(day, minute: random.int(390...480))
            output.bodyweight(BodyweightRecorded(entryID: random.uuid(), weight: weight, recordedAt: at,
                                                 notes: random.chance(0.02) ? "After a late dinner" : nil), &random)
        }
        var trained = false
        if day >= programStart {
            var week = (day.daysSince1970 - programStart.daysSince1970) / 7
            if week >= library.programs[program].definition.durationWeeks {
                switchProgram(on: day, at: dawn, into: &output)
                week = 0
            }
            trained = session(day, week: week, into: &output)
        }
        if !trained, random.chance(traits.cardioPerWeek / 4) {
            let start = traits.instant(day, minute: traits.startMinute(on: day, spread: 30, &random))
            let cardio = ConditioningBuilder.cardio(workout: random.uuid(), start: start, timeZone: traits.timeZone, &random)
            output.own(cardio, at: start.adding(seconds: cardio.durationSeconds + 300), .noStream, &random)
        } else if !trained, random.chance(traits.metconPerWeek / 4) {
            let start = traits.instant(day, minute: traits.startMinute(on: day, spread: 30, &random))
            let metcon = ConditioningBuilder.metcon(workout: random.uuid(), start: start, timeZone: traits.timeZone, &random)
            output.own(metcon, at: start.adding(seconds: metcon.durationSeconds + 300), .noStream, &random)
        }
        if random.chance(traits.diaryDiligence) {
            output.diary(DiaryBuilder.day(day, athlete: traits, library: library, &random), &random)
        }
    }

    /// The first morning: profile, settings, a few favourite foods, the program activated.
    private mutating func start(_ day: CalendarDay, at time: Timestamp, into output: inout DayOutput) {
        let birth = day.adding(days: -traits.birthYearsBefore * 365 - random.int(0...364))
        let activity: ActivityLevel = random.pick([.light, .moderate, .moderate, .active, .veryActive])
        output.own(ProfileUpdated(name: "Athlete \(traits.number + 1)", heightCentimetres: traits.heightCentimetres, sex: traits.sex,
                                  dateOfBirth: birth, activityLevel: activity, goals: goals(traits.startingBodyweightKg),
                                  effectiveFrom: day),
                   at: time, .any, &random)
        output.own(SettingsChanged(weightUnit: traits.unit, distanceUnit: traits.unit == .pounds ? .miles : .kilometres),
                   at: time, .any, &random)
        for staple in traits.staples.prefix(2) {
            output.own(FoodFavourited(foodID: library.foods[staple].id, isFavourite: true), at: time, .any, &random)
        }
        output.own(ProgramActivated(programID: library.programs[program].id, startDate: programStart), at: time, .any, &random)
    }

    /// Nutrition goals for a bodyweight: protein 2 g/kg, fats 0.9 g/kg, the rest carbs.
    private func goals(_ kilograms: Double) -> NutritionGoals {
        let calories = (kilograms * (traits.sex == .female ? 31 : 34) / 50).rounded() * 50
        let protein = (kilograms * 2).rounded()
        let fats = (kilograms * 0.9).rounded()
        return NutritionGoals(caloriesKcal: calories, proteinG: protein, carbsG: max(0, ((calories - protein * 4 - fats * 9) / 4).rounded()),
                              fatsG: fats)
    }

    /// The program ended: run it again most of the time, else move on to the next one.
    private mutating func switchProgram(on day: CalendarDay, at time: Timestamp, into output: inout DayOutput) {
        let old = library.programs[program].id
        if random.chance(0.3) { program = (program + 1) % library.programs.count }
        programStart = day
        output.own([ProgramDeactivated(programID: old, deactivatedAt: time),
                    ProgramActivated(programID: library.programs[program].id, startDate: day)],
                   at: time, .any, &random)
    }

    /// Today's program session, if the program has one and the athlete turns up; true when
    /// a lifting session was started.
    private mutating func session(_ day: CalendarDay, week: Int, into output: inout DayOutput) -> Bool {
        let (programID, definition) = library.programs[program]
        guard let programWeek = definition.weeks.first(where: { $0.number == week + 1 }),
              let programDay = programWeek.days.first(where: { $0.dayOfWeek == day.weekday }),
              let templateID = programDay.templateID, let items = library.templates[templateID],
              random.chance(traits.adherence) else { return false }
        let roll = random.unit()
        let outcome: SessionPlan.Outcome = roll < 0.015 ? .cancelled : (roll < 0.03 ? .abandoned : .completed)
        let weeksTrained = Double(day.daysSince1970 - firstDay.daysSince1970) / 7
        let plan = SessionPlan(
            workoutID: random.uuid(), name: programDay.name, templateID: templateID, items: items,
            programDay: ProgramDayReference(programID: programID, week: week + 1, dayOfWeek: day.weekday),
            intensity: programWeek.intensityModifier * (programDay.intensityOverride ?? 1),
            volume: programWeek.volumeModifier * (programDay.volumeOverride ?? 1),
            suggestedRPE: programDay.suggestedRPE ?? 7.5,
            progress: 1 + min(0.35, traits.weeklyGain * weeksTrained),
            start: traits.instant(day, minute: traits.startMinute(on: day, spread: 20, &random)),
            outcome: outcome,
            accessory: random.chance(0.15) ? random.pick(library.customExercises).exerciseID : nil)
        var builder = WorkoutBuilder(plan: plan, library: library, athlete: traits)
        let (strength, number) = (traits.strength, traits.number)
        var weights = baseWeights
        let typical = library.typicalKilograms
        let events = builder.build(&random) { id, _ in
            if let known = weights[id] { return known }
            let weight = (typical[id] ?? 0) * strength * Self.variation(id, athlete: number)
            weights[id] = weight
            return weight
        }
        baseWeights = weights
        // The phone syncs the session a few minutes after its last event.
        output.own(events, at: builder.clock.adding(seconds: Double(random.int(60...600))), .noStream, &random)
        return true
    }

    /// 0.92 to 1.08, fixed per athlete and exercise: everyone is a little better at some lifts.
    private static func variation(_ id: UUID, athlete: Int) -> Double {
        0.92 + Double(id.uuid.0 ^ UInt8(truncatingIfNeeded: athlete &* 37)) / 255 * 0.16
    }
}
