// libFuzzer target: the bytes, after a mode byte, as a segment read block by block in memory
// (headers, LZ4 frames, records and their fields, Bloom filters, the hash chain).
import AntrainFuzzSupport
import CLibFuzzer
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    _ = FuzzEntryPoints.segment(UnsafeRawBufferPointer(start: data, count: size))
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
