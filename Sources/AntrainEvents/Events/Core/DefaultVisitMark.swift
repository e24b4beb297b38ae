#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Tells a replay which events a visitor ignores: the empty default `visit` methods of
/// ``EventVisitor`` leave a mark, per thread, naming the visitor type that ran them.
///
/// ```swift
/// DefaultVisitMark.clear()
/// stored.event.accept(&model, stored)
/// let ignored = DefaultVisitMark.isMarked(by: Model.self)  // the default ran: nothing changed
/// ```
///
/// Whether a visitor type implements `visit` for an event type never changes, so a runtime
/// that learned from one event that the default ran may skip every later event of that type
/// for that visitor, which changes nothing by construction. The mark names the visitor type
/// so that a visitor which handles an event by handing it on to a visitor of another type
/// (which may ignore it) is not taken for one that ignores it.
package enum DefaultVisitMark {
    /// A thread-specific slot: projections replay on several threads at once.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key, nil)
        precondition(status == 0, "pthread_key_create failed: \(status)")
        return key
    }()

    /// Records that a default `visit` of `visitor` ran on this thread.
    @inline(__always)
    package static func mark<Visitor>(_ visitor: Visitor.Type) {
        pthread_setspecific(key, UnsafeRawPointer(bitPattern: UInt(bitPattern: ObjectIdentifier(visitor))))
    }

    /// Forgets this thread's mark.
    package static func clear() {
        pthread_setspecific(key, nil)
    }

    /// Whether the last mark on this thread since ``clear()`` was left by `visitor`.
    package static func isMarked<Visitor>(by visitor: Visitor.Type) -> Bool {
        pthread_getspecific(key) == UnsafeMutableRawPointer(bitPattern: UInt(bitPattern: ObjectIdentifier(visitor)))
    }
}
