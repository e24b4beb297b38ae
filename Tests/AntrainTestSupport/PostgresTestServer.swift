import AntrainLog
import AntrainPostgres
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

    /// A new, empty database of the server, for a test whose statements lock a whole table
    /// (`TRUNCATE`): in the shared database, every other test's reads would queue behind it.
    package func newDatabase() async throws -> PostgresConnection.Configuration {
        let name = "test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        let connection = try await PostgresConnection.connect(configuration: configuration, id: 30, logger: .init(label: "test-server"))
        do {
            try await connection.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \(name)"), logger: .init(label: "test-server"))
        } catch {
            try? await connection.close()
            throw error
        }
        try await connection.close()
        var made = configuration
        made.database = name
        return made
    }

    /// How long a test's append waits for another's lock: far beyond what any load makes
    /// an append take (the test process's threads are busy with others), so that a wait is
    /// never a failure; the lock timeout's own message is tested with a short one.
    package static let lockTimeout: Duration = .seconds(900)

    /// The server's URL, as `antrain-log --store` takes it.
    package var url: String { "postgresql://postgres@/postgres?host=\(directory)" }

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
        let stop = (getuid() == 0 ? ["/usr/sbin/runuser", "-u", "postgres", "--"] : [])
            + [binaries + "/pg_ctl", "-D", directory + "/data", "-m", "immediate", "-w", "stop"]
        let folder = directory
        Self.stopAtExit.withLock { $0 = { Self.stop(stop, folder: folder) } }
        atexit { PostgresTestServer.stopAtExit.withLock { $0 }?() }
        try startReaper(stopping: stop)
        // The tables, made once before any test opens a log: tests running at once then never
        // wait for one another's creation of them.
        do {
            try PostgresStateBackend.open(configuration, log: "server-setup", create: true).close()
        } catch {
            throw PostgresTestServerError(message: "the test server's tables could not be made: \(error)")
        }
    }

    private static let stopAtExit = Locked<(@Sendable () -> Void)?>(nil)

    /// Stops the server when this process ends in a way that runs no exit handler (a
    /// sanitizer's halt, a crash, kill -9): a shell waits for the end of a pipe only this
    /// process holds, then runs `stopCommand`. A server left running would keep the test
    /// run's output open (its processes inherit nothing now, but the runner waits for every
    /// holder) and its folder on disk.
    private func startReaper(stopping stopCommand: [String]) throws(PostgresTestServerError) {
        var ends: [Int32] = [0, 0]
        guard let pipe2 = SpawnedProcess.glibc("pipe2", as: (@convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32).self),
              pipe2(&ends, O_CLOEXEC) == 0 else {
            throw PostgresTestServerError(message: "cannot make the pipe that stops the test server: \(String(cString: strerror(errno)))")
        }
        let quoted = (stopCommand.map { "'\($0)'" } + [">/dev/null 2>&1; rm -rf '\(directory)'"]).joined(separator: " ")
        do {
            _ = try Self.spawn(["/bin/sh", "-c", "cat >/dev/null; " + quoted], input: ends[0], output: "/dev/null")
            close(ends[0])
        } catch {
            close(ends[0])
            close(ends[1])
            throw PostgresTestServerError(message: "cannot start the shell that stops the test server: \(error)")
        }
        // The write end stays open, unused, until this process ends.
        Self.reaperPipe.withLock { $0 = ends[1] }
    }

    private static let reaperPipe = Locked<Int32>(-1)

    private static func stop(_ command: [String], folder: String) {
        (try? spawn(command, output: "/dev/null"))?.waitUntilExit()
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Starts `argv` with `input` (a descriptor, else /dev/null) as its standard input and
    /// both outputs appended to `output`, inheriting no other descriptor of this process: the
    /// server outlives the spawn, and an open pipe of the test run's would keep the runner
    /// waiting after a crash.
    private static func spawn(_ argv: [String], input: Int32? = nil, output: String) throws -> SpawnedProcess {
        try SpawnedProcess(executable: argv[0], arguments: Array(argv.dropFirst()),
                           stdin: input.map { .descriptor($0) } ?? .null, stdout: .appending(output), stderr: .descriptor(1))
    }

    /// Runs a command to its end (as the `postgres` user when this process is root), its
    /// output in `commands.log` of the folder. Spawned and reaped here rather than with
    /// Foundation's `Process`, whose `waitUntilExit` never returned once `pg_ctl` had left
    /// the server running.
    private func run(_ program: String, _ arguments: [String], asServer: Bool = true) throws(PostgresTestServerError) {
        let asPostgres = asServer && getuid() == 0
        let argv = (asPostgres ? ["/usr/sbin/runuser", "-u", "postgres", "--", program] : [program]) + arguments
        let output = directory + "/commands.log"
        let process: SpawnedProcess
        do { process = try Self.spawn(argv, output: output) } catch {
            throw PostgresTestServerError(message: "cannot run \(argv[0]): \(error)")
        }
        let status = process.rawWaitStatus
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
