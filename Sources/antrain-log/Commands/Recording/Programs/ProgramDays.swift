import AntrainEvents
import ArgumentParser
import Foundation

/// `--day 1="Push day"`: days of the week and the templates done on them.
enum ProgramDays {
    static let weekdays = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
    /// The days' names, Monday (1) first, as `ProgramDay.dayOfWeek` numbers them.
    static let dayNames = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    /// "Monday" for 1; the number itself outside 1 to 7.
    static func name(_ dayOfWeek: Int) -> String { (1...7).contains(dayOfWeek) ? dayNames[dayOfWeek - 1] : String(dayOfWeek) }

    /// The day of the week typed: 1 to 7, or a day's name or the start of it, at least three
    /// letters (mon, tues, Monday), in any case; nil for anything else.
    static func number(_ typed: String) -> Int? {
        let key = typed.trimmingCharacters(in: .whitespaces).lowercased()
        if let number = Int(key) { return (1...7).contains(number) ? number : nil }
        guard key.count >= 3 else { return nil }
        return dayNames.firstIndex { $0.lowercased().hasPrefix(key) }.map { $0 + 1 }
    }

    static func resolve(_ typed: [String], _ names: LibraryNames) async throws -> [ProgramDay] {
        var days: [ProgramDay] = []
        for entry in typed {
            guard let split = entry.firstIndex(of: "=") else {
                throw ValidationError("--day \"\(entry)\" has no \"=\": write 1=\"Push day\" or mon=\"Push day\".")
            }
            let key = entry[..<split].trimmingCharacters(in: .whitespaces).lowercased()
            guard let number = number(key) else {
                throw ValidationError("--day \"\(entry)\": \"\(key)\" is not a day of the week; use 1 (Monday) to 7 (Sunday), or mon to sun.")
            }
            if let earlier = days.first(where: { $0.dayOfWeek == number }) {
                throw ValidationError("--day \"\(entry)\": \(name(number)) already has \"\(earlier.name)\"; a program does one template a day.")
            }
            let template = try await names.template(String(entry[entry.index(after: split)...]))
            days.append(ProgramDay(dayOfWeek: number, name: template.name, templateID: template.id))
        }
        return days.sorted { $0.dayOfWeek < $1.dayOfWeek }
    }
}
