/// The tables of the logs on a server (docs/FORMAT.md, "The log on PostgreSQL"), created
/// when missing by the first open.
///
/// Many logs share one database: a log is a row of `antrain_logs` (its name, the position
/// after its last event and the chain hash there), and every other table is keyed by its
/// `log_id`, so each log has its own gapless positions, stream versions and chain, and its
/// appends take only its own row's lock. A commit (one append) is a row of `antrain_commits`
/// with the positions it took and the chain hash after it; its events are rows of
/// `antrain_events`, one column per field of a record.
enum PostgresSchema {
    /// The statements that create every table and index, each run once (`IF NOT EXISTS`).
    static let statements = [
        """
        CREATE TABLE IF NOT EXISTS antrain_logs (
            log_id bigserial PRIMARY KEY,
            name text NOT NULL UNIQUE CHECK (length(name) BETWEEN 1 AND 200),
            next_position bigint NOT NULL DEFAULT 0 CHECK (next_position >= 0),
            head bytea NOT NULL DEFAULT '\\x0000000000000000000000000000000000000000000000000000000000000000',
            created_at timestamptz NOT NULL DEFAULT now()
        )
        """,
        """
        CREATE TABLE IF NOT EXISTS antrain_commits (
            log_id bigint NOT NULL REFERENCES antrain_logs (log_id),
            first_position bigint NOT NULL,
            end_position bigint NOT NULL CHECK (end_position > first_position),
            chain bytea NOT NULL CHECK (length(chain) = 32),
            committed_at timestamptz NOT NULL DEFAULT now(),
            PRIMARY KEY (log_id, end_position)
        )
        """,
        """
        CREATE TABLE IF NOT EXISTS antrain_events (
            log_id bigint NOT NULL REFERENCES antrain_logs (log_id),
            position bigint NOT NULL,
            event_id uuid NOT NULL,
            stream text NOT NULL,
            stream_version bigint NOT NULL,
            event_type text NOT NULL,
            schema_version integer NOT NULL,
            recorded_at_us bigint NOT NULL,
            correlation_id uuid,
            causation_id uuid,
            payload bytea NOT NULL,
            PRIMARY KEY (log_id, position),
            UNIQUE (log_id, event_id)
        )
        """,
        "CREATE INDEX IF NOT EXISTS antrain_events_by_stream ON antrain_events (log_id, stream, position)",
        """
        CREATE TABLE IF NOT EXISTS antrain_streams (
            log_id bigint NOT NULL REFERENCES antrain_logs (log_id),
            stream text NOT NULL,
            version bigint NOT NULL,
            PRIMARY KEY (log_id, stream)
        )
        """,
    ]

    /// Serialises the creation of the tables between processes opening logs at once.
    static let creationLock: Int64 = 0x414E_5452_4149_4E00  // "ANTRAIN\0"
}
