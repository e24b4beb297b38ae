import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A child process started with `posix_spawn`: the one way the tests start a process.
///
/// Foundation's `Process.run()` in Swift 6.3.1 on Linux reads past glibc's `readdir` buffer
/// while it lists `/proc/self/fd` to close the child's descriptors
/// (swift-corelibs-foundation#5472). Now and then that read crosses into an unmapped page and
/// the whole test process dies of SIGSEGV in `memmove`, in whichever test happened to start a
/// process; the more descriptors are open (a test server's connections, logs, pipes), the
/// longer the listing and the likelier the crash. A CI run was lost to it with 1,378
/// descriptors open. The child here gets what `Process` gave it: its standard streams, a
/// working directory, an environment, no other descriptor of ours (`closefrom` in the child),
/// and default signal handling.
///
/// ```swift
/// let (status, output, _) = try SpawnedProcess.run("/usr/bin/lz4", ["-t", path])
/// ```
public final class SpawnedProcess: @unchecked Sendable {
    /// Where one of the child's standard streams goes.
    public enum Stream: Sendable {
        /// A file: read from for standard input; created or truncated for an output.
        case path(String)
        /// A file an output is appended to (created if missing).
        case appending(String)
        /// A descriptor of this process (a pipe's end, or 1 for "where stdout went").
        case descriptor(Int32)

        /// Nothing in, nothing kept.
        public static let null = Stream.path("/dev/null")
    }

    /// The child's process id.
    public let processIdentifier: pid_t
    private let lock = NSLock()
    /// The wait status, once reaped.
    private var waitStatus: Int32?

    /// Starts `executable` with `arguments`, in `workingDirectory` (nil: ours) and with exactly
    /// `environment` (nil: ours), its standard streams as given.
    public init(executable: String, arguments: [String], environment: [String: String]? = nil,
                workingDirectory: String? = nil, stdin: Stream = .null, stdout: Stream = .null,
                stderr: Stream = .null) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (descriptor, stream) in [(Int32(0), stdin), (1, stdout), (2, stderr)] {
            switch stream {
            case let .path(path) where descriptor == 0:
                posix_spawn_file_actions_addopen(&actions, descriptor, path, O_RDONLY, 0)
            case let .path(path):
                posix_spawn_file_actions_addopen(&actions, descriptor, path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            case let .appending(path):
                posix_spawn_file_actions_addopen(&actions, descriptor, path, O_WRONLY | O_CREAT | O_APPEND, 0o644)
            case let .descriptor(source):
                posix_spawn_file_actions_adddup2(&actions, source, descriptor)
            }
        }
        // The test process holds logs, locks and sockets open: none of them goes to the child.
        guard let closeFrom = Self.addCloseFrom, closeFrom(&actions, 3) == 0 else {
            throw POSIXError(.ENOSYS, userInfo: [NSLocalizedDescriptionKey: "glibc's posix_spawn file action closefrom is missing"])
        }
        if let workingDirectory {
            guard let chdir = Self.addChdir, chdir(&actions, workingDirectory) == 0 else {
                throw POSIXError(.ENOSYS, userInfo: [NSLocalizedDescriptionKey: "glibc's posix_spawn file action chdir is missing"])
            }
        }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var everySignal = sigset_t()
        sigfillset(&everySignal)
        posix_spawnattr_setsigdefault(&attributes, &everySignal)
        var noSignal = sigset_t()
        sigemptyset(&noSignal)
        posix_spawnattr_setsigmask(&attributes, &noSignal)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = (environment ?? ProcessInfo.processInfo.environment).map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid = pid_t()
        var code = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        // A program just written (an installed copy) is "busy" while any process still holds a
        // descriptor that may write it: a child another test's thread forked in that moment,
        // before its exec closed it. That lasts as long as the other child's start: try again,
        // a bounded number of times, as the file is not being written any more.
        var attempts = 1
        while code == ETXTBSY, attempts < Self.busyAttempts {
            usleep(20_000)
            code = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
            attempts += 1
        }
        guard code == 0 else {
            throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO,
                             userInfo: [NSLocalizedDescriptionKey: "cannot start \(executable): \(String(cString: strerror(code)))"])
        }
        processIdentifier = pid
    }

    /// How many times a start refused with ETXTBSY is tried (see `init`).
    static let busyAttempts = 250

    /// Copies the program at `source` to `destination` (made executable), through a descriptor
    /// closed on exec, so that no child another thread starts meanwhile keeps it open for
    /// writing (which makes running the copy fail with "Text file busy").
    public static func copyExecutable(from source: String, to destination: String) throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: source))
        let descriptor = open(destination, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o755)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(descriptor) }
        try bytes.withUnsafeBytes { raw in
            var written = 0
            while written < raw.count {
                let count = write(descriptor, raw.baseAddress! + written, raw.count - written)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
                written += count
            }
        }
    }

    /// Starts the program, waits for its end and returns its status and both outputs (kept in
    /// temporary files meanwhile, so that neither can fill a pipe and stall it).
    public static func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil,
                           stdin: Stream = .null) throws -> (status: Int32, stdout: Data, stderr: Data) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("spawn-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("stdout"), err = folder.appendingPathComponent("stderr")
        let process = try SpawnedProcess(executable: executable, arguments: arguments, environment: environment,
                                         stdin: stdin, stdout: .path(out.path), stderr: .path(err.path))
        process.waitUntilExit()
        return (process.terminationStatus, try Data(contentsOf: out), try Data(contentsOf: err))
    }

    /// Reaps a child nobody waited for, on a thread of its own, once it ends. A child left a
    /// zombie stalls every exit test of the run: Swift Testing's monitor thread asks
    /// `waitid(P_ALL, WNOWAIT)` for an ended child, and is told of the same unreaped one
    /// again and again.
    deinit {
        guard waitStatus == nil else { return }
        let pid = processIdentifier
        Thread.detachNewThread {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) == -1, errno == EINTR {}
        }
    }

    /// Whether the child has not ended yet (reaping it when it has).
    public var isRunning: Bool { reap(blocking: false) == nil }

    /// Waits for the child to end.
    public func waitUntilExit() { _ = reap(blocking: true) }

    /// The exit status, or the number of the signal that ended it (as `Process` gives it).
    public var terminationStatus: Int32 {
        let status = rawWaitStatus
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : signal
    }

    /// Whether a signal ended the child (waiting for its end).
    public var endedBySignal: Bool { rawWaitStatus & 0x7f != 0 }

    /// The status `waitpid` gave (waiting for the end).
    public var rawWaitStatus: Int32 { reap(blocking: true) ?? 0 }

    /// Asks the child to end (SIGTERM); ``waitUntilExit()`` then reaps it.
    public func terminate() { kill(processIdentifier, SIGTERM) }

    private func reap(blocking: Bool) -> Int32? {
        lock.lock()
        defer { lock.unlock() }
        if let waitStatus { return waitStatus }
        var status: Int32 = 0
        while true {
            let result = waitpid(processIdentifier, &status, blocking ? 0 : WNOHANG)
            if result == -1, errno == EINTR { continue }
            guard result == processIdentifier else { return nil }
            waitStatus = status
            return status
        }
    }

    private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    private typealias Chdir = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 on) and `…_addchdir_np`
    /// (2.29 on), GNU extensions that Swift's Glibc module does not declare.
    private static let addCloseFrom: CloseFrom? = glibc("posix_spawn_file_actions_addclosefrom_np", as: CloseFrom.self)
    private static let addChdir: Chdir? = glibc("posix_spawn_file_actions_addchdir_np", as: Chdir.self)

    /// A function of the C library that Swift's Glibc module does not declare (it is built
    /// without _GNU_SOURCE), looked up by name.
    package static func glibc<Function>(_ name: String, as _: Function.Type) -> Function? {
        guard let address = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
        return unsafeBitCast(address, to: Function.self)
    }
}
