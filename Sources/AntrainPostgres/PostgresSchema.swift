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
            log_id bigint NOT NULL,
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
        // No foreign key from an event to its log: checking it cost 60 % of every insert (the
        // server looked the log up again for each row, about 14 µs), and every event is
        // inserted by an append that holds its log's row locked and inserts the commit, whose
        // key to the log stays. Databases made with the key lose it at their next open.
        "ALTER TABLE antrain_events DROP CONSTRAINT IF EXISTS antrain_events_log_id_fkey",
        // A commit copied from another log (`antrain-log copy`) keeps the source's chain hash
        // after it: either log's position is found from the other's.
        """
        ALTER TABLE antrain_commits ADD COLUMN IF NOT EXISTS source_chain bytea
            CHECK (source_chain IS NULL OR length(source_chain) = 32)
        """,
        // Stored events and commits are never changed: the server refuses an UPDATE, a DELETE
        // or a TRUNCATE of them, whoever asks (an owner may drop the trigger, and `verify`'s
        // chain still tells; docs/FORMAT.md, "Roles and grants").
        """
        CREATE OR REPLACE FUNCTION antrain_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            RAISE EXCEPTION 'the log''s % rows are never changed: % refused', TG_TABLE_NAME, TG_OP
                USING ERRCODE = 'insufficient_privilege';
        END
        $$
        """,
        """
        CREATE OR REPLACE TRIGGER antrain_events_append_only BEFORE UPDATE OR DELETE ON antrain_events
        FOR EACH ROW EXECUTE FUNCTION antrain_refuse_change()
        """,
        """
        CREATE OR REPLACE TRIGGER antrain_events_no_truncate BEFORE TRUNCATE ON antrain_events
        FOR EACH STATEMENT EXECUTE FUNCTION antrain_refuse_change()
        """,
        """
        CREATE OR REPLACE TRIGGER antrain_commits_append_only BEFORE UPDATE OR DELETE ON antrain_commits
        FOR EACH ROW EXECUTE FUNCTION antrain_refuse_change()
        """,
        """
        CREATE OR REPLACE TRIGGER antrain_commits_no_truncate BEFORE TRUNCATE ON antrain_commits
        FOR EACH STATEMENT EXECUTE FUNCTION antrain_refuse_change()
        """,
        """
        CREATE TABLE IF NOT EXISTS antrain_streams (
            log_id bigint NOT NULL REFERENCES antrain_logs (log_id),
            stream text NOT NULL,
            version bigint NOT NULL,
            PRIMARY KEY (log_id, stream)
        )
        """,
    ]

    /// Every statement that makes the tables of a database: the logs' and their state's.
    static var everyStatement: [String] { statements + PostgresStateSchema.statements }

    /// One statement that makes whatever is missing of every table, one process at a time
    /// (a transaction-scoped advisory lock: two processes opening at once would otherwise race
    /// on `CREATE`).
    ///
    /// One statement, run by the server from start to end: the lock, and the locks the
    /// `ALTER TABLE`s take on the log's tables (which every read waits behind), are held for
    /// the server's time alone. As a transaction of several statements they were held
    /// between statements until this process sent the next, and a process whose threads were
    /// all waiting for the tables (another open, a read) could never send it.
    static var creation: String {
        "DO $antrain_create$ BEGIN\nPERFORM pg_advisory_xact_lock(\(creationLock));\n"
            + everyStatement.joined(separator: ";\n") + ";\nEND $antrain_create$"
    }

    /// A query answering whether every table is there already (the state's last made).
    static let allPresent = """
        SELECT to_regclass('antrain_streams') IS NOT NULL AND to_regclass('antrain_state_set_aside') IS NOT NULL
           AND EXISTS (SELECT 1 FROM pg_trigger WHERE tgname = 'antrain_commits_no_truncate')
           AND EXISTS (SELECT 1 FROM pg_attribute WHERE attrelid = to_regclass('antrain_commits') AND attname = 'source_chain')
           AND NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conname = 'antrain_events_log_id_fkey')
        """

    /// Serialises the creation of the tables between processes opening logs at once.
    static let creationLock: Int64 = 0x414E_5452_4149_4E00  // "ANTRAIN\0"
}
