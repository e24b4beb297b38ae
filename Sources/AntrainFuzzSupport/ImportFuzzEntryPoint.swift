import AntrainEvents
import AntrainImport
import Foundation

/// The entry point of the importers' fuzz target (Fuzz/Sources/FuzzImport) and of its short
/// version in the test suite: bytes in, every promise of the importers checked.
public enum ImportFuzzEntryPoint {
    /// The formats, by the input's first byte (modulo their count).
    static let formats: [ImportFormat?] = [nil, .strong, .hevy, .fitnotes, .cronometer]

    /// Reads the input (after its first byte) as the format that byte names (`nil`: events
    /// JSON Lines), then plans the events an import would append. Returns the broken
    /// promises: a reader or planner that crashes, hangs or allocates without bound is caught
    /// by the fuzzer itself; what is returned is an event that would be appended although it
    /// does not validate, or a skipped row without a line or a reason.
    public static func importFile(_ input: UnsafeRawBufferPointer) -> [String] {
        guard let first = input.first else { return [] }
        let body = Data(input.dropFirst())
        let format = formats[Int(first) % formats.count]
        var problems: [String] = []
        guard let format else {
            let contents = JSONLReader.read(body)
            for run in contents.streams {
                for new in run.events where (try? new.event.validate()) == nil {
                    problems.append("JSONL: an invalid \(new.event.eventType) was accepted")
                }
            }
            if contents.problems.contains(where: { $0.line < 1 || $0.reason.isEmpty }) { problems.append("JSONL: a problem without a line or reason") }
            return problems
        }
        let reader = ExportReader(timeZone: TimeZone(identifier: first & 0x80 == 0 ? "UTC" : "Europe/Berlin")!,
                                  weightUnit: first & 0x40 == 0 ? .kilograms : nil)
        guard let file = try? reader.read(String(decoding: body, as: UTF8.self), format: format) else { return [] }
        if file.skipped.contains(where: { $0.line < 1 || $0.reason.isEmpty }) { problems.append("\(format): a skipped row without a line or reason") }
        let plan = ImportPlanner(library: KnownLibrary(), timeZone: reader.timeZone).plan(file)
        for run in plan.streams {
            for new in run.events {
                do {
                    try new.event.validate()
                } catch {
                    problems.append("\(format): a planned \(new.event.eventType) does not validate: \(error)")
                }
            }
        }
        return problems
    }
}
