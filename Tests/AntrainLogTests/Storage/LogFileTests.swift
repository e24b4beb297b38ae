@testable import AntrainEvents
@testable import AntrainLog
import AntrainTestSupport
import Foundation
import SystemPackage
import Testing

/// The log's file handle, on real files: sizes, writes, cuts and syncs through swift-system,
/// and every failure a ``LogError`` that names the operation and the path.
@Suite("Log files")
struct LogFileTests {
    @Test("a created file grows with writes, is cut back by truncate, and its bytes read back")
    func sizesAndResize() throws {
        let directory = TemporaryDirectory("logfile")
        let path = FilePath(directory.file("segment"))
        let file = try LogFile(path: path, writable: true, create: true)
        #expect(try file.size() == 0)
        try Array("hello, log".utf8).withUnsafeBytes { try file.write($0, at: 0) }
        try Array("!".utf8).withUnsafeBytes { try file.write($0, at: 20) }
        #expect(try file.size() == 21, "a write past the end extends the file")
        try file.syncData()
        try file.truncate(to: 5)
        #expect(try file.size() == 5)
        #expect(try file.read(at: 0, count: 100) == Array("hello".utf8), "a read stops at the end of the file")
        #expect(try LogFile(path: path, writable: false).size() == 5, "another descriptor sees the new size")
        #expect(try FileManager.default.attributesOfItem(atPath: path.string)[.size] as? Int == 5)
    }

    @Test("a closed file's calls fail as LogErrors naming the operation and the path")
    func failuresNameThePath() throws {
        let directory = TemporaryDirectory("logfile")
        let path = FilePath(directory.file("segment"))
        let file = try LogFile(path: path, writable: true, create: true)
        file.close()
        file.close()  // a second close does nothing
        #expect(throws: LogError.io(operation: "fstat", path: path.string, errno: .badFileDescriptor)) { try file.size() }
        #expect(throws: LogError.io(operation: "ftruncate", path: path.string, errno: .badFileDescriptor)) { try file.truncate(to: 0) }
        #expect(throws: LogError.io(operation: "fdatasync", path: path.string, errno: .badFileDescriptor)) { try file.syncData() }
        let missing = FilePath(directory.file("missing"))
        #expect(throws: LogError.io(operation: "open", path: missing.string, errno: .noSuchFileOrDirectory)) {
            try LogFile(path: missing, writable: false)
        }
    }

    @Test("a file opened for reading cannot be cut: the error names ftruncate and the path, and the file stays whole")
    func readOnlyCannotBeCut() throws {
        let directory = TemporaryDirectory("logfile")
        let path = FilePath(directory.file("segment"))
        try Array("bytes".utf8).withUnsafeBytes { try LogFile(path: path, writable: true, create: true).write($0, at: 0) }
        let file = try LogFile(path: path, writable: false)
        // ftruncate on a descriptor opened for reading fails with EINVAL (or EBADF).
        do {
            try file.truncate(to: 0)
            Issue.record("truncating a read-only descriptor succeeded")
        } catch let LogError.io(operation, failedPath, _) {
            #expect(operation == "ftruncate" && failedPath == path.string)
        }
        #expect(try file.size() == 5)
    }
}
