import Foundation
import GRDB
import Testing

/// The projection state's files of a log, as a test damages and restores them.
struct StateFiles {
    let logDirectory: String
    var directory: String { logDirectory + "/projections" }
    var link: String { directory + "/state.sqlite" }

    /// The generation file in use (the link's target).
    func generation() throws -> String {
        directory + "/" + (try FileManager.default.destinationOfSymbolicLink(atPath: link))
    }

    /// Copies the state in use (generation, link, lock) into `folder`, to restore it later.
    func save(to folder: String) throws {
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let name = try FileManager.default.destinationOfSymbolicLink(atPath: link)
        try FileManager.default.copyItem(atPath: directory + "/" + name, toPath: folder + "/" + name)
        for suffix in ["-wal", "-shm"] where FileManager.default.fileExists(atPath: directory + "/" + name + suffix) {
            try FileManager.default.copyItem(atPath: directory + "/" + name + suffix, toPath: folder + "/" + name + suffix)
        }
    }

    /// Puts the state saved in `folder` back in place of whatever is there now.
    func restore(from folder: String) throws {
        try? FileManager.default.removeItem(atPath: directory)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var name = ""
        for file in try FileManager.default.contentsOfDirectory(atPath: folder) {
            try FileManager.default.copyItem(atPath: folder + "/" + file, toPath: directory + "/" + file)
            if file.hasSuffix(".sqlite") { name = file }
        }
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: name)
    }

    /// The folders of damaged state set aside.
    func setAside() -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: directory + "/damaged")) ?? []
    }

    /// Flips `count` consecutive bits of `file` from bit `bit` of byte `offset`.
    static func flip(_ file: String, at offset: Int, bit: Int = 0, count: Int = 1) throws {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
        for index in 0..<count {
            let position = offset * 8 + bit + index
            guard position / 8 < bytes.count else { break }
            bytes[position / 8] ^= UInt8(1 << (position % 8))
        }
        try Data(bytes).write(to: URL(fileURLWithPath: file))
    }
}

/// The pages of a state file by what they hold, from SQLite's `dbstat` (read before damage).
struct StatePages {
    var pageSize = 0
    var pages = 0
    /// Pages of tables' B-trees (interior and leaf).
    var tables: [Int] = []
    /// Pages of indexes.
    var indexes: [Int] = []
    /// Pages where values lie: tables' leaves and overflow pages.
    var values: [Int] = []
    /// Each page's table or index, by page number.
    var owner: [Int: String] = [:]

    init(_ file: String) throws {
        var configuration = Configuration()
        configuration.readonly = true
        let queue = try DatabaseQueue(path: file, configuration: configuration)
        try queue.read { db in
            pageSize = try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 0
            pages = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
            let rows = try Row.fetchAll(db, sql: """
                SELECT s.pageno, s.pagetype, coalesce(m.type, 'schema'), coalesce(m.tbl_name, s.name)
                FROM dbstat s LEFT JOIN sqlite_schema m ON m.name = s.name
                """)
            for row in rows {
                let (page, kind, type, table): (Int, String, String, String) = (row[0], row[1], row[2], row[3])
                owner[page] = table
                switch type {
                case "index": indexes.append(page)
                case "table":
                    tables.append(page)
                    if kind != "internal" { values.append(page) }
                default: break
                }
            }
        }
    }
}
