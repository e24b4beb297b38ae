import AntrainEvents
import AntrainJSON
import AntrainLog
import ArgumentParser

/// `antrain-log repair`: moves a damaged tail into quarantine so the log accepts appends again.
struct RepairCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "repair",
        abstract: "Move the damaged part of a log into quarantine so that it accepts appends again.",
        discussion: """
            Verifies the whole log; when it finds damage, moves the first damaged block and \
            everything after it into <log-dir>/quarantine/repair-<time>/ and cuts the log back \
            to the last good block. Nothing is deleted: the moved bytes stay in quarantine. \
            The events from the new end offset to the old one are no longer in the log; \
            append them again from their source if you have it. On a sound log it changes \
            nothing. Needs the writer lock (exit 73 while another process holds it).

            Examples:
              antrain-log repair
              antrain-log repair --log-dir /var/lib/antrain/log --format json
            """
    )

    @OptionGroup var global: GlobalOptions

    func run() async throws {

        _ = try global.textOrJSON("repair")  // refuse --format csv before doing anything
        try await CommandRunner.run(global) { place in
            let log = try await LogAccess.openForWriting(place, create: false)
            let repair = try await log.repair()
            try await log.close()
            var output = Output()
            switch try global.textOrJSON("repair") {
            case .json: output.jsonLine(Self.json(repair, cut: log.openingCut))
            case .text: Self.text(repair, cut: log.openingCut).forEach { output.line($0) }
            }
            output.flush()
        }
    }

    /// The JSON contract of `repair` (docs/CLI.md): one object.
    static func json(_ repair: RepairReport, cut: TailCut?) -> JSONValue {
        var object = JSONObjectBuilder()
        object.add("repaired", .bool(repair.damage != nil))
        object.add("damage", ifPresent: repair.damage.map { ReportShapes.json($0) })
        object.add("quarantined", .array(repair.quarantined.map { .string($0) }))
        object.add("bytesMoved", .integer(repair.bytesMoved))
        object.add("previousEndOffset", .integer(repair.previousEndOffset))
        object.add("endOffset", .integer(repair.endOffset))
        object.add("chainHead", .string(repair.chainHead))
        object.add("openingCut", ifPresent: cut.map { ReportShapes.json($0) })
        return object.value
    }

    /// Lines for people: what was damaged, what moved where, which offsets left the log.
    static func text(_ repair: RepairReport, cut: TailCut?) -> [String] {
        var lines: [String] = []
        if let cut { lines.append(ReportShapes.text(cut)) }
        guard let damage = repair.damage else {
            lines.append("nothing to repair: every checksum and every hash-chain link holds")
            lines.append("end offset:  \(repair.endOffset)")
            lines.append("chain head:  \(repair.chainHead)")
            return lines
        }
        lines.append("repaired:    \(damage)")
        lines.append("quarantined: \(ReportShapes.bytes(repair.bytesMoved)) moved to")
        lines += repair.quarantined.map { "  \($0)" }
        if repair.endOffset < repair.previousEndOffset {
            lines.append("lost events: offsets \(repair.endOffset)..<\(repair.previousEndOffset) are no longer in the log (their bytes are in quarantine)")
        }
        lines.append("end offset:  \(repair.endOffset)")
        lines.append("chain head:  \(repair.chainHead)")
        return lines
    }
}
