/// The checks a list of read models passes before a store keeps it (see ``ReadModelError``):
/// names of their own, keyspaces of their own, and tables and indexes no other model makes.
///
/// ```swift
/// try ReadModelRules.check([WeeklyWeighIns.self])   // fine
/// try ReadModelRules.check([Imposter.self])         // named "bodyweight": .reservedName
/// ```
///
/// The standard models are checked against too, whether or not the list holds them: they
/// share the state file with any app's models, whatever store (the app's, `antrain-log`'s)
/// folds them.
enum ReadModelRules {
    /// Names no model may take: the state's own tables start `state_`, and SQLite keeps
    /// `sqlite_` for itself.
    static let reservedPrefixes = ["state", "sqlite"]

    /// Throws the first rule `models` breaks.
    static func check(_ models: [any KeyedReadModel.Type]) throws(ReadModelError) {
        let standard = StandardModels.all
        var names = Set<String>()
        for model in models {
            let name = model.name
            guard isName(name, separator: "-") else { throw .invalidName(name) }
            let isStandard = standard.contains { $0 == model }
            let reserved = reservedPrefixes.contains { name == $0 || name.hasPrefix($0 + "-") }
                || (!isStandard && (StandardModels.names.contains(name) || StandardModels.renamed[name] != nil))
            guard !reserved else { throw .reservedName(name) }
            guard names.insert(name).inserted else { throw .duplicateName(name) }
            for keyspace in model.keyspaces { try check(keyspace, of: name) }
        }
        let others = standard.filter { model in !models.contains { $0 == model } }
        try checkTables(of: models + others)
    }

    /// Whether `text` is lower-case letters and digits, in words joined by `separator`,
    /// starting with a letter.
    static func isName(_ text: String, separator: Character) -> Bool {
        guard let first = text.first, first.isASCII, first.isLowercase else { return false }
        return text.split(separator: separator, omittingEmptySubsequences: false).allSatisfy { word in
            !word.isEmpty && word.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber) }
        }
    }

    /// A keyspace's names: its model's, its own, its columns' (which SQL names as they are)
    /// and its indexes'.
    private static func check(_ keyspace: StateKeyspace, of model: String) throws(ReadModelError) {
        func invalid(_ reason: String) -> ReadModelError { .invalidKeyspace(model: model, keyspace: keyspace.name, reason: reason) }
        guard keyspace.projection == model else { throw invalid("belongs to \"\(keyspace.projection)\", not to this model") }
        guard isName(keyspace.name, separator: "-") else {
            throw invalid("is not a keyspace's name: lower-case letters and digits, words joined by dashes")
        }
        var columns = Set<String>()
        for column in keyspace.columns {
            guard isName(column.name, separator: "_") else {
                throw invalid("has a column \"\(column.name)\": lower-case letters and digits, words joined by underscores")
            }
            // The table's own columns.
            guard !["row", "key", "value"].contains(column.name) else { throw invalid("has a column \"\(column.name)\", which the table keeps itself") }
            guard columns.insert(column.name).inserted else { throw invalid("has two columns \"\(column.name)\"") }
        }
        var indexes = Set<String>()
        for index in keyspace.indexes {
            guard isName(index.name, separator: "_"), indexes.insert(index.name).inserted else {
                throw invalid("has an index \"\(index.name)\" that is not a name (lower-case, underscores) or is there twice")
            }
            guard !index.columns.isEmpty, index.columns.allSatisfy(columns.contains) else {
                throw invalid("has an index \"\(index.name)\" over columns it does not have")
            }
        }
    }

    /// No two keyspaces of `models` make a table or index of the same name (SQLite keeps both
    /// in one namespace).
    private static func checkTables(of models: [any KeyedReadModel.Type]) throws(ReadModelError) {
        var owners: [String: String] = [:]
        for model in models {
            for keyspace in model.keyspaces {
                let made = [keyspace.table] + keyspace.indexes.map { keyspace.table + "_" + $0.name }
                for name in made {
                    if let owner = owners[name], owner != keyspace.description {
                        throw .sharedTable(name, keyspaces: [owner, keyspace.description])
                    }
                    owners[name] = keyspace.description
                }
            }
        }
    }
}
