import Foundation

/// The processor time the calling thread has used: what a rebuild's trace (`ANTRAIN_TRACE`)
/// reports for each part besides its wall time, since on a busy machine a lane's wall time
/// counts the time other threads held its core.
enum ThreadClock {
    /// The calling thread's processor time so far.
    static func now() -> Duration {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
    }
}
