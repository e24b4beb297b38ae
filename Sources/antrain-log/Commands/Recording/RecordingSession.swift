import AntrainEvents
import AntrainJSON
import AntrainLog
import AntrainProjections
import AntrainRecording
import ArgumentParser
import Foundation

/// One recording command's time with the log: opened for writing (so a second writer is
/// refused with exit 73 before anything is checked), a ``Recorder`` that checks each command
/// against the rules, and the report printed once the log is closed.
///
/// A refusal of the rules (``CommandError``) becomes exit 65 with the rule's message and a
/// fix; the recorder appends nothing then, so bad input never leaves a trace in the log.
struct RecordingSession {
    let log: any LogWriter
    /// Where the log is, and so its read models' state.
    let place: LogPlace
    let recorder: Recorder

    /// Runs `body` on the log at `--log-dir` and prints what it returns.
    static func run(_ global: GlobalOptions, _ name: String, _ body: (RecordingSession) async throws -> Recorded) async throws {
        let format = try global.textOrJSON(name)  // refuse --format csv before opening the log
        try await CommandRunner.run(global) { place in
            let log: any LogWriter
            do {
                try LogAccess.requireLog(place)
                log = try await LogAccess.openForWriting(place, create: false)
            } catch let failure as CommandFailure where failure.status == .noInput {
                throw CommandFailure(message: failure.message,
                                     fix: "create the log and its preset library with antrain-log seed \(place.options)",
                                     status: failure.status)
            }
            if let cut = log.openingCut { Output.error("note: \(ReportShapes.text(cut))") }
            let recorded: Recorded
            let before = try await log.end().nextOffset
            do {
                // The rules' facts are kept in the log's state store beside the queries' models,
                // so that a command folds only what came since the last one, not the whole diary.
                let recorder = try Recorder(log: log, stateBackend: try StateAccess.backend(place))
                recorded = try await body(RecordingSession(log: log, place: place, recorder: recorder))
            } catch let error as StateStoreError where error.isDamage {
                // This process holds the writer lock: a longer log is its own append. Then the
                // command must not run again (CommandRunner would), and says what it did.
                let appended = (try? await log.end().nextOffset).map { $0 != before } ?? true
                try? await log.close()
                guard appended else { throw error }
                _ = try? StateAccess.setAside(damaged: error, place: place)
                throw CommandFailure(message: "the command was recorded, but the projections' state was found damaged as it was read back: \(error)",
                                     fix: "nothing more is needed: the state was set aside and the next command rebuilds it from the log; "
                                        + "antrain-log tail \(place.options) shows what was recorded",
                                     status: .ioFailure)
            } catch {
                try? await log.close()
                throw error
            }
            try await log.close()
            var output = Output()
            switch format {
            case .text: output.line(recorded.text)
            case .json: output.jsonLine(recorded.json.value)
            }
            output.flush()
        }
    }

    /// The facts the rules check against, caught up with the log.
    func facts() async throws -> RecorderFacts { try await recorder.facts() }

    /// Name lookups in the current facts.
    func names() async throws -> LibraryNames { names(try await facts()) }

    /// Name lookups in `facts`, read before by the caller: the library the rules then see.
    func names(_ facts: RecorderFacts) -> LibraryNames { LibraryNames(library: facts.library) }

    /// Checks and records `command`; a refusal becomes a ``CommandFailure`` with a fix.
    func execute(_ command: Command) async throws {
        do {
            try await recorder.execute(command)
        } catch let error as CommandError {
            throw CommandFailure(message: error.message, fix: RefusalFixes.fix(for: error.code), status: .rejectedInput)
        }
    }

    /// The units plain numbers are read in: the last `SettingsChanged`, else kg and km.
    func units() async throws -> UnitSettings { try await facts().units() }
}

/// What a recording command prints: a line for people, an object for programs.
struct Recorded {
    var text: String
    var json = JSONObjectBuilder()

    init(_ text: String, _ fields: [(String, JSONValue)] = []) {
        self.text = text
        for (key, value) in fields { json.add(key, value) }
    }
}

extension JSONValue {
    /// A domain id as events spell it (upper case), so output matches `cat`'s events.
    static func id(_ id: UUID) -> JSONValue { .string(id.uuidString) }
}
