import AntrainEvents
import AntrainLog
import Foundation
import SystemPackage

/// Where an export goes: standard output, or a file written beside its final name and
/// renamed into place at the end (``AtomicFile``), so that an interrupted export never
/// leaves half a file under the name asked for.
final class ExportSink {
    private var buffer: [UInt8] = []
    /// Standard output's writer, which ends quietly when the reader goes away (`| head`).
    private var standardOutput = Output()
    private let file: AtomicFile?
    private static let flushThreshold = 256 << 10

    /// A sink for `path`, or standard output when nil or "-".
    init(path: String?) throws {
        guard let path, path != "-" else {
            file = nil
            return
        }
        do {
            file = try AtomicFile(replacing: FilePath(path), temporarySuffix: ".partial-\(getpid())")
        } catch {
            throw CommandFailure(message: "cannot create the output file \(path)", fix: "check that its directory exists and is writable",
                                 status: .ioFailure)
        }
    }

    func line(_ text: String) {
        guard file != nil else { return standardOutput.line(text) }
        buffer.append(contentsOf: text.utf8)
        buffer.append(0x0A)
        if buffer.count >= Self.flushThreshold { try? flushBuffer() }
    }

    func line(_ bytes: Data) {
        guard file != nil else { return standardOutput.line(String(decoding: bytes, as: UTF8.self)) }
        buffer.append(contentsOf: bytes)
        buffer.append(0x0A)
        if buffer.count >= Self.flushThreshold { try? flushBuffer() }
    }

    /// Writes the buffer to the file; a failure is kept by the file and thrown again by
    /// ``finish()``.
    private func flushBuffer() throws(AtomicFile.Failure) {
        guard let file else { return standardOutput.flush() }
        guard !buffer.isEmpty else { return }
        try file.write(buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes what is left and puts the file in place.
    func finish() throws {
        do {
            try flushBuffer()
            try file?.commit()
        } catch {
            throw CommandFailure(message: "cannot write the output file \(file?.target.string ?? "-"): \(error)",
                                 fix: "check the disk's free space and the directory's permissions", status: .ioFailure)
        }
    }

    /// Removes the partial file after a failure.
    func abandon() {
        file?.abandon()
    }
}
