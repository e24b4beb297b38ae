// libFuzzer target: the bytes as an export of one of the formats `antrain-log import` reads
// (the first byte picks events JSON Lines, Strong, Hevy, FitNotes or Cronometer), read and
// planned into events. No crash, no hang, no unbounded allocation; and nothing planned for
// appending may fail validation: a row that cannot be imported must be skipped with a reason.
import AntrainFuzzSupport
import CLibFuzzer
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let problems = ImportFuzzEntryPoint.importFile(UnsafeRawBufferPointer(start: data, count: size))
    precondition(problems.isEmpty, problems.joined(separator: "\n"))
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
