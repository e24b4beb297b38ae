import Foundation
import Testing

/// The answers of every query are those of the build before the read models moved to keyed
/// state: fixtures/reference/answers holds what that build (commit 7f45c94) printed for each
/// query of fixtures/reference/queries.jsonl, on a generated log and on the season fixture
/// (scripts/reference-answers.sh wrote them). This build must print the same, byte for byte,
/// and exit the same. Answers changed since on purpose, each in the commit that says why:
/// 034, 035 and 048 (`bodyweight` shows a day's last weigh-in), 018, 019 and 042 (`stats`
/// leaves out the sets of cancelled workouts, issue 19), 040 and 041 (a record's date is the
/// day in its workout's time zone, issue 19: the season's evening sessions in Phoenix), 011 to
/// 013, 016, 017 and 036 (volume is load × reps in every command, issue 19: bodyweight
/// exercises' volume records no longer weigh the bodyweight), 037 (the sets export names its
/// units in two last columns, so that it imports again, issue 19), 043 and 044 (`summary`'s
/// longest run of days goes from 27 to 38: the season's quick logs name their zone, and its
/// twelve Phoenix evening sessions move from the next UTC day to their own, issue 19). Issue
/// 20 added to answers without changing what they held: 007 to 010 (`show`: each set's id and
/// rest; in text, the short id and a REST column), 029 to 031 and 033 (`nutrition --date`: the
/// day's meals and entries with their ids), 040 and 041 (`prs`: the season's timed sets'
/// longest time). 010 (`show` in text) numbers the exercises by the places `workout
/// remove-exercise` and `reorder` take, without changing what it held. Issue 38 changed
/// 022, 024, 026 and 028 (`program` in pounds: a suggestion's reason gives the last weight in
/// the suggestion's unit, 231.5 lb where it said 105 kg before "→ 190 lb"), and 036 and 049
/// (`replay` folds the whole log and reports training days: the generated season's cancelled
/// workout, 8 sets and 980 kg, leaves its totals, which now say `"cancelled": 1`; a day's
/// meals logged after that day ended count, 40 days with entries where 39 did). Issue 38 also
/// made a cardio quick log one set of its activity's exercise: 000 to 006 and 039 (`history`:
/// a session has 1 set, the JSON and CSV add `distanceMetres` and `durationSeconds`, the table
/// shows a session's distance and time for its volume), 011 to 013, 016, 017 and 040, 041
/// (`prs`: Running, Swimming, Elliptical, Walking and the rest get records), 018, 019 and 042
/// (`stats`: those exercises get totals), 036 (`replay`: the generated season's 8 sessions in
/// its window count as sets, 647 where 639) and 037 (the sets export holds each session's row).
@Suite("Reference answers: every query as the earlier build answered it")
struct ReferenceAnswersTests {
    static let folder = packageRootURL().appendingPathComponent("fixtures/reference")

    @Test("Every query of the reference, on a generated log and on the season fixture")
    func sameAnswers() async throws {
        let scratch = try Scratch()
        let generated = scratch.url.appendingPathComponent("generated").path
        let season = scratch.url.appendingPathComponent("season").path
        #expect(try await scratch.run(["generate", "--athletes", "2", "--weeks", "10", "--seed", "5", "--log-dir", generated]).status == 0)
        let seasonFile = packageRootURL().appendingPathComponent("fixtures/season/season.jsonl").path
        #expect(try await scratch.run(["import", seasonFile, "--source", "jsonl", "--log-dir", season]).status == 0)
        let queries = try String(contentsOf: Self.folder.appendingPathComponent("queries.jsonl"), encoding: .utf8)
            .split(separator: "\n").map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String]) }
        #expect(queries.count == 51)
        for (index, query) in queries.enumerated() {
            let logs = ["generated": generated, "season": season]
            let result = try await scratch.run(Array(query.dropFirst()) + ["--log-dir", try #require(logs[query[0]])])
            let expected = try String(contentsOf: Self.folder.appendingPathComponent(String(format: "answers/%03d.out", index)),
                                      encoding: .utf8)
            let got = "exit \(result.status)\n" + result.stdout
            if query[1] == "replay" {
                // A replay reports how long it took: everything else of it is the answer.
                #expect(try Self.withoutTimes(got) == Self.withoutTimes(expected), "query \(index): \(query.joined(separator: " "))")
            } else {
                #expect(got == expected, "query \(index): \(query.joined(separator: " "))")
            }
        }
    }

    /// A replay's exit line and JSON object, without how long it took.
    static func withoutTimes(_ text: String) throws -> NSDictionary {
        let lines = text.split(separator: "\n", maxSplits: 1)
        var object = try #require(JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [String: Any])
        object["seconds"] = nil
        object["eventsPerSecond"] = nil
        object["exit"] = String(lines[0])
        return object as NSDictionary
    }
}
