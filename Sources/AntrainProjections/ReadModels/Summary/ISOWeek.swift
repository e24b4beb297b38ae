import AntrainEvents

/// An ISO 8601 week: Monday to Sunday, numbered within the year that holds its Thursday.
public struct ISOWeek: Sendable, Codable, Equatable, Hashable, Comparable {
    /// The week's Monday.
    public var monday: CalendarDay

    /// The week that contains `day`.
    public init(containing day: CalendarDay) {
        monday = day.adding(days: 1 - day.weekday)
    }

    /// The ISO week-numbering year: the calendar year of the week's Thursday.
    public var year: Int { monday.adding(days: 3).components.year }

    /// The week's number in its ISO year, 1 to 53.
    public var number: Int {
        let thursday = monday.adding(days: 3)
        let januaryFirst = CalendarDay(year: thursday.components.year, month: 1, day: 1)!
        return (thursday.daysSince1970 - januaryFirst.daysSince1970) / 7 + 1
    }

    /// The week after this one.
    public var next: ISOWeek { ISOWeek(containing: monday.adding(days: 7)) }

    /// Weeks are ordered by their Mondays.
    public static func < (lhs: ISOWeek, rhs: ISOWeek) -> Bool { lhs.monday < rhs.monday }
}
