import AntrainLog
import Foundation
import Glibc
import PostgresNIO

/// A throwaway PostgreSQL server for the tests of this process: a new cluster in a temporary
/// directory (`initdb`), listening only on a Unix socket in that directory (no TCP port),
/// started on first use and stopped when the process exits.
///
/// ```swift
/// let server = try PostgresTestServer.shared()
/// let log = try await PostgresLog.open(server.configuration, log: "test-\(UUID())", create: true)
/// ```
///
/// Every test opens a log of its own name in the one database, as a coaching service keeps
/// many athletes' logs in one. As root (CI), the server runs as the `postgres` user
/// (`runuser`), since PostgreSQL refuses to run as root. It is never skipped: a machine
/// without PostgreSQL fails the test with the reason (`scripts/setup.sh` installs it).
package final class PostgresTestServer: Sendable {
    /// The folder of the cluster and its socket.
    package let directory: String
    /// Where its binaries are.
    let binaries: String

    /// The connection settings of the server's superuser database.
    package var configuration: PostgresConnection.Configuration {
        PostgresConnection.Configuration(unixSocketPath: directory + "/.s.PGSQL.5432", username: "postgres",
                                         password: nil, database: "postgres")
    }

    private static let started = Locked<Result<PostgresTestServer, PostgresTestServerError>?>(nil)

    /// The server of this process, started on the first call.
    package static func shared() throws -> PostgresTestServer {
        let result = started.withLock { started -> Result<PostgresTestServer, PostgresTestServerError> in
            if let started { return started }
            let made = Result { () throws(PostgresTestServerError) in try PostgresTestServer() }
            started = made
            return made
        }
        return try result.get()
    }

    private init() throws(PostgresTestServerError) {
        guard let binaries = Self.findBinaries() else {
            throw PostgresTestServerError(message: "PostgreSQL is not installed (no initdb in /usr/lib/postgresql/*/bin or on PATH): "
                + "run scripts/setup.sh, which installs Debian's postgresql")
        }
        self.binaries = binaries
        directory = NSTemporaryDirectory() + "antrain-pg-\(UUID().uuidString.prefix(8))"
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        if getuid() == 0 {
            try run("/bin/chown", ["postgres:postgres", directory], asServer: false)
            try run("/bin/chmod", ["700", directory], asServer: false)
        }
        try run(binaries + "/initdb", ["-D", directory + "/data", "-U", "postgres", "-A", "trust", "-E", "UTF8", "--no-sync"])
        try run(binaries + "/pg_ctl", ["-D", directory + "/data", "-l", directory + "/server.log", "-w", "-t", "120",
                                        "-o", "-c listen_addresses='' -k \(directory) -c max_connections=200", "start"])
        let stop = binaries + "/pg_ctl"
        let data = directory + "/data"
        let folder = directory
        let asRoot = getuid() == 0
        Self.stopAtExit.withLock { $0 = { Self.stop(stop, data: data, folder: folder, asRoot: asRoot) } }
        atexit { PostgresTestServer.stopAtExit.withLock { $0 }?() }
    }

    private static let stopAtExit = Locked<(@Sendable () -> Void)?>(nil)

    private static func stop(_ pgCtl: String, data: String, folder: String, asRoot: Bool) {
        let argv = (asRoot ? ["/usr/sbin/runuser", "-u", "postgres", "--", pgCtl] : [pgCtl]) + ["-D", data, "-m", "immediate", "-w", "stop"]
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        var pid: pid_t = 0
        let cArguments = argv.map { strdup($0) } + [nil]
        defer { cArguments.forEach { free($0) } }
        if posix_spawn(&pid, argv[0], &actions, nil, cArguments, environ) == 0 {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        }
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Runs a command to its end (as the `postgres` user when this process is root), its
    /// output in `commands.log` of the folder. Spawned and reaped here rather than with
    /// Foundation's `Process`, whose `waitUntilExit` never returned once `pg_ctl` had left
    /// the server running.
    private func run(_ program: String, _ arguments: [String], asServer: Bool = true) throws(PostgresTestServerError) {
        let asPostgres = asServer && getuid() == 0
        let argv = (asPostgres ? ["/usr/sbin/runuser", "-u", "postgres", "--", program] : [program]) + arguments
        let output = directory + "/commands.log"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        var pid: pid_t = 0
        let cArguments = argv.map { strdup($0) } + [nil]
        defer { cArguments.forEach { free($0) } }
        let code = posix_spawn(&pid, argv[0], &actions, nil, cArguments, environ)
        guard code == 0 else { throw PostgresTestServerError(message: "cannot run \(argv[0]): \(String(cString: strerror(code)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        let exited = status & 0x7f == 0
        let exitCode = (status >> 8) & 0xff
        guard exited, exitCode == 0 else {
            let commands = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
            let log = (try? String(contentsOfFile: directory + "/server.log", encoding: .utf8)) ?? ""
            throw PostgresTestServerError(message: "\(argv.joined(separator: " ")) failed (status \(status)): "
                + "\(commands.suffix(2_000)) \(log.suffix(2_000))")
        }
    }

    /// The newest `/usr/lib/postgresql/N/bin`, else the folder of `initdb` on PATH.
    private static func findBinaries() -> String? {
        let root = "/usr/lib/postgresql"
        let versions = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).compactMap(Int.init).sorted()
        if let newest = versions.last, FileManager.default.isExecutableFile(atPath: "\(root)/\(newest)/bin/initdb") {
            return "\(root)/\(newest)/bin"
        }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return path.split(separator: ":").map(String.init).first { FileManager.default.isExecutableFile(atPath: $0 + "/initdb") }
    }
}

/// Why the test server could not start.
package struct PostgresTestServerError: Error, CustomStringConvertible, Sendable {
    package let message: String
    package var description: String { message }
}
