import Foundation
import Glibc

/// Caps this process's address space (an exit test's) at what it maps now plus `spare` bytes:
/// an allocation that a length field asks for and the input does not justify then fails and
/// ends the process, as libFuzzer's malloc limit does, instead of passing unseen as untouched
/// virtual memory. Under a sanitizer what it maps now includes the shadow memory the runtime
/// reserved at start (tens of terabytes), so the spare stays the same there too
/// (`AddressSpaceLimitTests`).
func limitAddressSpace(spare: Int) {
    var limit = rlimit(rlim_cur: rlim_t(mappedBytes() + spare), rlim_max: rlim_t.max)
    precondition(setrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit) == 0, "setrlimit: errno \(errno)")
}

/// The address space this process maps now (VmSize).
func mappedBytes() -> Int {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmSize:") } ?? ""
    // "VmSize:\t  812345 kB": the figure is padded to 8 places after the tab, so a wider one
    // (a sanitizer's) follows the tab directly. Split on any white space, and never guess 0:
    // a limit of `spare` alone ended every replay under a sanitizer before it read its input.
    let kilobytes = line.split(whereSeparator: \.isWhitespace).dropFirst().first.flatMap { Int($0) }
    guard let kilobytes else { preconditionFailure("no VmSize in /proc/self/status: \(status)") }
    return kilobytes * 1024
}

/// Whether `bytes` of fresh address space can be mapped now; unmapped again at once.
func canMap(_ bytes: Int) -> Bool {
    let region = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
    guard let region, region != UnsafeMutableRawPointer(bitPattern: -1) else { return false }
    munmap(region, bytes)
    return true
}
