import AntrainEvents
import AntrainProjections
import ArgumentParser
import Foundation

/// One recording command's time with the log: opened for writing (so a second writer is
/// refused with exit 73 before anything is checked), a ``LegacyRecorder`` that checks each command
/// against the rules, and the report printed once the log is closed.
///
/// A refusal of the rules (``CommandError``) becomes exit 65 with the rule's message and a
/// fix; the recorder appends nothing then, so bad input never leaves a trace in the log.
struct RecordingSession {
    let log: EventLog
    let recorder: LegacyRecorder

    /// Runs `body` on the log at `--log-dir` and prints what it returns.
    static func run(_ global: GlobalOptions, _ name: String, _ body: (RecordingSession) async throws -> Recorded) async throws {
        let format = try global.textOrJSON(name)  // refuse --format csv before opening the log
        try await CommandRunner.run(global) { directory in
            let log: EventLog
            do {
                try LogAccess.requireLog(directory)
                log = try await LogAccess.openForWriting(directory, create: false)
            } catch let failure as CommandFailure where failure.status == ExitStatus.noInput {
                throw CommandFailure(message: failure.message,
                                     fix: "create the log and its preset library with antrain-log seed --log-dir \(shellQuoted(directory))",
                                     status: failure.status)
            }
            if let cut = log.openingCut { Output.error("note: \(ReportShapes.text(cut))") }
            let recorded: Recorded
            do {
                // The rules' state is checkpointed beside the queries' projections, so that a
                // command replays only what came since the last one, not the whole diary.
                let recorder = LegacyRecorder(log: log, checkpoints: CheckpointStore(logDirectory: directory))
                recorded = try await body(RecordingSession(log: log, recorder: recorder))
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

    /// The state the rules check against, caught up with the log.
    func state() async throws -> LegacyCommandState { try await recorder.currentState() }

    /// Name lookups in the current state.
    func names() async throws -> LibraryNames { names(try await state()) }

    /// Name lookups in `state`, read before by the caller; the library, for suggestions, is
    /// caught up in the log's state store (only what was appended since it was last read).
    func names(_ state: LegacyCommandState) -> LibraryNames {
        let log = self.log
        return LibraryNames(state: state) {
            let store = try ProjectionStore(logDirectory: log.directory.path.string, models: Library.models)
            return Library(try await store.catchUp(log).store)
        }
    }

    /// Checks and records `command`; a refusal becomes a ``CommandFailure`` with a fix.
    func execute(_ command: Command) async throws {
        do {
            try await recorder.execute(command)
        } catch let error as CommandError {
            throw CommandFailure(message: error.message, fix: RefusalFixes.fix(for: error.code), status: ExitStatus.rejectedInput)
        }
    }

    /// The units plain numbers are read in: the last `SettingsChanged`, else kg and km.
    func units() async throws -> (weight: MassUnit, distance: DistanceUnit) {
        var units: (MassUnit, DistanceUnit) = (.kilograms, .kilometres)
        for try await record in log.records(inStream: "settings") {
            if case let .event(event) = try EventCatalog.standard.decode(record), let settings = event as? SettingsChanged {
                units = (settings.weightUnit, settings.distanceUnit)
            }
        }
        return units
    }
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
