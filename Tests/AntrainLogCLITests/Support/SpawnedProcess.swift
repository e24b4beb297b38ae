import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A child process started with `posix_spawn`, for the tests that run the binary.
///
/// Foundation's `Process.run()` in Swift 6.3.1 on Linux reads past glibc's `readdir` buffer
/// while it lists the descriptors to close in the child (swift-corelibs-foundation#5472),
/// and now and then that read crosses into an unmapped page: the whole test process dies of
/// SIGSEGV, in whichever test happened to start a process. The suite starts thousands, so
/// the runs that crashed were CI runs lost to the toolchain, not to this package. The child
/// here gets the same things `Process` gave it: its standard streams from files, a working
/// directory, an environment, no other descriptor of ours (`closefrom` in the child), and
/// default signal handling.
final class SpawnedProcess: @unchecked Sendable {
    /// The child's process id.
    let processIdentifier: pid_t
    private let lock = NSLock()
    /// The wait status, once reaped.
    private var waitStatus: Int32?

    /// Starts `executable` with `arguments` and exactly `environment`, in `workingDirectory`,
    /// reading `stdin` and writing `stdout` and `stderr` (paths of existing files).
    init(executable: String, arguments: [String], environment: [String: String], workingDirectory: String,
         stdin: String, stdout: String, stderr: String) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, stdin, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_TRUNC, 0o644)
        // The test process holds logs, locks and sockets open: none of them goes to the child.
        guard let closeFrom = Self.addCloseFrom, closeFrom(&actions, 3) == 0,
              let chdir = Self.addChdir, chdir(&actions, workingDirectory) == 0 else {
            throw POSIXError(.ENOSYS, userInfo: [NSLocalizedDescriptionKey: "glibc's posix_spawn file actions closefrom and chdir are missing"])
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
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid = pid_t()
        let code = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard code == 0 else { throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO) }
        processIdentifier = pid
    }

    /// Whether the child has not ended yet (reaping it when it has).
    var isRunning: Bool { reap(blocking: false) == nil }

    /// Waits for the child to end.
    func waitUntilExit() { _ = reap(blocking: true) }

    /// The exit status, or the number of the signal that ended it (as `Process` gives it).
    var terminationStatus: Int32 {
        let status = reap(blocking: true) ?? 0
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : signal
    }

    /// Asks the child to end (SIGTERM).
    func terminate() { kill(processIdentifier, SIGTERM) }

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
    private static let addCloseFrom: CloseFrom? = symbol("posix_spawn_file_actions_addclosefrom_np", as: CloseFrom.self)
    private static let addChdir: Chdir? = symbol("posix_spawn_file_actions_addchdir_np", as: Chdir.self)

    private static func symbol<Function>(_ name: String, as _: Function.Type) -> Function? {
        guard let address = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
        return unsafeBitCast(address, to: Function.self)
    }
}
