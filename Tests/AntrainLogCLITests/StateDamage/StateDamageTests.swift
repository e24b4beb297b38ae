import AntrainTestSupport
import Foundation
import Glibc
import Testing

/// Issue 36: damage in the state is found and named, set aside and rebuilt; a full disk does
/// not stop a query that needs no write; damage in the log is told even when the answer comes
/// from the state.
@Suite("Damaged state, full disks and damaged logs, through the binary")
struct StateDamageTests {
    static let nutrition = ["nutrition", "--from", "2025-01-01", "--to", "2025-03-31", "--format", "json"]

    /// A generated log with its whole state built, and the nutrition answer of a fresh rebuild.
    static func builtLog(_ scratch: Scratch, at log: String? = nil) async throws -> (log: String, answer: String) {
        let log = log ?? scratch.log
        let generated = try await scratch.run(["generate", "--athletes", "1", "--weeks", "6", "--seed", "7", "--start", "2025-01-06",
                                               "--log-dir", log])
        #expect(generated.status == 0, "\(generated.stderr)")
        #expect(try await scratch.run(["rebuild", "--log-dir", log]).status == 0)
        let answer = try await scratch.run(nutrition + ["--log-dir", log])
        #expect(answer.status == 0, "\(answer.stderr)")
        return (log, answer.stdout)
    }

    @Test("verify names the model whose page is damaged (exit 4); the next query sets the file aside and answers right")
    func verifyNamesTheDamagedModel() async throws {
        let scratch = try Scratch()
        let (log, answer) = try await Self.builtLog(scratch)
        let files = StateFiles(logDirectory: log)
        let pages = try StatePages(try files.generation())
        let page = try #require(pages.owner.filter { $0.value == "daily_nutrition_days" }.keys.min())
        try StateFiles.flip(try files.generation(), at: (page - 1) * pages.pageSize + 200, bit: 3)

        let verify = try await scratch.run(["verify", "--format", "json", "--log-dir", log])
        #expect(verify.status == 4, "\(verify.stderr)")
        let report = try #require(try verify.jsonLines().first)
        #expect(report["ok"] as? Bool == true, "the log itself is sound")
        let state = try #require(report["state"] as? [String: Any])
        #expect(state["ok"] as? Bool == false)
        #expect(state["damagedModels"] as? [String] == ["daily-nutrition"])
        #expect(state["damagedPages"] as? [Int] == [page])

        let query = try await scratch.run(Self.nutrition + ["--log-dir", log])
        #expect(query.status == 0, "\(query.stderr)")
        #expect(query.stdout == answer)
        #expect(query.stderr.contains("note: the projections' state was damaged") && query.stderr.contains("checksum"))
        #expect(files.setAside().count == 1, "the damaged file is kept aside")
        let again = try await scratch.run(["verify", "--log-dir", log])
        #expect(again.status == 0, "\(again.stdout)")
    }

    @Test("rebuild rebuilds over a state file that is no database at all, and keeps it aside")
    func rebuildOverAMalformedFile() async throws {
        let scratch = try Scratch()
        let (log, answer) = try await Self.builtLog(scratch)
        let files = StateFiles(logDirectory: log)
        try Data((0..<40_000).map { UInt8(truncatingIfNeeded: $0 &* 7919) }).write(to: URL(fileURLWithPath: try files.generation()))
        let rebuild = try await scratch.run(["rebuild", "--log-dir", log])
        #expect(rebuild.status == 0, "\(rebuild.stderr)")
        #expect(rebuild.stderr.contains("damaged"))
        #expect(files.setAside().count == 1)
        let query = try await scratch.run(Self.nutrition + ["--log-dir", log])
        #expect(query.status == 0 && query.stdout == answer, "\(query.stderr)")
    }

    @Test("On a full disk, a query of a current state answers",
          .enabled(if: canMountTmpfs, "needs permission to mount a tmpfs"))
    func fullDisk() async throws {
        let scratch = try Scratch()
        try await withTmpfs(size: "6m") { mount in
            let (log, answer) = try await Self.builtLog(scratch, at: mount.path + "/log")
            // Fill what is left of the file system.
            #expect(FileManager.default.createFile(atPath: mount.path + "/filler", contents: nil))
            let filler = FileHandle(forWritingAtPath: mount.path + "/filler")
            let chunk = Data(count: 64 << 10)
            while (try? filler?.write(contentsOf: chunk)) != nil {}
            try? filler?.close()
            let query = try await scratch.run(Self.nutrition + ["--log-dir", log])
            #expect(query.status == 0, "\(query.stderr)")
            #expect(query.stdout == answer)
            #expect(!query.stderr.contains("state state"))
        }
    }

    @Test("A query answered from the state tells of damage in the log's last block, and of damage verify recorded")
    func damagedLogIsTold() async throws {
        let scratch = try Scratch()
        let (log, answer) = try await Self.builtLog(scratch)
        let segment = try #require(try FileManager.default.contentsOfDirectory(atPath: log).filter { $0.hasSuffix(".log") }.max())
        let path = log + "/" + segment
        let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        try StateFiles.flip(path, at: size - 40, bit: 2)

        let query = try await scratch.run(Self.nutrition + ["--log-dir", log])
        #expect(query.status == 0 && query.stdout == answer, "\(query.stderr)")
        #expect(query.stderr.contains("warning: the log is damaged") && query.stderr.contains("antrain-log verify"))
        #expect(try await scratch.run(["verify", "--log-dir", log]).status == 2)
        let after = try await scratch.run(["history", "--format", "json", "--log-dir", log])
        #expect(after.stderr.contains("warning: the log is damaged") && after.stderr.contains("repair"), "\(after.stderr)")
    }
}
