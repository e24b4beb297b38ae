// libFuzzer target (slow: files): the bytes, after a mode byte, as the only segment (and, by the
// mode, its index) of a log directory, read through the reader's file path and the public API
// (`EventLog.open` read-only, `records()`, `verify()`, ...), and, by the mode, opened for writing
// and appended to.
import AntrainFuzzSupport
import CLibFuzzer
import Foundation

/// One scratch log directory per process: under $ANTRAIN_FUZZ_SCRATCH (scripts/fuzz.sh points
/// it at a directory of its own on tmpfs, and removes it), else the temporary directory.
let scratch: String = {
    let parent = ProcessInfo.processInfo.environment["ANTRAIN_FUZZ_SCRATCH"] ?? NSTemporaryDirectory()
    return parent + "/log-\(getpid())"
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    _ = FuzzEntryPoints.logDirectoryBlocking(UnsafeRawBufferPointer(start: data, count: size), at: scratch)
    return 0
}

@main
enum Main {
    static func main() {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in data.map { fuzz($0, size) } ?? 0 })
    }
}
