import AntrainEvents
import AntrainJSON
import AntrainProjections
import Foundation

/// What `replay` found in a window of days, in its JSON and text forms.
struct Season {
    var from: CalendarDay
    var through: CalendarDay
    /// Events the replay read.
    var events: UInt64
    var seconds: Double
    var workouts: [WorkoutSummary]
    /// Exercise name, id, the record's JSON name, and the record, in the order they were set.
    var records: [(String, UUID, String, PersonalRecord)]
    var nutrition: NutritionRange
    /// The units of the settings, for the text form.
    var units: UnitSettings
    var unit: MassUnit { units.weight }

    var rate: Double { seconds > 0 ? Double(events) / seconds : 0 }
    /// The workouts that count: a cancelled one's sets set no records and count in no total
    /// (docs/EVENTS.md), so the season's figures leave it out too; the list still shows it.
    var counted: [WorkoutSummary] { workouts.filter { $0.status != .cancelled } }
    var cancelled: Int { workouts.count - counted.count }
    var sets: Int { counted.reduce(0) { $0 + $1.sets } }
    var volumeKg: Double { counted.reduce(0) { $0 + $1.volumeKg } }

    var json: JSONValue {
        var object = JSONObjectBuilder()
        object.add("from", QueryJSON.day(from))
        object.add("to", QueryJSON.day(through))
        object.add("events", .integer(events))
        object.add("seconds", QueryJSON.number(seconds))
        object.add("eventsPerSecond", .integer(Int(rate.rounded())))
        object.add("workouts", .object([("count", .integer(counted.count)), ("sets", .integer(sets)), ("volumeKg", QueryJSON.number(volumeKg)),
                                        ("cancelled", .integer(cancelled)), ("list", .array(workouts.map(HistoryCommand.json)))]))
        object.add("records", .array(records.map { name, id, field, record in
            var row = JSONObjectBuilder()
            row.add("exercise", .string(name))
            row.add("exerciseId", QueryJSON.id(id))
            row.add("record", .string(field))
            for (key, value) in PRsCommand.json(record).objectMembers { row.add(key, value) }
            return row.value
        }))
        var food = JSONObjectBuilder()
        food.add("daysWithEntries", .integer(nutrition.daysWithEntries))
        food.add("average", ifPresent: nutrition.average.map { average in
            .object([("calories", QueryJSON.number(average.calories)), ("proteinG", QueryJSON.number(average.proteinG)),
                     ("carbsG", QueryJSON.number(average.carbsG)), ("fatsG", QueryJSON.number(average.fatsG))])
        })
        object.add("nutrition", food.value)
        return object.value
    }

    var text: [String] {
        var lines = ["replayed \(DisplayText.grouped(Double(events))) events in \(DisplayText.number(seconds, decimals: 3)) s "
            + "(\(DisplayText.grouped(rate)) events/s); season \(from) to \(through)", ""]
        lines.append("workouts: \(counted.count), \(sets) sets, \(DisplayText.volume(kilograms: volumeKg, in: unit))"
            + (cancelled > 0 ? " (and \(cancelled) cancelled, not counted)" : ""))
        // The history table without its count line (the line above says it).
        lines += HistoryCommand.answer(workouts, unit: unit).text.dropLast(2)
        lines += ["", "records set: \(records.count)"]
        var table = TextTable([.left("DATE"), .left("EXERCISE"), .left("RECORD"), .right("VALUE")])
        for (name, _, field, record) in records {
            let value = RecordRow(field: field, label: RecordRow.label(of: field), record: record).value(units)
            table.add([String(DisplayText.localMinute(record.achievedAt).prefix(10)), name, RecordRow.label(of: field), value])
        }
        if !table.isEmpty { lines += table.lines }
        lines.append("")
        if let average = nutrition.average {
            lines.append("nutrition: average over \(average.overDays) day\(average.overDays == 1 ? "" : "s") with entries: "
                + "\(DisplayText.number(average.calories, decimals: 0)) kcal, \(NutritionCommand.grams(average.proteinG)) protein, "
                + "\(NutritionCommand.grams(average.carbsG)) carbs, \(NutritionCommand.grams(average.fatsG)) fats")
        } else {
            lines.append("nutrition: nothing logged")
        }
        return lines
    }
}

extension JSONValue {
    /// The members of an object (none for other values).
    var objectMembers: [(key: String, value: JSONValue)] {
        if case let .object(members) = self { return members }
        return []
    }
}
