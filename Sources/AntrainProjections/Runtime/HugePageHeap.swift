#if canImport(Glibc)
import Glibc
#endif

/// Transparent huge pages for the C allocator's memory, through glibc's own
/// `glibc.malloc.hugetlb=1` tunable: call ``restartIfUseful(arguments:)`` first thing in a
/// process that replays a whole log.
///
/// ```swift
/// @main struct Rebuilder {
///     static func main() async throws {
///         HugePageHeap.restartIfUseful()     // returns at once, or runs this program anew
///         AllocatorTuning.forReadModels()
///         try await runner.rebuild()
///     }
/// }
/// ```
///
/// A full rebuild writes a gigabyte or more of fresh read models. With 4 KiB pages that is
/// hundreds of thousands of page faults, and in a virtual machine each costs microseconds:
/// a rebuild of 6 million events took 445,000 faults and up to a third of its CPU in the
/// kernel. With the tunable glibc asks the kernel (`madvise(MADV_HUGEPAGE)`) to back its
/// heap and its large blocks with 2 MiB pages: 112,000 faults for the same rebuild.
///
/// Most Linux distributions ship transparent huge pages in `madvise` mode, where only
/// memory that asks gets them, and glibc reads its tunables once, before `main`: so the
/// setting can only take effect in a process started with it. ``restartIfUseful(arguments:)``
/// starts the same program again (`execv`, same process id, same arguments, the tunable
/// added to `GLIBC_TUNABLES`) when that is worth it, and returns otherwise. It must run
/// before the process opens a file, takes a lock or prints anything: an exec keeps
/// descriptors open and drops buffered output.
public enum HugePageHeap {
    /// The glibc tunable, as `GLIBC_TUNABLES` names it.
    public static let tunable = "glibc.malloc.hugetlb"

    /// The kernel's policy for transparent huge pages
    /// (`/sys/kernel/mm/transparent_hugepage/enabled`).
    public enum KernelMode: String, Sendable, Equatable {
        /// Every anonymous mapping gets huge pages: nothing to ask for.
        case always
        /// Only memory advised with `MADV_HUGEPAGE`: what the tunable does.
        case madvise
        /// None at all.
        case never
        /// Not Linux, or the file is missing or unreadable.
        case unavailable
    }

    /// The kernel's current mode, read from sysfs.
    public static var kernelMode: KernelMode {
        #if os(Linux)
        guard let text = readSmallFile("/sys/kernel/mm/transparent_hugepage/enabled") else { return .unavailable }
        return kernelMode(parsing: text)
        #else
        return .unavailable
        #endif
    }

    /// The mode a sysfs `enabled` file names: the word in brackets, as in
    /// `always [madvise] never`.
    public static func kernelMode(parsing text: String) -> KernelMode {
        guard let open = text.firstIndex(of: "["), let close = text[open...].firstIndex(of: "]") else { return .unavailable }
        return KernelMode(rawValue: String(text[text.index(after: open)..<close])) ?? .unavailable
    }

    /// Whether this process's heap is on huge pages: the kernel gives them to every mapping,
    /// or gives them on request and glibc was started with the tunable.
    public static var isActive: Bool {
        switch kernelMode {
        case .always: return true
        case .madvise: return value(in: getenv("GLIBC_TUNABLES").map { String(cString: $0) }).map { $0 != "0" } ?? false
        case .never, .unavailable: return false
        }
    }

    /// The `GLIBC_TUNABLES` value that adds the tunable to `current` (nil when unset), or nil
    /// when `current` sets it already (to any value: a choice made outside is kept).
    public static func tunables(requestHugePages current: String?) -> String? {
        guard let current, !current.isEmpty else { return "\(tunable)=1" }
        if value(in: current) != nil { return nil }
        return "\(current):\(tunable)=1"
    }

    /// The value `tunables` (a `GLIBC_TUNABLES` text, `name=value` pairs joined by colons)
    /// gives the tunable, or nil.
    static func value(in tunables: String?) -> String? {
        guard let tunables else { return nil }
        for pair in tunables.split(separator: ":") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            if parts.count == 2, parts[0] == tunable { return String(parts[1]) }
        }
        return nil
    }

    /// Runs this program again from its start with the tunable set, when the kernel is in
    /// `madvise` mode and the process was not started with it; otherwise, or when the
    /// program cannot be executed again, returns and changes nothing.
    ///
    /// - Parameter arguments: the program's arguments, its name first (by default the
    ///   process's own).
    public static func restartIfUseful(arguments: [String] = CommandLine.arguments) {
        #if os(Linux) && canImport(Glibc)
        guard kernelMode == .madvise,
              let value = tunables(requestHugePages: getenv("GLIBC_TUNABLES").map { String(cString: $0) }) else { return }
        guard setenv("GLIBC_TUNABLES", value, 1) == 0 else { return }
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
        argv.append(nil)
        execv("/proc/self/exe", argv)
        // Only reached when the exec failed: carry on as started, with the environment as it was.
        for pointer in argv { free(pointer) }
        if value == "\(tunable)=1" { unsetenv("GLIBC_TUNABLES") } else {
            setenv("GLIBC_TUNABLES", String(value.dropLast(tunable.utf8.count + 3)), 1)
        }
        #endif
    }

    #if os(Linux)
    /// The text of a small file (a sysfs or procfs entry), or nil.
    private static func readSmallFile(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count], as: UTF8.self)
    }
    #endif
}
