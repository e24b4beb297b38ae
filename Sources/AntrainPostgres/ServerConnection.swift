import Logging
import NIOConcurrencyHelpers
import NIOCore
import PostgresNIO

/// A connection to the server whose every query ends: answered by the server, or failed once
/// the connection is closed.
///
/// postgres-nio (1.33) never answers a query sent on a connection that is already closed, by
/// this process or by the server (a restart, a terminated backend): its caller would wait for
/// ever, and a caller waiting on its thread (the synchronous reads of a fold, a state
/// transaction) would hold one of the few threads of Swift's cooperative pool for ever, which
/// stalls every task of the process once they are all held. Here a query on a connection known
/// closed fails at once, and one in flight when the connection closes fails then, with
/// ``ServerConnectionClosed``. Every query the package sends goes through this type.
final class ServerConnection: Sendable {
    private let raw: PostgresConnection
    private let inFlight = NIOLockedValueBox(InFlight())

    /// The queries sent and not yet answered, failed together when the connection closes.
    private struct InFlight {
        var next = 0
        var promises: [Int: EventLoopPromise<[PostgresRow]>] = [:]
        var closed = false
    }

    init(_ raw: PostgresConnection) {
        self.raw = raw
        // One callback for the connection's life, not one per query (a reader answers millions).
        raw.closeFuture.whenComplete { [inFlight] _ in
            let orphans = inFlight.withLockedValue { state in
                state.closed = true
                defer { state.promises = [:] }
                return Array(state.promises.values)
            }
            for promise in orphans { promise.fail(ServerConnectionClosed()) }
        }
    }

    /// Connects to the server `configuration` reaches; `id` names the connection in logs.
    static func connect(_ configuration: PostgresConnection.Configuration, id: Int, logger: Logger) async throws -> ServerConnection {
        ServerConnection(try await PostgresConnection.connect(configuration: configuration, id: id, logger: logger))
    }

    /// Connects, waiting on this thread (for the synchronous paths: state stores, reads of a fold).
    static func connectNow(_ configuration: PostgresConnection.Configuration, id: Int, logger: Logger) throws -> ServerConnection {
        ServerConnection(try PostgresConnection.connect(on: PostgresConnection.defaultEventLoopGroup.any(),
                                                        configuration: configuration, id: id, logger: logger).wait())
    }

    /// Whether the connection is closed: a query would fail at once.
    var isClosed: Bool { raw.isClosed || inFlight.withLockedValue { $0.closed } }

    /// The rows of `query`, all of them, once the server has answered.
    func rows(_ query: PostgresQuery, logger: Logger) -> EventLoopFuture<[PostgresRow]> {
        let answer = raw.eventLoop.makePromise(of: [PostgresRow].self)
        let id: Int? = inFlight.withLockedValue { state in
            guard !state.closed, !raw.isClosed else { return nil }
            defer { state.next &+= 1 }
            state.promises[state.next] = answer
            return state.next
        }
        guard let id else {
            answer.fail(ServerConnectionClosed())
            return answer.futureResult
        }
        raw.query(query, logger: logger).whenComplete { [inFlight] result in
            inFlight.withLockedValue { _ = $0.promises.removeValue(forKey: id) }
            answer.completeWith(result.map { Array($0.rows) })
        }
        return answer.futureResult
    }

    /// Runs `query` and returns its rows.
    @discardableResult
    func query(_ query: PostgresQuery, logger: Logger) async throws -> [PostgresRow] {
        try await rows(query, logger: logger).get()
    }

    /// Runs `query` and returns its rows, waiting on this thread (never the connection's event loop).
    @discardableResult
    func queryNow(_ query: PostgresQuery, logger: Logger) throws -> [PostgresRow] {
        try rows(query, logger: logger).wait()
    }

    /// Closes the connection; queries still in flight fail, and it counts as closed at once
    /// (a connection the server ended may still be closing).
    func close() async {
        inFlight.withLockedValue { $0.closed = true }
        guard !raw.isClosed else { return }
        try? await raw.close()
    }

    /// Closes the connection, waiting on this thread unless it is the connection's event loop.
    func closeNow() {
        inFlight.withLockedValue { $0.closed = true }
        guard !raw.isClosed else { return }
        let closing: EventLoopFuture<Void> = raw.close()
        if !raw.eventLoop.inEventLoop { _ = try? closing.wait() }
    }

    // A connection let go open (a log or a state dropped without closing, one the server
    // ended and is still closing) is closed, and kept until it is: postgres-nio asserts
    // that a connection is closed before it goes. No wait: a deinit may run on its event loop.
    deinit {
        guard !raw.isClosed else { return }
        let raw = self.raw
        // Its close future, not `close()`'s: that fails at once on a connection already
        // closing (the server ended it), before the channel is.
        _ = raw.close() as EventLoopFuture<Void>
        raw.closeFuture.whenComplete { _ in withExtendedLifetime(raw) {} }
    }
}

/// A query was not answered because its connection was closed, before it was sent or while
/// the server was answering it.
struct ServerConnectionClosed: Error, CustomStringConvertible {
    var description: String { "the connection to the PostgreSQL server is closed" }
}
