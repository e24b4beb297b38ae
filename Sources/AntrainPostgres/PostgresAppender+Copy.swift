import AntrainLog
import NIOCore
import PostgresNIO

extension PostgresAppender {
    /// Stores another log's whole commits, which start at this log's end, as commits of this
    /// log: the records keep their offsets, ids, streams, versions and times; each commit
    /// gets this storage's chain hash and keeps the source's (`source_chain`), so either
    /// log's position is found from the other. One transaction, a statement per table,
    /// whatever the number of commits.
    func copyInTransaction(_ commits: PostgresCopiedCommits) async throws {
        guard !commits.firsts.isEmpty else { return }
        try await connection.query("SET LOCAL lock_timeout = \(unescaped: "'\(lockTimeoutSeconds)s'")", logger: logger)
        var next: UInt64 = 0
        var chain = ChainHash.zero
        for row in try await connection.query("SELECT next_position, head FROM antrain_logs WHERE log_id = \(logID) FOR UPDATE",
                                               logger: logger) {
            let (position, head) = try row.decode((Int64, ByteBuffer).self)
            next = UInt64(position)
            chain = ChainHash(bytes: Array(head.readableBytesView))
        }
        guard commits.start == next else { throw LogCopyError.targetMoved(expected: commits.start, found: next) }
        var chains: [ByteBuffer] = []
        chains.reserveCapacity(commits.recordBytes.count)
        for bytes in commits.recordBytes {
            chain = PostgresChain.next(chain, bytes)
            chains.append(ByteBuffer(bytes: chain.bytes))
        }
        try await checkVersions(commits.firstVersions)
        try await insert(commits.columns)
        try await connection.query("""
            INSERT INTO antrain_commits (log_id, first_position, end_position, chain, source_chain)
            SELECT \(logID), first_position, end_position, chain, source_chain
            FROM UNNEST(\(commits.firsts)::bigint[], \(commits.ends)::bigint[], \(chains)::bytea[], \(commits.sourceChains)::bytea[])
                 AS c(first_position, end_position, chain, source_chain)
            """, logger: logger)
        let streams = Array(commits.lastVersions.keys)
        try await connection.query("""
            INSERT INTO antrain_streams (log_id, stream, version)
            SELECT \(logID), stream, version
            FROM UNNEST(\(streams)::text[], \(streams.map { commits.lastVersions[$0]! })::bigint[]) AS s(stream, version)
            ON CONFLICT (log_id, stream) DO UPDATE SET version = excluded.version
            """, logger: logger)
        try await connection.query("""
            UPDATE antrain_logs SET next_position = \(Int64(commits.end)), head = \(ByteBuffer(bytes: chain.bytes)) WHERE log_id = \(logID)
            """, logger: logger)
        try await connection.query("SELECT pg_notify(\(PostgresAppendListener.channel(of: logID)), \(String(commits.end)))", logger: logger)
    }

    /// Each stream's first copied version follows the stream's version in this log: a copy
    /// goes on exactly where the source's streams were.
    private func checkVersions(_ firstVersions: [String: UInt64]) async throws {
        let names = Array(firstVersions.keys)
        var stored: [String: UInt64] = [:]
        for row in try await connection.query(
            "SELECT stream, version FROM antrain_streams WHERE log_id = \(logID) AND stream = ANY(\(names))", logger: logger) {
            let (stream, version) = try row.decode((String, Int64).self)
            stored[stream] = UInt64(version)
        }
        for (stream, first) in firstVersions {
            let expected = stored[stream].map { $0 + 1 } ?? 0
            guard first == expected else {
                throw LogError.wrongExpectedVersion(stream: stream, expected: first == 0 ? .noStream : .exact(first - 1), actual: stored[stream])
            }
        }
    }
}
