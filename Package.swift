// swift-tools-version:6.1
import PackageDescription

// Linux only (glibc): the projections tune glibc's allocator (mallopt), the CLI imports
// Glibc, and the tests use Glibc and mount tmpfs. (The engine's file calls go through
// swift-system, with fdatasync where glibc has it.) No Apple platform is listed because
// none builds it (README, "Requirements").
let package = Package(
    name: "Antrain",
    products: [
        .library(name: "AntrainLog", targets: ["AntrainLog"]),
        .library(name: "AntrainEvents", targets: ["AntrainEvents"]),
        .library(name: "AntrainProjections", targets: ["AntrainProjections"]),
        .library(name: "AntrainRecording", targets: ["AntrainRecording"]),
        .library(name: "AntrainImport", targets: ["AntrainImport"]),
        .library(name: "AntrainGenerator", targets: ["AntrainGenerator"]),
        .library(name: "AntrainPostgres", targets: ["AntrainPostgres"]),
        // For the nested package Fuzz/ (and the fuzz regression tests) only: not part of the API.
        .library(name: "AntrainFuzzSupport", targets: ["AntrainFuzzSupport"]),
        .executable(name: "antrain-log", targets: ["antrain-log"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-crypto.git", from: "3.12.3"),
        .package(url: "https://github.com/apple/swift-system.git", from: "1.8.1"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-collections.git", from: "1.6.0"),
        // SQLite (the system's libsqlite3), for the writer's state and the projections' keyed state.
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        // The log on a PostgreSQL server (AntrainPostgres only: the embedded build needs no NIO).
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        // API documentation (scripts/docs.sh): a command plugin, built only when it runs.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // liblz4 from the system (Debian: liblz4-dev), found through pkg-config.
        .systemLibrary(
            name: "CLZ4",
            pkgConfig: "liblz4",
            providers: [.apt(["liblz4-dev"]), .brew(["lz4"])]
        ),
        // libxxhash from the system (Debian: libxxhash-dev): XXH32, to check an LZ4 frame's
        // content checksum faster than liblz4's own build of it (see LZ4FrameDecoder).
        .systemLibrary(
            name: "CXXHash",
            pkgConfig: "libxxhash",
            providers: [.apt(["libxxhash-dev"]), .brew(["xxhash"])]
        ),
        // The generic engine: segments, blocks, the chain, the writer, readers, recovery. It
        // stores records of opaque bytes under type names and streams, and knows no workout.
        .target(
            name: "AntrainLog",
            dependencies: [
                "CLZ4",
                "CXXHash",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "SystemPackage", package: "swift-system"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        // The domain's vocabulary: events, values, validation, the codec, schema and migration,
        // the JSON envelope, and replay into columns, over the engine.
        .target(
            name: "AntrainEvents",
            dependencies: [
                "AntrainLog",
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // glibc's malloc.h (mallopt): allocator settings for large replays.
        .systemLibrary(name: "CMalloc"),
        // Linux's sync_file_range: a rebuild's state written ahead to the disk.
        .systemLibrary(name: "CFileSync"),
        // A checksum in every page of the projections' state, written and checked by a VFS
        // shim over SQLite's own (docs/FORMAT.md, "Page checksums"): damage is found, never
        // answered from. Over the system's libsqlite3 (the one GRDB uses) and libxxhash.
        .target(
            name: "CPageChecksums",
            linkerSettings: [.linkedLibrary("sqlite3"), .linkedLibrary("xxhash")]
        ),
        .target(
            name: "AntrainProjections",
            dependencies: [
                "AntrainLog",
                "AntrainEvents",
                "CMalloc",
                "CFileSync",
                "CPageChecksums",
                .product(name: "OrderedCollections", package: "swift-collections"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        // The one reader of the JSON the project reads by hand: its lexer, and the parser of
        // JSON values on it (the CLI's `append` input and payloads); the import's fast reader
        // of export lines scans the same tokens. Internal: no product.
        .target(name: "AntrainJSON"),
        // The command rules and the Recorder: what a recording command may append, decided
        // from the facts the projections keep (the recorder's, the library's, the settings').
        .target(
            name: "AntrainRecording",
            dependencies: ["AntrainLog", "AntrainEvents", "AntrainProjections"]
        ),
        // Readers of other apps' exports (Strong, Hevy, FitNotes, Cronometer).
        .target(
            name: "AntrainImport",
            dependencies: ["AntrainLog", "AntrainEvents", "AntrainJSON"]
        ),
        // The log on a PostgreSQL server: many logs in one database, each with its own gapless
        // positions, stream versions, chain and lock (issue 40); a LogReader and LogWriter.
        .target(
            name: "AntrainPostgres",
            dependencies: [
                "AntrainLog",
                "AntrainProjections",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // A deterministic generator of realistic logs (many athletes, months of training and
        // nutrition), for tests, benchmarks and demos.
        .target(
            name: "AntrainGenerator",
            dependencies: ["AntrainLog", "AntrainEvents"]
        ),
        // The entry points of the fuzz targets (Fuzz/) and of the fuzz regression tests: bytes in,
        // the readers, decoders and importers driven. Kept out of the shipped libraries; what
        // they reach inside AntrainEvents and AntrainImport is `package`, not `public`.
        .target(
            name: "AntrainFuzzSupport",
            dependencies: [
                "AntrainLog",
                "AntrainEvents",
                "AntrainImport",
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        .executableTarget(
            name: "antrain-log",
            dependencies: [
                "AntrainLog",
                "AntrainEvents",
                "AntrainJSON",
                "AntrainProjections",
                "AntrainRecording",
                "AntrainImport",
                "AntrainGenerator",
                "AntrainPostgres",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "SystemPackage", package: "swift-system"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // A writer and reader for fault injection: the process that kill -9 tests kill, and
        // the other process of the cross-process concurrency tests. Not a product.
        .executableTarget(
            name: "antrain-stress",
            dependencies: ["AntrainLog", "AntrainEvents"]
        ),
        // Helpers that several test targets share (a temporary directory, a scratch log, a
        // seeded generator, the package's root, dumps of keyed state). Not a product.
        .target(
            name: "AntrainTestSupport",
            dependencies: [
                "AntrainLog",
                "AntrainEvents",
                "AntrainProjections",
                "AntrainGenerator",
                "AntrainInMemory",
                "AntrainPostgres",
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            path: "Tests/AntrainTestSupport"
        ),
        // A log and a projection-state backend kept in memory, written only against the public
        // protocols (issue 37): the second storage the conformance suites run beside the
        // directory log and the SQLite store. Not a product.
        .target(
            name: "AntrainInMemory",
            dependencies: [
                "AntrainLog",
                "AntrainProjections",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            path: "Tests/AntrainInMemory"
        ),
        // The engine's tests: they make records with domain events, so AntrainEvents too.
        .testTarget(
            name: "AntrainLogTests",
            // The CLI binary and antrain-stress serve as the "other process" in the cross-process
            // and kill -9 tests.
            dependencies: [
                "AntrainLog",
                "AntrainEvents",
                "AntrainFuzzSupport",
                "AntrainInMemory",
                "AntrainPostgres",
                "AntrainTestSupport",
                "antrain-log",
                "antrain-stress",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "SystemPackage", package: "swift-system"),
                // The writer's state file, read as it lies (WriterStateKillTests).
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .testTarget(
            name: "AntrainEventsTests",
            dependencies: [
                "AntrainLog",
                "AntrainEvents",
                "AntrainTestSupport",
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        .testTarget(
            name: "AntrainProjectionsTests",
            dependencies: [
                "AntrainProjections",
                // RecorderStateTests: the recorder's read model, driven through the Recorder.
                "AntrainRecording",
                "AntrainLog",
                "AntrainEvents",
                "AntrainGenerator",
                "AntrainImport",
                "AntrainInMemory",
                "AntrainTestSupport",
                "AntrainPostgres",
                .product(name: "OrderedCollections", package: "swift-collections"),
            ]
        ),
        // The read model of docs/PROJECTIONS.md, "Adding a read model", as an app writes it: it
        // imports the libraries as any other package does, without `@testable`, and without
        // package access (`package` declarations are out of its reach), so that only the public
        // API compiles. The doc's code is this target's, word for word (ReadModelDocTests).
        .testTarget(
            name: "AntrainReadModelExampleTests",
            dependencies: [
                "AntrainLog",
                "AntrainEvents",
                "AntrainProjections",
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            packageAccess: false
        ),
        .testTarget(
            name: "AntrainRecordingTests",
            dependencies: ["AntrainRecording", "AntrainProjections", "AntrainLog", "AntrainEvents", "AntrainTestSupport"]
        ),
        .testTarget(
            name: "AntrainImportTests",
            dependencies: ["AntrainImport", "AntrainLog", "AntrainEvents", "AntrainGenerator", "AntrainFuzzSupport"]
        ),
        .testTarget(
            name: "AntrainJSONTests",
            dependencies: ["AntrainJSON"]
        ),
        .testTarget(
            name: "AntrainGeneratorTests",
            dependencies: ["AntrainGenerator", "AntrainLog", "AntrainEvents"]
        ),
        .testTarget(
            name: "AntrainLogCLITests",
            dependencies: [
                "antrain-log", "AntrainLog", "AntrainEvents", "AntrainProjections", "AntrainTestSupport", "AntrainPostgres",
                // The state file read and locked as another process would (ConcurrentCommandsTests).
                .product(name: "GRDB", package: "GRDB.swift"),
                // The state of a server log read as another process would.
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
