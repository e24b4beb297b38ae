import Foundation

/// Where an export goes: standard output, or a file written beside its final name and
/// renamed into place at the end, so that an interrupted export never leaves half a file
/// under the name asked for.
final class ExportSink {
    private var buffer: [UInt8] = []
    /// Standard output's writer, which ends quietly when the reader goes away (`| head`).
    private var standardOutput = Output()
    private let handle: FileHandle?
    private let destination: String?
    private let temporary: String?
    private static let flushThreshold = 256 << 10

    /// A sink for `path`, or standard output when nil or "-".
    init(path: String?) throws {
        guard let path, path != "-" else {
            (handle, destination, temporary) = (nil, nil, nil)
            return
        }
        let temporary = path + ".partial-\(getpid())"
        guard FileManager.default.createFile(atPath: temporary, contents: nil), let handle = FileHandle(forWritingAtPath: temporary) else {
            throw CommandFailure(message: "cannot create the output file \(path)", fix: "check that its directory exists and is writable",
                                 status: ExitStatus.ioFailure)
        }
        (self.handle, self.destination, self.temporary) = (handle, path, temporary)
    }

    func line(_ text: String) {
        guard handle != nil else { return standardOutput.line(text) }
        buffer.append(contentsOf: text.utf8)
        buffer.append(0x0A)
        if buffer.count >= Self.flushThreshold { try? flushBuffer() }
    }

    func line(_ bytes: Data) {
        guard handle != nil else { return standardOutput.line(String(decoding: bytes, as: UTF8.self)) }
        buffer.append(contentsOf: bytes)
        buffer.append(0x0A)
        if buffer.count >= Self.flushThreshold { try? flushBuffer() }
    }

    private func flushBuffer() throws {
        guard let handle else { return standardOutput.flush() }
        guard !buffer.isEmpty else { return }
        try handle.write(contentsOf: buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes what is left and puts the file in place.
    func finish() throws {
        do {
            try flushBuffer()
            guard let handle, let destination, let temporary else { return }
            try handle.synchronize()
            try handle.close()
            if FileManager.default.fileExists(atPath: destination) { try FileManager.default.removeItem(atPath: destination) }
            try FileManager.default.moveItem(atPath: temporary, toPath: destination)
        } catch {
            abandon()
            throw CommandFailure(message: "cannot write the output file \(destination ?? "-"): \(error.localizedDescription)",
                                 fix: "check the disk's free space and the directory's permissions", status: ExitStatus.ioFailure)
        }
    }

    /// Removes the partial file after a failure.
    func abandon() {
        try? handle?.close()
        if let temporary { try? FileManager.default.removeItem(atPath: temporary) }
    }
}
