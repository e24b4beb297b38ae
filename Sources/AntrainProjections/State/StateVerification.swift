import CPageChecksums
import Foundation
import GRDB

/// What a check of the whole projections' state found (`antrain-log verify`).
///
/// ```swift
/// let check = try ProjectionStore.verifyState(logDirectory: path)
/// if !check.ok { print(check.damagedModels, check.problems) }   // rebuild sets it aside
/// ```
///
/// Two passes. The first reads the file page by page and checks each page's checksum
/// (``PageChecksums``) as it lies on disk, whoever uses it. The second reads every table and
/// every index whole through SQLite, which checks each page it reads again and SQLite's own
/// structure besides, and names the read models whose tables or indexes cannot be read; a
/// damaged page of the schema or of the positions affects them all. Then SQLite's
/// `integrity_check` looks at the structure of what could be read.
public struct StateVerification: Sendable {
    /// The file checked (the generation in use); nil when the log has no state yet.
    public var file: String?
    /// Its pages.
    public var pages = 0
    /// The pages (numbered from 1) whose checksum does not match their bytes.
    public var damagedPages: [Int] = []
    /// The read models whose state cannot be read whole, by name.
    public var damagedModels: [String] = []
    /// What is wrong, in words, one line each.
    public var problems: [String] = []

    /// A check of the state at `file` (nil: no state yet) that found nothing wrong so far.
    public init(file: String? = nil) {
        self.file = file
    }

    /// Whether every page holds its checksum and every table and index reads whole.
    public var ok: Bool { problems.isEmpty && damagedPages.isEmpty }
}

extension ProjectionStore {
    /// Checks the whole state of the log in `logDirectory` without changing it, naming the
    /// standard read models whose state is damaged.
    public static func verifyState(logDirectory: String) throws -> StateVerification {
        try verifyState(logDirectory: logDirectory, models: StandardModels.all)
    }

    /// ``verifyState(logDirectory:)`` with `models` as the tables' owners.
    package static func verifyState(logDirectory: String, models: [any KeyedReadModel.Type]) throws -> StateVerification {
        PageChecksums.install()
        let generations = StateGenerations(directory: (logDirectory as NSString).appendingPathComponent("projections"))
        let file = generations.current().map { generations.directory + "/" + $0 } ?? generations.linkPath
        guard FileManager.default.fileExists(atPath: file) else { return StateVerification() }
        var check = StateVerification(file: file)
        try checkPages(file, into: &check)
        checkTables(file, models: models, into: &check)
        if !check.damagedPages.isEmpty, check.damagedModels.isEmpty, check.problems.isEmpty {
            check.problems.append("pages \(check.damagedPages.map(String.init).joined(separator: ", ")) are damaged but belong to no table "
                + "or index in use (free pages): no read model is affected")
        }
        return check
    }

    /// The first pass: every page's checksum, read straight from the file.
    private static func checkPages(_ file: String, into check: inout StateVerification) throws {
        guard let handle = FileHandle(forReadingAtPath: file) else {
            throw StateStoreError(path: file, message: "could not be opened to check its pages")
        }
        defer { try? handle.close() }
        let header = [UInt8](handle.readData(ofLength: 100))
        guard header.count == 100 else { check.problems.append("the file is shorter than a database header"); return }
        let size = Int(header[16]) << 8 | Int(header[17])
        let pageSize = size == 1 ? 65536 : size
        guard pageSize >= 512, pageSize & (pageSize - 1) == 0 else {
            check.problems.append("its header names a page size of \(size), which is none SQLite writes: the header is damaged")
            return
        }
        guard header[20] == UInt8(ANTRAIN_PAGE_CHECKSUM_SIZE) else {
            check.problems.append("its header says its pages carry no checksums (reserved bytes \(header[20])): an earlier build's file, or a damaged header")
            return
        }
        try handle.seek(toOffset: 0)
        var number = 0
        while true {
            let page = handle.readData(ofLength: pageSize)
            if page.isEmpty { break }
            number += 1
            guard page.count == pageSize else {
                check.problems.append("the file ends inside page \(number) (\(page.count) of \(pageSize) bytes)")
                break
            }
            let matches = page.withUnsafeBytes { bytes in
                // A page of zeros was never written (SQLite writes every page it uses).
                bytes.allSatisfy { $0 == 0 } || antrain_page_checksum_matches(bytes.baseAddress, Int32(pageSize)) != 0
            }
            if !matches { check.damagedPages.append(number) }
        }
        check.pages = number
    }

    /// The second pass: every table and index read whole through SQLite, then its structure.
    private static func checkTables(_ file: String, models: [any KeyedReadModel.Type], into check: inout StateVerification) {
        var damaged = Set<String>()
        let owner = Dictionary(models.flatMap { model in model.keyspaces.map { ($0.table, model.name) } }, uniquingKeysWith: { first, _ in first })
        let everyModel = Set(models.map { $0.name })
        var configuration = Configuration()
        configuration.readonly = true
        do {
            let queue = try DatabaseQueue(path: file, configuration: configuration)
            let objects = try queue.read { db in
                try Row.fetchAll(db, sql: "SELECT type, name, tbl_name FROM sqlite_schema WHERE type IN ('table', 'index')")
            }
            // Each in a read of its own: a failed read ends the transaction it is in.
            var unreadable = false
            for object in objects {
                let (type, name, table): (String, String, String) = (object[0], object[1], object[2])
                do {
                    try queue.read { db in try readWhole(db, type: type, name: name, table: table) }
                } catch {
                    unreadable = true
                    check.problems.append("\(type) \(name) cannot be read whole: \(StateStoreError(error, path: file))")
                    if let model = owner[table] { damaged.insert(model) } else { damaged.formUnion(everyModel) }
                }
            }
            // The structure of what reads (the check stops at the first page that does not).
            if !unreadable {
                let findings = try queue.read { try String.fetchAll($0, sql: "PRAGMA integrity_check(50)") }
                if findings != ["ok"] {
                    check.problems += findings.map { "SQLite's integrity check: \($0)" }
                    damaged.formUnion(everyModel)
                }
            }
        } catch {
            check.problems.append("the file cannot be read as a state: \(StateStoreError(error, path: file))")
            damaged.formUnion(everyModel)
        }
        check.damagedModels = models.map { $0.name }.filter { damaged.contains($0) }
    }

    /// Reads every row of a table (values and their overflow pages included) or every entry
    /// of an index.
    private static func readWhole(_ db: Database, type: String, name: String, table: String) throws {
        let quotedName = SQLiteStateSchema.quoted(name), quotedTable = SQLiteStateSchema.quoted(table)
        let sql: String
        if type == "index" {
            let columns = try String.fetchAll(db, sql: "SELECT name FROM pragma_index_info(?)", arguments: [name])
            sql = "SELECT \(columns.map(SQLiteStateSchema.quoted).joined(separator: ", ")) FROM \(quotedTable) INDEXED BY \(quotedName)"
        } else {
            sql = "SELECT * FROM \(quotedName)"
        }
        let rows = try Row.fetchCursor(db, sql: sql)
        while let row = try rows.next() {
            for (_, value) in row { _ = value }
        }
    }
}
