// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "TerminalEngine",
    products: [
        .library(name: "Engine", targets: ["Engine"]),
        .library(name: "Profiler", targets: ["Profiler"]),
        .executable(name: "tuibench", targets: ["tuibench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // Counts heap allocations for tuibench's allocations-per-frame (a small C interposer).
        .package(url: "https://github.com/ordo-one/malloc-interposer", from: "1.6.1"),
    ],
    targets: [
        // libunistring ships no pkg-config file; the module map links it by name.
        .systemLibrary(
            name: "CUnistring",
            providers: [.apt(["libunistring-dev"])]
        ),
        .target(name: "Profiler"),
        .target(name: "Engine", dependencies: ["CUnistring", "Profiler"]),
        .executableTarget(
            name: "tuibench",
            dependencies: [
                "Engine",
                "Profiler",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "MallocInterposerSwift", package: "malloc-interposer"),
            ]
        ),
        .testTarget(name: "EngineTests", dependencies: ["Engine"], path: "Tests/EngineTests"),
        // tuibench's argument validation and file handling (an executable
        // target: the tests reach it with `@testable import tuibench`).
        .testTarget(name: "TuiBenchTests", dependencies: ["tuibench"], path: "Tests/TuiBenchTests"),
        .testTarget(name: "ProfilerTests", dependencies: ["Profiler"], path: "Tests/ProfilerTests", exclude: ["Fixtures"]),
    ],
    swiftLanguageModes: [.v6]
)
