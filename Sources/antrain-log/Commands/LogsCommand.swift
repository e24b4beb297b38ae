import AntrainJSON
import AntrainPostgres
import ArgumentParser
import Foundation

/// `antrain-log logs`: the logs of a PostgreSQL database, with their sizes and heads.
struct LogsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logs",
        abstract: "List the logs on a PostgreSQL server: names, events, last commit and chain head.",
        discussion: """
            A server keeps many logs (an athlete's, a team's) in one database; every other \
            command reaches one of them with --store URL --log NAME (or ANTRAIN_STORE and \
            ANTRAIN_LOG). Reads only: a database without Antrain's tables lists no log.

            JSON: one object per log, {"name", "events", "lastCommit"?, "chainHead"}.

            Examples:
              antrain-log logs --store postgresql://coach@db.example.net/antrain
              antrain-log logs --store 'postgresql:///antrain?host=/run/postgresql' --format json
            """
    )

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let format = try global.textOrJSON("logs")
        let server = try global.location.resolvedServer()
        try await CommandRunner.run(place: .server(server, name: "")) { _ in
            let logs = try await PostgresLog.logs(server.configuration)
            var output = Output()
            switch format {
            case .json:
                for log in logs { output.jsonLine(Self.json(log)) }
            case .text:
                var table = TextTable([.left("LOG"), .right("EVENTS"), .left("LAST COMMIT"), .left("CHAIN HEAD")])
                for log in logs {
                    table.add([log.name, String(log.events), log.lastCommit.map { TimeText.local($0) } ?? "",
                               String(log.chainHead.hex.prefix(16))])
                }
                if logs.isEmpty { output.line("no logs on \(server)") } else { table.lines.forEach { output.line($0) } }
            }
            output.flush()
        }
    }

    /// The JSON of one log (docs/CLI.md).
    static func json(_ log: PostgresLogSummary) -> JSONValue {
        var object = JSONObjectBuilder()
        object.add("name", .string(log.name))
        object.add("events", .integer(log.events))
        object.add("lastCommit", ifPresent: log.lastCommit.map { .string(TimeText.utc($0)) })
        object.add("chainHead", .string(log.chainHead.hex))
        return object.value
    }
}
