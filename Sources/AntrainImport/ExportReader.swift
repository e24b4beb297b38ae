import AntrainEvents
import Foundation

/// Reads another app's export into workouts or food entries, before they become events.
///
/// ```swift
/// let reader = ExportReader(timeZone: TimeZone(identifier: "Europe/Berlin")!, weightUnit: .pounds)
/// let file = try reader.read(String(decoding: data, as: UTF8.self), format: .strong)
/// print(file.workouts.count, "workouts;", file.skipped.count, "rows skipped")
/// for row in file.skipped { print(row) }           // "line 12: a rest timer, not a set"
/// ```
///
/// A file that is not of the format at all (its header lacks the format's columns) throws
/// ``ImportError``; rows that cannot be read are skipped, each with its line and reason.
public struct ExportReader: Sendable {
    /// The zone the export's local times are read in.
    public let timeZone: TimeZone
    /// The unit of weights in exports that carry none (Strong's comma layouts), and of a
    /// weight whose row leaves its unit empty.
    public let weightUnit: MassUnit?

    /// A reader for exports written in `timeZone`.
    public init(timeZone: TimeZone, weightUnit: MassUnit? = nil) {
        self.timeZone = timeZone
        self.weightUnit = weightUnit
    }

    /// Reads `text` as an export of `format`.
    public func read(_ text: String, format: ImportFormat) throws(ImportError) -> ImportedFile {
        let table = try CSVTable(parsing: text)
        let values = ExportValues(timeZone: timeZone)
        var file: ImportedFile
        switch format {
        case .strong: file = try StrongCSV(values: values, weightUnit: weightUnit).read(table)
        case .hevy: file = try HevyCSV(values: values).read(table)
        case .fitnotes: file = try FitNotesCSV(values: values, weightUnit: weightUnit).read(table)
        case .cronometer: file = try CronometerCSV(values: values).read(table)
        }
        file.rows = table.rows.count
        return file
    }
}
