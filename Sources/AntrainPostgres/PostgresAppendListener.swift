import Foundation
import Logging
import PostgresNIO

/// Wakes the readers of a server log when another process commits to it: `LISTEN` on the
/// log's channel, on a connection of its own, which every append notifies (`pg_notify` in its
/// transaction, delivered at commit).
///
/// A notification is a hint only: a woken reader always reads again by position, and a
/// reader that missed one (it came before the listening began, or while the connection was
/// being made again) finds the records at its next poll. After a connection is lost the
/// listener connects and listens again, and wakes every waiter, since it cannot know what
/// was committed meanwhile.
actor PostgresAppendListener {
    let configuration: PostgresConnection.Configuration
    let channel: String
    let logger: Logger
    private var waiters: [UUID: CheckedContinuation<Void, Never>] = [:]
    private var listening: Task<Void, Never>?
    private var connection: PostgresConnection?
    private var closed = false

    init(configuration: PostgresConnection.Configuration, channel: String, logger: Logger) {
        self.configuration = configuration
        self.channel = channel
        self.logger = logger
    }

    /// The channel of the log `logID`, which its appends notify.
    static func channel(of logID: Int64) -> String { "antrain_log_\(logID)" }

    /// Returns when a commit to the log is announced, or after `timeout`, or when the task is
    /// cancelled, or at once when `grown` finds the log longer than its reader last saw it:
    /// asked once the wait is registered, it catches a commit announced just before, which
    /// would otherwise wait for the timeout.
    func wait(timeout: Duration, grown: @escaping @Sendable () async -> Bool) async {
        guard !closed else { return }
        startListening()
        let id = UUID()
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                waiters[id] = continuation
                Task { [weak self] in
                    try? await Task.sleep(for: timeout)
                    await self?.wake(id)
                }
                Task { [weak self] in
                    if await grown() { await self?.wake(id) }
                }
            }
        } onCancel: {
            Task { await self.wake(id) }
        }
    }

    /// Stops listening and wakes every waiter.
    func close() async {
        closed = true
        listening?.cancel()
        listening = nil
        if let connection { try? await connection.close() }
        connection = nil
        wakeAll()
    }

    private func wake(_ id: UUID) {
        waiters.removeValue(forKey: id)?.resume()
    }

    private func wakeAll() {
        let woken = waiters
        waiters = [:]
        for waiter in woken.values { waiter.resume() }
    }

    private func startListening() {
        guard listening == nil else { return }
        listening = Task { await self.listen() }
    }

    /// Listens until closed, connecting again after a failure (after a pause, so that a server
    /// that is down is not hammered).
    private func listen() async {
        while !closed, !Task.isCancelled {
            do {
                let connection = try await PostgresConnection.connect(configuration: configuration, id: 6, logger: logger)
                // Closed while connecting: this connection is not the listener's to keep.
                guard !closed else {
                    try? await connection.close()
                    return
                }
                self.connection = connection
                try await connection.listen(on: channel) { notifications in
                    // Listening now: whatever was committed before is read by the woken readers.
                    self.wakeAll()
                    for try await _ in notifications { self.wakeAll() }
                }
            } catch {
                logger.debug("listening to \(channel) failed: \(error)")
            }
            if let connection { try? await connection.close() }
            connection = nil
            wakeAll()
            try? await Task.sleep(for: .milliseconds(250))
        }
    }
}
