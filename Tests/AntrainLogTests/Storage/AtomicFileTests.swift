@testable import AntrainEvents
@testable import AntrainLog
import AntrainTestSupport
import Foundation
import Glibc
import SystemPackage
import Testing

/// The one way a whole file is written (checkpoints aside, which SQLite keeps): on real files
/// in a temporary directory, the target is replaced whole, and no temporary file is left
/// behind, whether the write succeeded or failed.
@Suite("Atomic file writes")
struct AtomicFileTests {
    private func contents(_ path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map(Array.init)
    }

    @Test("a new file is created with the bytes, and nothing else is left in the directory")
    func createsTheTarget() throws {
        let directory = TemporaryDirectory("atomic")
        try AtomicFile.write(Array("first".utf8), to: FilePath(directory.file("target.json")))
        #expect(contents(directory.file("target.json")) == Array("first".utf8))
        #expect(directory.contents() == ["target.json"])
    }

    @Test("an existing file is replaced whole, also by a shorter one, in pieces")
    func replacesTheTarget() throws {
        let directory = TemporaryDirectory("atomic")
        let target = directory.file("target.jsonl")
        try AtomicFile.write([UInt8](repeating: 0x41, count: 100_000), to: FilePath(target))
        let file = try AtomicFile(replacing: FilePath(target), temporarySuffix: ".partial-1")
        try file.write(Array("one\n".utf8))
        #expect(contents(target)?.count == 100_000, "the target is untouched until the commit")
        #expect(directory.contents() == ["target.jsonl", "target.jsonl.partial-1"])
        try file.write(Array("two\n".utf8))
        try file.commit()
        #expect(contents(target) == Array("one\ntwo\n".utf8))
        #expect(directory.contents() == ["target.jsonl"])
    }

    @Test("an abandoned write, or one dropped before its commit, leaves the target as it was and no temporary file")
    func abandonLeavesNothing() throws {
        let directory = TemporaryDirectory("atomic")
        let target = directory.file("damage.json")
        try AtomicFile.write(Array("old".utf8), to: FilePath(target))
        let abandoned = try AtomicFile(replacing: FilePath(target))
        try abandoned.write(Array("new".utf8))
        abandoned.abandon()
        #expect(throws: AtomicFile.Failure.self) { try abandoned.commit() }
        do {
            let dropped = try AtomicFile(replacing: FilePath(target))
            try dropped.write(Array("new".utf8))
        }
        #expect(contents(target) == Array("old".utf8))
        #expect(directory.contents() == ["damage.json"])
    }

    @Test("a target that is a directory fails the rename, naming it and its errno; the temporary file is removed")
    func targetIsADirectory() throws {
        let directory = TemporaryDirectory("atomic")
        let target = directory.file("export.jsonl")
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: false)
        let failure = #expect(throws: AtomicFile.Failure.self) {
            try AtomicFile.write(Array("lines".utf8), to: FilePath(target))
        }
        #expect(failure?.operation == "rename")
        #expect(failure?.path == FilePath(target))
        #expect(failure?.errno == .isDirectory)
        #expect(failure?.description.contains(target) == true)
        #expect(directory.contents() == ["export.jsonl"])
        #expect(directory.contents("export.jsonl").isEmpty)
    }

    @Test("a missing directory fails the open, naming the temporary file")
    func missingDirectory() throws {
        let directory = TemporaryDirectory("atomic")
        let target = directory.file("absent/target.json")
        let failure = #expect(throws: AtomicFile.Failure.self) {
            try AtomicFile.write(Array("x".utf8), to: FilePath(target))
        }
        #expect(failure?.operation == "open")
        #expect(failure?.path == FilePath(target + ".tmp"))
        #expect(failure?.errno == .noSuchFileOrDirectory)
        #expect(directory.contents().isEmpty)
    }

    @Test("a directory that is not writable fails the open with EACCES and changes nothing",
          .disabled(if: getuid() == 0, "root writes into any directory"))
    func unwritableDirectory() throws {
        let directory = TemporaryDirectory("atomic")
        let target = directory.file("target.json")
        try AtomicFile.write(Array("old".utf8), to: FilePath(target))
        chmod(directory.path, 0o555)
        defer { chmod(directory.path, 0o755) }
        let failure = #expect(throws: AtomicFile.Failure.self) {
            try AtomicFile.write(Array("new".utf8), to: FilePath(target))
        }
        #expect(failure?.errno == .permissionDenied)
        #expect(contents(target) == Array("old".utf8))
        #expect(directory.contents() == ["target.json"])
    }

    @Test("a full device fails the write with ENOSPC; the target keeps its old bytes and the temporary file is removed",
          .enabled(if: canMountTmpfs, "needs to mount a tmpfs (root)"))
    func fullDevice() async throws {
        try await withTmpfs(size: "64k") { directory in
            let target = directory.file("index")
            try AtomicFile.write(Array("old".utf8), to: FilePath(target))
            let file = try AtomicFile(replacing: FilePath(target))
            let failure = #expect(throws: AtomicFile.Failure.self) {
                for _ in 0..<64 { try file.write([UInt8](repeating: 7, count: 16 << 10)) }
            }
            #expect(failure?.operation == "write")
            #expect(failure?.errno == .noSpace)
            #expect(throws: AtomicFile.Failure.self, "the failure is thrown again") { try file.commit() }
            #expect(contents(target) == Array("old".utf8))
            #expect(directory.contents() == ["index"])
        }
    }
}
