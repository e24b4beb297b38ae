import AntrainLog
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SystemPackage

/// A damaged state file kept aside: never deleted, never read again.
extension StateGenerations {
    /// The folder damaged state files are moved into, one folder each.
    package var damagedDirectory: String { directory + "/damaged" }

    /// Moves the damaged state file `file` (a generation, or the plain `state.sqlite` of an
    /// older build), with its write-ahead log and shared memory, into a folder of its own under
    /// `projections/damaged/`, and removes the link to it, so that the next open builds the
    /// state anew from the log. Returns that folder; nil when `file` is not the state in use
    /// any more (another process set it aside first, or installed a new generation): then
    /// nothing is moved. Under the exclusive lock, so no process opens it meanwhile; processes
    /// that have it open keep their descriptors, and their next write finds the link moved
    /// (see ``whileInUse(_:_:)``).
    package func setAside(_ file: String) throws -> String? {
        var folder: String?
        try exclusively {
            let name = (file as NSString).lastPathComponent
            let inUse = current()
            guard inUse == name || (inUse == nil && file == linkPath) else { return }
            let stamp = ISO8601DateFormatter().string(from: Date()).replacingOccurrences(of: ":", with: "")
            let target = damagedDirectory + "/" + stamp + "-" + name
            do {
                try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
            } catch {
                throw StateStoreError(path: target, message: "could not create the folder for the damaged state: \(error)")
            }
            for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: directory + "/" + name + suffix) {
                guard rename(directory + "/" + name + suffix, target + "/" + name + suffix) == 0 else {
                    throw StateStoreError(path: directory + "/" + name + suffix, failed: "rename", Errno(rawValue: errno))
                }
            }
            if inUse != nil { unlink(linkPath) }
            do throws(AtomicFile.Failure) {
                try AtomicFile.syncDirectory(FilePath(directory))
            } catch {
                throw StateStoreError(path: directory, failed: "fsync", error.errno)
            }
            folder = target
        }
        return folder
    }
}
