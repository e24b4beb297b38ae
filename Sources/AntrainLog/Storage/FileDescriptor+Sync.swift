#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SystemPackage

/// The descriptor calls the engine needs that swift-system does not wrap (`fsync`,
/// `fdatasync`, `flock`), typed and retried on EINTR as swift-system's own calls are, so that
/// every descriptor call of the engine goes through `FileDescriptor`.
extension FileDescriptor {
    /// Makes the file's written data durable: with `dataOnly`, the data and the size it
    /// implies (`fdatasync`); otherwise all of its metadata too (`fsync`).
    package func sync(dataOnly: Bool = false) throws(Errno) {
        #if canImport(Glibc)
        if dataOnly { return try Self.retryingOnInterrupt { fdatasync(rawValue) } }
        #endif
        // Darwin has no fdatasync: a full fsync is the nearest promise.
        try Self.retryingOnInterrupt { fsync(rawValue) }
    }

    /// Applies `flock(2)`'s `operation` (`LOCK_EX`, `LOCK_SH`, `LOCK_UN`, with `LOCK_NB`).
    package func lock(_ operation: Int32) throws(Errno) {
        try Self.retryingOnInterrupt { flock(rawValue, operation) }
    }

    /// Calls `call` again while it fails with EINTR; throws the errno of any other failure.
    private static func retryingOnInterrupt(_ call: () -> Int32) throws(Errno) {
        while call() != 0 {
            let code = Errno(rawValue: errno)
            guard code == .interrupted else { throw code }
        }
    }
}
