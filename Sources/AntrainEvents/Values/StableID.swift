import Crypto
import Foundation

extension UUID {
    /// A UUID derived from `parts` alone (SHA-256, RFC 9562 version 8), so the same content
    /// always gets the same id: presets, imported rows and retried commands are recognised
    /// when they come again.
    ///
    /// ```swift
    /// UUID.stable("preset", "exercise", "barbell-bench-press")
    /// ```
    public static func stable(_ parts: String...) -> UUID { stable(parts) }

    /// A UUID derived from `parts` alone; see ``stable(_:)-(String...)``.
    public static func stable(_ parts: [String]) -> UUID {
        var hasher = SHA256()
        for part in parts {
            var length = UInt64(part.utf8.count).littleEndian
            withUnsafeBytes(of: &length) { hasher.update(bufferPointer: $0) }
            hasher.update(data: Array(part.utf8))
        }
        var bytes = Array(hasher.finalize().prefix(16))
        bytes[6] = (bytes[6] & 0x0F) | 0x80 // version 8
        bytes[8] = (bytes[8] & 0x3F) | 0x80 // RFC 9562 variant
        return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                           bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
    }
}
