import AntrainTestSupport
import Foundation
import Testing

/// Issue 36: bits flipped at random places of the read models' state file. Every query then
/// either answers exactly what a fresh rebuild of the log answers, or fails with a clear
/// message; never another figure with exit 0. The flips land in SQLite's header, in tables'
/// B-tree pages, in index pages, among the values, and anywhere, as one bit, a byte or 64
/// bits in a row. `ANTRAIN_STATE_FLIPS` sets the number of cases (200 by default);
/// `scripts/state-bitflips.sh` runs many more.
@Suite("Bit flips in the state file, through the binary", .serialized)
struct StateBitFlipTests {
    static let cases = max(1, ProcessInfo.processInfo.environment["ANTRAIN_STATE_FLIPS"].flatMap(Int.init) ?? 200)

    /// Every read model's queries, in JSON, over the generated log's dates.
    static let queries: [[String]] = [
        ["history", "--format", "json"], ["prs", "--format", "json"], ["stats", "--format", "json"],
        ["summary", "--format", "json"], ["nutrition", "--from", "2025-01-01", "--to", "2025-03-31", "--format", "json"],
        ["bodyweight", "--from", "2025-01-01", "--to", "2025-03-31", "--format", "json"], ["program", "--format", "json"],
        ["food", "list", "--format", "json"], ["exercise", "list", "--format", "json"],
    ]

    enum Place: String, CaseIterable { case header, tablePage = "table page", indexPage = "index page", value, anywhere }

    @Test("Each flip: the answer of a rebuild, or a clear refusal; never a wrong figure with exit 0")
    func flips() async throws {
        let scratch = try Scratch()
        let log = scratch.log
        let generated = try await scratch.run(["generate", "--athletes", "1", "--weeks", "8", "--seed", "36", "--start", "2025-01-06",
                                               "--log-dir", log])
        #expect(generated.status == 0, "\(generated.stderr)")
        #expect(try await scratch.runOnLog(["rebuild"]).status == 0)
        let fresh = try scratch.freshCopy(of: log, named: "fresh")
        var reference: [String] = []
        for query in Self.queries {
            let answer = try await scratch.run(query + ["--log-dir", fresh])
            #expect(answer.status == 0, "\(query): \(answer.stderr)")
            reference.append(answer.stdout)
        }
        let files = StateFiles(logDirectory: log)
        let saved = scratch.url.appendingPathComponent("saved-state").path
        try files.save(to: saved)
        let pages = try StatePages(try files.generation())
        #expect(!pages.tables.isEmpty && !pages.indexes.isEmpty && !pages.values.isEmpty)

        var random = SplitMixGenerator(36)
        var (same, refused, noticed) = (0, 0, 0)
        var wrong: [String] = []
        for number in 0..<Self.cases {
            try files.restore(from: saved)
            let place = Place.allCases[number % Place.allCases.count]
            let bits = [1, 8, 64][(number / Place.allCases.count) % 3]
            let (offset, bit) = Self.target(place, pages, &random)
            try StateFiles.flip(try files.generation(), at: offset, bit: bit, count: bits)
            let index = Int(random.next() % UInt64(Self.queries.count))
            let answer = try await scratch.run(Self.queries[index] + ["--log-dir", log])
            let flip = "case \(number): \(bits) bit(s) at byte \(offset) (\(place.rawValue), page \(offset / pages.pageSize + 1)), "
                + "\(Self.queries[index].joined(separator: " "))"
            if answer.stderr.contains("was damaged") { noticed += 1 }
            if answer.status == 0 {
                if answer.stdout == reference[index] { same += 1 } else { wrong.append(flip) }
            } else {
                refused += 1
                #expect(answer.status < 128 && answer.stderr.contains("error:"), "\(flip): exit \(answer.status), \(answer.stderr)")
            }
        }
        #expect(wrong.isEmpty, "wrong answers with exit 0: \(wrong)")
        print("state bit flips: \(Self.cases) cases, \(same) answers equal to a rebuild's (\(noticed) after setting the damaged "
              + "state aside), \(refused) refused, \(wrong.count) wrong")
    }

    /// A byte and bit of the file in `place`.
    static func target(_ place: Place, _ pages: StatePages, _ random: inout SplitMixGenerator) -> (offset: Int, bit: Int) {
        func inPage(_ choices: [Int]) -> Int {
            let page = choices[Int(random.next() % UInt64(choices.count))]
            return (page - 1) * pages.pageSize + Int(random.next() % UInt64(pages.pageSize))
        }
        let offset: Int
        switch place {
        case .header: offset = Int(random.next() % 100)
        case .tablePage: offset = inPage(pages.tables)
        case .indexPage: offset = inPage(pages.indexes)
        case .value: offset = inPage(pages.values)
        case .anywhere: offset = Int(random.next() % UInt64(pages.pages * pages.pageSize))
        }
        return (offset, Int(random.next() % 8))
    }
}
