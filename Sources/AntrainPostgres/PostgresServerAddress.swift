import Foundation
import PostgresNIO

/// A PostgreSQL server named by a URL in libpq's form, as `psql` takes it.
///
/// ```swift
/// let server = try PostgresServerAddress("postgresql://coach@db.example.net:5432/antrain")
/// let local = try PostgresServerAddress("postgresql:///antrain?host=/run/postgresql")   // a Unix socket
/// let log = try await PostgresLog.open(server.configuration, log: "athlete-42", create: false)
/// ```
///
/// `postgresql://[user[:password]@][host][:port][/database][?host=DIR&sslmode=MODE]`
/// (`postgres://` too). A host that starts with `/` (in the query, or percent-encoded as
/// `%2Frun%2Fpostgresql`) is the directory of the server's Unix socket; no host at all means
/// `/run/postgresql`, Debian's. The user defaults to `$PGUSER`, else `$USER`; the password to
/// `$PGPASSWORD`; the database to the user's name. `sslmode` is `disable`, `prefer` (the
/// default over TCP) or `require`.
public struct PostgresServerAddress: Sendable, CustomStringConvertible {
    /// The connection settings.
    public let configuration: PostgresConnection.Configuration
    /// The URL without its password, for messages.
    public let description: String

    /// Reads `url`, taking what it leaves out from `environment`.
    ///
    /// - Throws: ``PostgresLogError/invalidAddress(_:reason:)`` naming what is wrong.
    public init(_ url: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        func refuse(_ reason: String) -> PostgresLogError { .invalidAddress(Self.redacted(url), reason: reason) }
        guard let components = URLComponents(string: url), let scheme = components.scheme else {
            throw refuse("it is not a URL (postgresql://user@host/database)")
        }
        guard scheme == "postgresql" || scheme == "postgres" else {
            throw refuse("its scheme is \(scheme); a server's URL starts with postgresql://")
        }
        var query: [String: String] = [:]
        for item in components.queryItems ?? [] { query[item.name] = item.value ?? "" }
        let known: Set = ["host", "port", "user", "password", "dbname", "sslmode"]
        if let unknown = query.keys.sorted().first(where: { !known.contains($0) }) {
            throw refuse("it has an unknown parameter \(unknown) (known: \(known.sorted().joined(separator: ", ")))")
        }
        let user = query["user"] ?? components.user?.removingPercentEncoding ?? environment["PGUSER"] ?? environment["USER"] ?? "postgres"
        let password = query["password"] ?? components.password?.removingPercentEncoding ?? environment["PGPASSWORD"]
        var database = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        database = database.removingPercentEncoding ?? database
        if let name = query["dbname"] { database = name }
        if database.isEmpty { database = user }
        let port: Int
        if let text = query["port"] {
            guard let number = Int(text), (1...65_535).contains(number) else { throw refuse("its port \(text) is not 1 to 65535") }
            port = number
        } else {
            port = components.port ?? 5432
        }
        let host = query["host"] ?? components.percentEncodedHost?.removingPercentEncoding ?? ""
        if host.isEmpty || host.hasPrefix("/") {
            let directory = host.isEmpty ? "/run/postgresql" : host
            configuration = PostgresConnection.Configuration(unixSocketPath: directory + "/.s.PGSQL.\(port)", username: user,
                                                              password: password, database: database)
        } else {
            let tls: PostgresConnection.Configuration.TLS
            switch query["sslmode"] ?? "prefer" {
            case "disable": tls = .disable
            case "prefer", "allow":
                tls = .prefer(try Self.tlsContext(refuse))
            case "require", "verify-ca", "verify-full":
                tls = .require(try Self.tlsContext(refuse))
            case let other: throw refuse("its sslmode \(other) is not disable, prefer or require")
            }
            configuration = PostgresConnection.Configuration(host: host, port: port, username: user, password: password,
                                                              database: database, tls: tls)
        }
        description = Self.redacted(url)
    }

    private static func tlsContext(_ refuse: (String) -> PostgresLogError) throws -> NIOSSLContext {
        do {
            return try NIOSSLContext(configuration: .makeClientConfiguration())
        } catch {
            throw refuse("TLS cannot be set up: \(error)")
        }
    }

    /// `url` with its password replaced by `***`.
    static func redacted(_ url: String) -> String {
        guard var components = URLComponents(string: url) else { return url }
        if components.password != nil { components.password = "***" }
        if let items = components.queryItems, items.contains(where: { $0.name == "password" }) {
            components.queryItems = items.map { $0.name == "password" ? URLQueryItem(name: "password", value: "***") : $0 }
        }
        return components.string ?? url
    }
}
