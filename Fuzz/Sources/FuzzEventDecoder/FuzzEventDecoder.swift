// libFuzzer target: the bytes as (event type, schema version, payload), decoded as that and as
// every known type at version 1 and at its current version. Whatever decodes must encode again
// and come back equal through the binary and the JSON form; a broken promise stops the fuzzer.
import AntrainFuzzSupport
import CLibFuzzer
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let summary = FuzzEntryPoints.eventPayload(UnsafeRawBufferPointer(start: data, count: size))
    precondition(summary.problems.isEmpty, summary.problems.joined(separator: "\n"))
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
