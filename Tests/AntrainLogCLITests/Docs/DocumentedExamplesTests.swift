import Foundation
import Testing

/// Every example of README.md and of each command's `--help` works as shown, on a freshly
/// seeded log (issue 20): each page's examples (a command's help, README.md) run one after
/// another on a seeded log of its own, as a person trying them would, through `bash` (so pipes and redirections run too). Ids and files an example
/// names stand for ones of the person's own log: the test gives it real ones (see
/// ``ExampleLog``), and nothing else of the line is changed.
@Suite struct DocumentedExamplesTests {
    /// Examples not run, each with the reason; nothing else is skipped.
    static let notRun: [String: String] = [
        "antrain-log generate --athletes 50 --weeks 52 --seed 1 --start 2025-01-06 --log-dir /tmp/big": "writes about a million events: minutes in a debug build",
        "antrain-log tail -n 0 --follow --format json | jq -c .event": "follows the log until interrupted",
        "antrain-log tail --follow": "follows the log until interrupted",
        "antrain-log tail -n 20 --follow": "follows the log until interrupted",
    ]

    /// What a page's examples assume the person made before (not examples themselves): each
    /// page runs on a freshly seeded log of its own, these first, then its examples in order.
    static let before: [String: [String]] = [
        "workout start": everyDay, "program start": everyDay,
        "workout remove-exercise": threeExercises, "workout reorder": threeExercises,
        "workout done": [#"workout start --template "Push Day""#],
        "program show": [mySplit], "program activate": [mySplit], "program edit": [mySplit, #"program add "Block" --file block.json"#],
        "program delete": [#"program duplicate "Beginner Linear Strength" --name "My 5x5""#],
        "program deactivate": [#"program activate "Beginner Linear Strength""#],
        "exercise edit": landminePress, "exercise delete": landminePress,
        "exercise category rename": ["exercise category add Mobility"], "exercise category delete": ["exercise category add Mobility"],
        "food edit": foods, "food delete": foods,
        // The tool's own sets export, from another log: importing it into this one is the example.
        "import": ["seed --log-dir other", "workout start --log-dir other", #"workout set "Barbell Back Squat" 100kg x 5 --log-dir other"#,
                   "workout complete --log-dir other", "export --format csv --what sets --output sets.csv --log-dir other"],
        "template edit": [#"template add "Upper A" --item "Barbell Bench Press=5x5/3m""#],
        "template delete": [#"template add "Upper A" --item "Barbell Bench Press=5x5/3m""#],
    ]
    static let landminePress = ["exercise category add Mobility",
                                #"exercise add "Landmine Press" --category barbell --muscles shoulders,triceps"#]
    static let foods = [#"food add "Overnight oats" --kcal 150 --protein 6 --carbs 24 --fat 3.5"#,
                        #"food add "Protein bar" --brand Acme --kcal 360 --protein 33 --carbs 35 --fat 10"#]
    /// A program with a training day on every weekday, active: today is always one of its days.
    static let everyDay = [#"program add "Every day" --weeks 1 --day mon="Push Day" --day tue="Pull Day" --day wed="Legs Day" "#
        + #"--day thu="Push Day" --day fri="Pull Day" --day sat="Legs Day" --day sun="Push Day""#, #"program activate "Every day""#]
    static let mySplit = #"program add "My split" --weeks 4 --day mon="Push Day" --day thu="Pull Day""#
    static let threeExercises = ["workout start", #"workout set "Barbell Back Squat" 100kg x 5"#,
                                 #"workout set "Barbell Bench Press" 80kg x 5"#, #"workout set "Barbell Row" 60kg x 8"#]

    // About 40 s in a normal build; the sanitizers run the same 400-odd processes several times slower.
    @Test(.timeLimit(.minutes(30))) func everyDocumentedExampleWorksOnASeededLog() async throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let examples = try await DocumentedExamples.all(readme: repository.appendingPathComponent("README.md"))
        #expect(examples.count > 150, "the examples are found: \(examples.count)")
        var failures: [String] = []
        var pages: [(source: String, lines: [String])] = []
        for (source, line) in examples where Self.notRun[line] == nil {
            if pages.last?.source == source { pages[pages.count - 1].lines.append(line) } else { pages.append((source, [line])) }
        }
        for page in pages {
            let log = try await ExampleLog(repository: repository)
            let path = page.source.replacingOccurrences(of: "antrain-log ", with: "").replacingOccurrences(of: " --help", with: "")
            for step in Self.before[path] ?? [] {
                let made = try await log.shell("antrain-log " + step)
                #expect(made.status == 0, "\(page.source), before its examples: \(step): \(made.stderr)")
            }
            for line in page.lines {
                do {
                    let command = try await log.prepare(line)
                    let result = try await log.shell(command)
                    if result.status != 0 {
                        failures.append("\(line)\n    (from \(page.source); ran: \(command))\n    exit \(result.status): \(result.stderr.prefix(400))")
                    }
                } catch {
                    failures.append("\(line)\n    (from \(page.source)): the log could not be prepared for it: \(error)")
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) examples fail:\n\(failures.joined(separator: "\n"))")
    }
}
