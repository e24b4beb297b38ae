import AntrainEvents
import AntrainProjections
import Foundation

/// The spreadsheet exports: sets in Strong's comma layout, and one row per diary entry.
enum CSVExport {
    /// Strong's comma layout, the one spreadsheet users and other apps' importers know, with
    /// the units of its weights and distances added as the last columns (as Strong's
    /// semicolon layout names them): without them the file could not be imported again
    /// without being told its unit, and the columns other readers know stay where they were.
    static let setsHeader = "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE,Weight Unit,Distance Unit"
    static let nutritionHeader = "Day,Meal,Food,Grams,Kcal,Protein (g),Carbs (g),Fat (g)"

    /// Every done set of every completed workout, oldest first (a cardio session is one set of
    /// its activity's exercise, as Strong writes a run; a metcon has no sets), as Strong writes them:
    /// local start time, duration like `1h 5m`, set order `W`/`D`/`F` for warm-up, drop and
    /// failure sets or the number of the normal set, weights in `unit`, distances in
    /// kilometres (kg) or miles (lb), each row naming both units.
    static func sets(_ history: WorkoutHistory, unit: MassUnit, to sink: ExportSink) throws {
        sink.line(setsHeader)
        let units = unit == .kilograms ? ["kg", "km"] : ["lbs", "mi"]
        // A workout at a time, oldest first: the export of a long history never holds it all.
        try history.forEachWorkout(WorkoutFilter(), ids: false) { workout in
            guard workout.status == .completed else { return }
            let zone = TimeZone(identifier: workout.timeZone) ?? TimeZone(identifier: "UTC")!
            let date = localTime(workout.startedAt, in: zone)
            let duration = workout.durationSeconds.map(durationText) ?? ""
            for exercise in workout.exercises {
                var normal = 0
                for set in exercise.sets where set.performance.completed {
                    let performance = set.performance
                    let order: String
                    switch performance.setType {
                    case .warmup: order = "W"
                    case .dropset: order = "D"
                    case .failure: order = "F"
                    case .normal: normal += 1; order = String(normal)
                    }
                    let weight = performance.weight.map { number($0.converted(to: unit).value) } ?? "0"
                    let distance = performance.distanceMetres.map { number($0 / (unit == .kilograms ? 1000 : DistanceUnit.metresPerMile)) } ?? "0"
                    sink.line([date, workout.name ?? "", duration, exercise.exerciseName, order, weight,
                               performance.reps.map(String.init) ?? "0", distance, performance.durationSeconds.map(number) ?? "0",
                               performance.notes ?? "", workout.notes ?? "", performance.rpe.map(number) ?? ""].map(field).joined(separator: ",")
                              + "," + units.joined(separator: ","))
                }
            }
        }
    }

    /// One row per diary entry, days in order, meals in the order of the day.
    static func nutrition(_ diary: DailyNutrition, to sink: ExportSink) throws {
        sink.line(nutritionHeader)
        for day in try diary.loggedDays().sorted() {
            for meal in try diary.day(day).meals {
                for entry in meal.entries {
                    let share = entry.amountGrams / 100
                    sink.line([day.description, meal.meal.rawValue, entry.foodName, number(entry.amountGrams),
                               number(entry.per100g.caloriesKcal * share), number(entry.per100g.proteinG * share),
                               number(entry.per100g.carbsG * share), number(entry.per100g.fatsG * share)].map(field).joined(separator: ","))
                }
            }
        }
    }

    /// A number with at most two decimals and no trailing zeros: `100`, `62.5`, `7.02`.
    static func number(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }
        var text = String(format: "%.2f", rounded)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }

    /// `1h 5m`, `31m` or `45s`, as Strong writes durations.
    static func durationText(_ seconds: Double) -> String {
        let minutes = Int((seconds / 60).rounded())
        guard minutes > 0 else { return "\(Int(seconds.rounded()))s" }
        return minutes >= 60 ? "\(minutes / 60)h" + (minutes % 60 == 0 ? "" : " \(minutes % 60)m") : "\(minutes)m"
    }

    /// `2025-09-15 07:48:00` in `zone`.
    static func localTime(_ instant: Timestamp, in zone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: instant.date)
        return String(format: "%04d-%02d-%02d %02d:%02d:%02d", parts.year!, parts.month!, parts.day!, parts.hour!, parts.minute!, parts.second!)
    }

    /// A CSV field, quoted when it holds a comma, a quote or a line break.
    static func field(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
