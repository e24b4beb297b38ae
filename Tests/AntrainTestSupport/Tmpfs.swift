import Foundation
import Glibc
import Testing

/// Whether this process may mount a tmpfs (root on Linux, outside a restricted sandbox).
package let canMountTmpfs: Bool = {
    let probe = NSTemporaryDirectory() + "antrain-mount-probe-\(getpid())"
    try? FileManager.default.createDirectory(atPath: probe, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: probe) }
    guard mount("tmpfs", probe, "tmpfs", 0, "size=64k") == 0 else { return false }
    umount(probe)
    return true
}()

/// Runs `body` with a tmpfs of `size` (as mount(8) writes it: "256k", "1m") mounted on a
/// fresh temporary directory, and unmounts it afterwards.
package func withTmpfs(size: String, _ body: (TemporaryDirectory) async throws -> Void) async throws {
    let mountPoint = TemporaryDirectory("tmpfs")
    #expect(mount("tmpfs", mountPoint.path, "tmpfs", 0, "size=\(size)") == 0)
    defer { umount2(mountPoint.path, Int32(MNT_DETACH)) }
    try await body(mountPoint)
}
