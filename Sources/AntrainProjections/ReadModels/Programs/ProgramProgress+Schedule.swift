import AntrainEvents
import Foundation

extension ProgramAnswers {
    /// One calendar day of a program: its week, its day of the week, the plan that applies.
    struct Slot {
        var day: CalendarDay
        var week: Int
        var dayOfWeek: Int
        var plan: ProgramWeek
        var trainingDay: ProgramDay?
    }

    /// The program's last day: 7 × `durationWeeks` days from the start, the start included.
    static func endDate(of program: ProgramDefinition, from start: CalendarDay) -> CalendarDay {
        start.adding(days: program.durationWeeks * 7 - 1)
    }

    /// The plan of program week `week`: its own, else the planned week the cycle has come
    /// round to.
    static func plan(of program: ProgramDefinition, week: Int) -> ProgramWeek? {
        if let own = program.weeks.first(where: { $0.number == week }) { return own }
        let planned = program.weeks.sorted { $0.number < $1.number }
        guard !planned.isEmpty else { return nil }
        return planned[(week - 1) % planned.count]
    }

    /// Where `day` falls in the program, or nil outside its weeks.
    static func slot(on day: CalendarDay, of program: ProgramDefinition, from start: CalendarDay) -> Slot? {
        let offset = day.daysSince1970 - start.daysSince1970
        guard offset >= 0, offset < program.durationWeeks * 7 else { return nil }
        let week = offset / 7 + 1
        // The day of the week is the calendar's (1 is Monday, as `ProgramDay.dayOfWeek`
        // says), not the day of the 7-day block: "mon" is a Monday whatever day the
        // program started on.
        let dayOfWeek = day.weekday
        guard let plan = plan(of: program, week: week) else { return nil }
        return Slot(day: day, week: week, dayOfWeek: dayOfWeek, plan: plan,
                    trainingDay: plan.days.first { $0.dayOfWeek == dayOfWeek })
    }

    /// The evidence of training that adherence looks at, by calendar day.
    struct TrainedDays {
        struct Reference: Hashable {
            var day: Int
            var week: Int
            var dayOfWeek: Int
        }

        /// Days with a completed workout referencing a day of the program.
        var referenced: Set<Reference> = []
        /// Days with a completed lifting workout referencing no program day.
        var freeLifting: Set<Int> = []

        func covers(_ slot: Slot) -> Bool {
            referenced.contains(Reference(day: slot.day.daysSince1970, week: slot.week, dayOfWeek: slot.dayOfWeek))
                || freeLifting.contains(slot.day.daysSince1970)
        }
    }

    /// The completed workouts that can count for `programID`, on the calendar day of their
    /// start in their own time zone.
    func trainedDays(for programID: UUID) -> TrainedDays {
        var trained = TrainedDays()
        var zones: [String: TimeZone] = [:]
        for workoutID in completionOrder {
            guard let workout = workouts[workoutID], workout.status == .completed else { continue }
            let day = Self.localDay(of: workout.startedAt, in: workout.timeZone, zones: &zones).daysSince1970
            if let reference = workout.programDay {
                if reference.programID == programID {
                    trained.referenced.insert(.init(day: day, week: reference.week, dayOfWeek: reference.dayOfWeek))
                }
            } else if workout.type == .lifting {
                trained.freeLifting.insert(day)
            }
        }
        return trained
    }

    /// The calendar day `instant` falls on in the time zone named `identifier` (UTC when
    /// the name is unknown, which validation does not let through).
    static func localDay(of instant: Timestamp, in identifier: String, zones: inout [String: TimeZone]) -> CalendarDay {
        let zone = zones[identifier] ?? TimeZone(identifier: identifier) ?? TimeZone(secondsFromGMT: 0)!
        zones[identifier] = zone
        let offset = Int64(zone.secondsFromGMT(for: instant.date))
        return CalendarDay(Timestamp(microsecondsSince1970: instant.microsecondsSince1970 + offset * 1_000_000))
    }
}
