// swift-tools-version:6.1
// libFuzzer targets for Antrain's readers, decoders and importers (issue 6, "hostile bytes"). A package
// of its own so that the engine's build never sees the sanitizer flags. Build and run them
// with scripts/fuzz.sh, which passes what libFuzzer needs:
//
//     swift build -c release --product FuzzSegmentReader -Xswiftc -sanitize=fuzzer,address
//
// Each target is one function, `LLVMFuzzerTestOneInput`, calling an entry point of
// `FuzzEntryPoints` or `ImportFuzzEntryPoint`, which the regression tests call too, and a
// `@main` that hands it to libFuzzer's driver: SwiftPM links a Swift executable's entry point
// in as `main` (`--defsym main=<Target>_main`), so a target without one does not link, and
// libFuzzer's own `main` is never the one that runs. The entry points are the root package's
// product `AntrainFuzzSupport` (Sources/AntrainFuzzSupport/): a target of their own, so that
// the shipped libraries do not carry them.
// `FuzzSeeds` writes the seed corpora from the fixtures. See fixtures/fuzz/README.md.
import PackageDescription

// Linux only, as the root package is (its Package.swift says why): no Apple platform is listed
// because none builds it.
let package = Package(
    name: "AntrainFuzz",
    dependencies: [
        .package(name: "Antrain", path: ".."),
    ],
    targets: [
        .target(name: "CLibFuzzer"),
        .executableTarget(
            name: "FuzzSegmentReader",
            dependencies: ["CLibFuzzer", .product(name: "AntrainFuzzSupport", package: "Antrain")]
        ),
        .executableTarget(
            name: "FuzzEventDecoder",
            dependencies: ["CLibFuzzer", .product(name: "AntrainFuzzSupport", package: "Antrain")]
        ),
        .executableTarget(
            name: "FuzzLogDirectory",
            dependencies: ["CLibFuzzer", .product(name: "AntrainFuzzSupport", package: "Antrain")]
        ),
        .executableTarget(
            name: "FuzzImport",
            dependencies: ["CLibFuzzer", .product(name: "AntrainFuzzSupport", package: "Antrain")]
        ),
        .executableTarget(
            name: "FuzzSeeds",
            dependencies: [.product(name: "AntrainLog", package: "Antrain"), .product(name: "AntrainEvents", package: "Antrain"), .product(name: "AntrainFuzzSupport", package: "Antrain")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
