import AntrainEvents
import AntrainLog

/// What `antrain-log --version` prints: the tool's version, then the versions of what it
/// reads and writes, so that a log and a build can be matched without reading the source.
enum BuildVersion {
    /// The tool's version (semantic: a new major for a format it can no longer read).
    static let tool = "0.9.0"

    /// The lines of `--version`.
    static var text: String {
        let catalog = EventCatalog.standard
        let versions = catalog.eventTypes.compactMap(catalog.currentVersion(of:))
        let highest = versions.max() ?? 1
        let upcast = versions.filter { $0 > 1 }.count
        return """
            antrain-log \(tool)
            log format: segment blocks version \(BlockHeader.currentFormatVersion) (reads and writes \(BlockHeader.currentFormatVersion))
            events: \(catalog.eventTypes.count) types, written at their current schema versions (1 to \(highest)); \
            \(upcast) have older versions, which are read and upcast
            """
    }
}
