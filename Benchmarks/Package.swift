// swift-tools-version:6.1
// Benchmarks for Antrain's log engine, side by side with SQLite (through GRDB) storing the
// same records, for its event codec, side by side with Foundation's JSON coders, for the
// JSON Lines import, side by side with inserting the same events into SQLite, for the
// projection rebuilds, side by side with the same events as JSON rows in SQLite, and for
// the built `antrain-log` run as a user runs it (CommandLatency). A package of its own so
// that the engine does not depend on package-benchmark. Run from this directory:
//
//     swift package --disable-sandbox benchmark
//
// See docs/BENCHMARKS.md for prerequisites, what each benchmark measures and the results.
import PackageDescription

let package = Package(
    name: "AntrainBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "Antrain", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark.git", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-system.git", from: "1.8.1"),
    ],
    targets: [
        .target(name: "BenchmarkSupport", path: "Benchmarks/BenchmarkSupport"),
        .executableTarget(
            name: "AntrainVsSQLite",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "AntrainLog", package: "Antrain"),
                .product(name: "AntrainEvents", package: "Antrain"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            path: "Benchmarks/AntrainVsSQLite",
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark"),
            ]
        ),
        .executableTarget(
            name: "CodecVsFoundation",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "AntrainLog", package: "Antrain"),
                .product(name: "AntrainEvents", package: "Antrain"),
            ],
            path: "Benchmarks/CodecVsFoundation",
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark"),
            ]
        ),
        // The rebuilds R0 to R2 measure, and the executable ProjectionRebuild runs each in;
        // also the stamp of the generator the in-process fixtures are made with.
        .target(
            name: "RebuildSupport",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "AntrainLog", package: "Antrain"),
                .product(name: "AntrainGenerator", package: "Antrain"),
                .product(name: "AntrainEvents", package: "Antrain"),
                .product(name: "AntrainProjections", package: "Antrain"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            path: "Benchmarks/RebuildSupport"
        ),
        .executableTarget(
            name: "RebuildRunner",
            dependencies: ["RebuildSupport", .product(name: "AntrainProjections", package: "Antrain")],
            path: "Benchmarks/RebuildRunner"
        ),
        .executableTarget(
            name: "ProjectionRebuild",
            dependencies: [
                "BenchmarkSupport",
                "RebuildSupport",
                "RebuildRunner",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "AntrainLog", package: "Antrain"),
                .product(name: "AntrainEvents", package: "Antrain"),
                .product(name: "AntrainProjections", package: "Antrain"),
                .product(name: "AntrainGenerator", package: "Antrain"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            path: "Benchmarks/ProjectionRebuild",
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark"),
            ]
        ),
        // Runs the main package's release build of antrain-log (not a dependency: it is
        // measured as a user runs it, so it is built the way a user builds it).
        .executableTarget(
            name: "CommandLatency",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/CommandLatency",
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark"),
            ]
        ),
        .executableTarget(
            name: "ImportVsSQLite",
            dependencies: [
                "BenchmarkSupport",
                "RebuildSupport",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "AntrainLog", package: "Antrain"),
                .product(name: "AntrainEvents", package: "Antrain"),
                .product(name: "AntrainImport", package: "Antrain"),
                .product(name: "AntrainGenerator", package: "Antrain"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            path: "Benchmarks/ImportVsSQLite",
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
