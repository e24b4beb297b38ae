import AntrainEvents
import AntrainJSON
import AntrainLog
import AntrainProjections
import ArgumentParser
import Foundation

/// `antrain-log verify`: checks every block and the whole hash chain.
struct VerifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check every checksum and hash-chain link of a log; exit 0 only when it is sound.",
        discussion: """
            Opens the log for writing when it can, so that a torn last block (an interrupted \
            write) is cut into quarantine and reported first, and damage found is recorded so \
            that appends are refused until `repair`. When another process holds the writer \
            lock, verifies read-only instead (an incomplete last block then counts as a write \
            in progress, and nothing is recorded).

            Prints the chain head: the SHA-256 hash of the last block, which covers every \
            block before it. Write it down; --expect-head later proves that the log still \
            contains that block unchanged, and hence everything before it.

            Then checks the read models' state (projections/state.sqlite) whole: every page's \
            checksum, every table and index read through, SQLite's integrity check. It names \
            the read models whose state is damaged and exits 4 when only the state is: the \
            state is derived from the log, and `rebuild` (or the next query) sets it aside \
            and makes it anew.

            Shows a progress bar on stderr when stderr is a terminal.

            Examples:
              antrain-log verify
              antrain-log verify --format json
              antrain-log verify --expect-head 9c1f0e4b2a7d5c8e3f6a1b9d0c7e2f4a8b5d3c6e9f1a0b7c2d4e8f5a3b6c9d0e
            """
    )

    @OptionGroup var global: GlobalOptions

    @Option(name: .long, help: ArgumentHelp(
        "Also fail (exit 3) unless the verified log contains the block with this hash (64 hex digits, from an earlier verify or info).",
        valueName: "hex"))
    var expectHead: String?

    func validate() throws {
        if let expectHead, ChainHash(hex: expectHead) == nil {
            throw ValidationError("--expect-head must be 64 hexadecimal digits, as printed by verify or info (got '\(expectHead)').")
        }
    }

    func run() async throws {

        _ = try global.textOrJSON("verify")  // refuse --format csv before doing anything
        try await CommandRunner.run(global) { place in
            try LogAccess.requireLog(place)
            // Verified through a writer when the lock is free (damage is then recorded and the
            // indexes rewritten), else read-only beside the process that holds it.
            let log: any LogReader
            var cut: TailCut?
            var lockHolder: Int32??
            do {
                // Not waiting for the lock: beside a writer, verify reads instead.
                let writer = try await LogAccess.openForWriting(place, create: false, waiting: false)
                cut = writer.openingCut
                log = writer
            } catch let LogError.locked(_, pid) {
                log = try await LogAccess.openForReading(place)
                lockHolder = .some(pid)
            }
            let report = try await Self.verify(log)
            var headFound: Bool?
            if let expectHead { headFound = try await Self.contains(log, head: expectHead, verified: report) }
            try await log.close()
            let state = try StateAccess.verifyState(place)
            let outcome = Outcome(report: report, cut: cut, lockHolder: lockHolder, expectHead: expectHead?.lowercased(),
                                  headFound: headFound, state: state)
            var output = Output()
            switch try global.textOrJSON("verify") {
            case .json: output.jsonLine(outcome.json)
            case .text: outcome.text.forEach { output.line($0) }
            }
            output.flush()
            if !report.ok { throw ExitCode.damaged }
            if headFound == false { throw ExitCode.headMismatch }
            if !state.ok { throw ExitCode.stateDamaged }
        }
    }

    /// Runs the engine's verification, with a progress bar when stderr is a terminal.
    static func verify(_ log: any LogReader) async throws -> VerificationReport {
        guard Output.standardErrorIsTerminal else { return try await log.verify() }
        let bar = ProgressBar(label: "verifying")
        defer { bar.finish() }
        return try await log.verify { progress in bar.update(done: progress.bytesDone, total: progress.bytesTotal) }
    }

    /// Whether a block of the verified part of the log has hash `head`.
    ///
    /// Verification checked each block's stored hash against its bytes and the chain links, so
    /// a stored hash in the verified part can be trusted, and finding `head` there proves the
    /// block and all before it unchanged. The final head is compared first: the common case
    /// costs no extra reading.
    static func contains(_ log: any LogReader, head: String, verified report: VerificationReport) async throws -> Bool {
        guard let wanted = ChainHash(hex: head) else { return false }
        if report.chainHead == wanted.hex || wanted == .zero { return true }
        do {
            var batches = log.makeBatchIterator(ReadFilter(startOffset: 0, endOffset: report.events))
            while let batch = try batches.nextBatch() {
                if batch.end?.chainHash == wanted { return true }
            }
        } catch LogError.damaged {
            // Damage beyond the verified part: the answer is "not in the verified part".
        }
        return false
    }

    /// Everything verify reports, in the shapes docs/CLI.md promises.
    struct Outcome {
        var report: VerificationReport
        var cut: TailCut?
        /// Set (to the holder's pid, if known) when verification ran read-only because of the lock.
        var lockHolder: Int32??
        var expectHead: String?
        var headFound: Bool?
        /// The check of the read models' state.
        var state: StateVerification

        var json: JSONValue {
            var object = JSONObjectBuilder()
            object.add("ok", .bool(report.ok))
            object.add("events", .integer(report.events))
            object.add("segments", .integer(report.segments))
            object.add("blocks", .integer(report.blocks))
            object.add("bytesOnDisk", .integer(report.bytesOnDisk))
            object.add("uncompressedBytes", .integer(report.uncompressedBytes))
            object.add("chainHead", .string(report.chainHead))
            object.add("problems", .array(report.problems.map { problem in
                .object([("kind", .string(problem.kind)), ("damage", ReportShapes.json(problem.damage))])
            }))
            object.add("notes", .array(report.notes.map { .string($0) }))
            object.add("readOnly", .bool(lockHolder != nil))
            object.add("lockHolderPid", ifPresent: lockHolder.flatMap { $0 }.map { .integer($0) })
            object.add("openingCut", ifPresent: cut.map { ReportShapes.json($0) })
            if let expectHead, let headFound {
                object.add("expectHead", .object([("hash", .string(expectHead)), ("found", .bool(headFound))]))
            }
            var state = JSONObjectBuilder()
            state.add("ok", .bool(self.state.ok))
            state.add("file", ifPresent: self.state.file.map { .string($0) })
            state.add("pages", .integer(self.state.pages))
            state.add("damagedPages", .array(self.state.damagedPages.map { .integer($0) }))
            state.add("damagedModels", .array(self.state.damagedModels.map { .string($0) }))
            state.add("problems", .array(self.state.problems.map { .string($0) }))
            object.add("state", state.value)
            return object.value
        }

        var text: [String] {
            var lines: [String] = []
            if let cut { lines.append(ReportShapes.text(cut)) }
            if let lockHolder {
                let holder = lockHolder.map { "process \($0)" } ?? "another process"
                lines.append("note: \(holder) holds the writer lock, so this check ran read-only: an incomplete last block "
                    + "counts as a write in progress, and damage found is not recorded for the writer")
            }
            lines += [
                "segments:           \(report.segments)",
                "blocks:             \(report.blocks)",
                "events:             \(report.events)",
                "bytes on disk:      \(ReportShapes.bytes(report.bytesOnDisk))",
                "uncompressed bytes: \(ReportShapes.bytes(report.uncompressedBytes))",
                "chain head:         \(report.chainHead)",
            ]
            lines += report.notes.map { "note: \($0)" }
            lines += report.problems.map { "problem: \($0.kind) in \($0.damage)" }
            if let expectHead, let headFound {
                lines.append("expected head:      \(expectHead) \(headFound ? "found" : "NOT FOUND in the verified log")")
            }
            if state.file == nil {
                lines.append("state:              none yet (the first query builds it)")
            } else if state.ok {
                lines.append(state.pages > 0 ? "state:              OK: \(state.pages) pages, every checksum holds, every table reads whole"
                                             : "state:              OK: every table reads whole")
            } else {
                lines += state.problems.map { "state problem: \($0)" }
                let models = state.damagedModels.isEmpty ? "no read model" : state.damagedModels.joined(separator: ", ")
                lines.append("state:              DAMAGED: \(state.damagedPages.count) of \(state.pages) pages; affects \(models); "
                    + "run antrain-log rebuild, which sets it aside and makes it anew from the log")
            }
            if report.ok {
                lines.append("result: OK: every checksum and every hash-chain link holds")
            } else {
                let count = report.problems.count
                lines.append("result: DAMAGED: \(count) problem\(count == 1 ? "" : "s"); run antrain-log repair to move the damaged tail to quarantine")
            }
            return lines
        }
    }
}
