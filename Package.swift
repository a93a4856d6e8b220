// swift-tools-version: 6.2
import PackageDescription

// Release builds of the engine's modules:
// - cross-module optimisation: the generic reconcile, layout and paint paths
//   are serialised into the module, so an app's module specialises them for
//   its own view types instead of running them through metadata and witness
//   tables;
// - no run-time exclusivity checks: the engine runs on one thread and its
//   per-node fields are touched on every frame (debug builds, which the
//   tests use, keep the checks).
// SwiftPM accepts unsafe flags in a dependency whose manifest is tools
// version 6.2 or later (with 6.0 an app depending on this package would
// fail to resolve): hence the tools version above.
let releaseSettings: [SwiftSetting] = [
    .unsafeFlags(["-cross-module-optimization", "-enforce-exclusivity=unchecked"], .when(configuration: .release)),
    // The engine is main-actor isolated and checked so at compile time;
    // without this, every closure it hands to the standard library (map,
    // withUnsafe…, sort) from main-actor code would check the executor at
    // run time (SE-0423), on the per-node paths.
    .unsafeFlags(["-Xfrontend", "-disable-dynamic-actor-isolation"]),
]

let package = Package(
    name: "TerminalEngine",
    // macOS 15: `Synchronization`'s Mutex (RuntimeClock); Observation needs 14.
    // Linux needs no entry. tuibench stays Linux-only (README, Platforms).
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Engine", targets: ["Engine"]),
        .library(name: "Profiler", targets: ["Profiler"]),
        // The test kit for apps' test targets: scripted interaction on a
        // manual clock, snapshots, emulator checks (docs: Testing your app).
        .library(name: "EngineTesting", targets: ["EngineTesting"]),
        // What needs Foundation, kept out of Engine: `Text(AttributedString)`.
        .library(name: "EngineFoundation", targets: ["EngineFoundation"]),
        .executable(name: "tuibench", targets: ["tuibench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // libunistring ships no pkg-config file; the module map links it by name.
        .systemLibrary(
            name: "CUnistring",
            providers: [.apt(["libunistring-dev"]), .brew(["libunistring"])]
        ),
        .target(name: "Profiler", swiftSettings: releaseSettings),
        // The system calls whose Swift import differs between Linux and
        // Darwin (termios, window size, sigaction, environ, the signal-safe
        // terminal restore), in strict C11 and POSIX.1-2008; only
        // Engine/Platform/ imports it (.ci/platform checks both).
        .target(name: "CTerminalPlatform", cSettings: [.define("_POSIX_C_SOURCE", to: "200809L")]),
        // Counts heap allocations for tuibench's allocations per frame: it
        // defines malloc & co. and forwards to glibc. Only tuibench links it,
        // so a package that depends on Engine neither resolves nor links it.
        .target(name: "CAllocationCounter"),
        // PNG and JPEG decoding for `PixelImage`, in strict C11: libpng's
        // simplified API and libjpeg-turbo (its classic API; error exits
        // longjmp only inside the C). Only Engine/Images/ imports it.
        .target(
            name: "CImageCodecs",
            linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("jpeg")]
        ),
        .target(
            name: "Engine",
            dependencies: ["CUnistring", "CTerminalPlatform", "CImageCodecs", "Profiler"],
            swiftSettings: releaseSettings
        ),
        // Links both Swift Testing and XCTest: a failure goes to whichever runs the test.
        .target(name: "EngineTesting", dependencies: ["Engine"]),
        // Engine imports no Foundation (.ci/platform); this one does, for
        // `AttributedString`.
        .target(name: "EngineFoundation", dependencies: ["Engine"], swiftSettings: releaseSettings),
        .executableTarget(
            name: "tuibench",
            dependencies: [
                "Engine",
                "Profiler",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                "CAllocationCounter",
            ],
            // Deep scenarios run the engine's main-actor code on a thread
            // with a large stack while the main thread waits (LargeStack):
            // no run-time executor checks, which would trap there.
            swiftSettings: [.unsafeFlags(["-Xfrontend", "-disable-dynamic-actor-isolation"])]
        ),
        // Example apps: `swift run -c release counter`.
        .executableTarget(name: "counter", dependencies: ["Engine"], path: "Examples/Counter"),
        .executableTarget(name: "dashboard", dependencies: ["Engine"], path: "Examples/Dashboard"),
        .executableTarget(name: "inline-progress", dependencies: ["Engine"], path: "Examples/InlineProgress"),
        .executableTarget(name: "todo", dependencies: ["Engine"], path: "Examples/Todo"),
        .executableTarget(name: "form", dependencies: ["Engine"], path: "Examples/Form"),
        .executableTarget(name: "top", dependencies: ["Engine"], path: "Examples/ProcessMonitor"),
        .executableTarget(name: "notes", dependencies: ["Engine"], path: "Examples/Notes"),
        .executableTarget(name: "pager", dependencies: ["Engine"], path: "Examples/Pager"),
        .executableTarget(name: "wizard", dependencies: ["Engine"], path: "Examples/Wizard"),
        .executableTarget(name: "settings", dependencies: ["Engine"], path: "Examples/Settings"),
        .executableTarget(name: "logtail", dependencies: ["Engine"], path: "Examples/LogTail"),
        .executableTarget(name: "markdown-viewer", dependencies: ["Engine"], path: "Examples/MarkdownViewer"),
        .executableTarget(name: "chrome", dependencies: ["Engine"], path: "Examples/Chrome"),
        .executableTarget(name: "gallery", dependencies: ["Engine"], path: "Examples/Gallery"),
        .executableTarget(name: "files", dependencies: ["Engine"], path: "Examples/Files"),
        // The workloads `tuibench app --workload` drives: ticker, typing, scroll.
        .executableTarget(name: "bench-apps", dependencies: ["Engine"], path: "Examples/BenchApps"),
        // The app the runtime's end-to-end tests and `tuibench app` drive in a terminal.
        .executableTarget(name: "runtime-probe", dependencies: ["Engine"], path: "Tests/RuntimeProbe"),
        .testTarget(name: "EngineTests", dependencies: ["Engine"], path: "Tests/EngineTests"),
        .testTarget(name: "EngineTestingTests", dependencies: ["EngineTesting"], path: "Tests/EngineTestingTests",
                    exclude: ["__Snapshots__"]),
        // tuibench's argument validation and file handling (an executable
        // target: the tests reach it with `@testable import tuibench`).
        .testTarget(name: "ExamplesTests",
                    dependencies: ["EngineTesting", "counter", "todo", "form", "wizard", "dashboard", "inline-progress",
                                   "pager", "notes", "settings"],
                    path: "Tests/ExamplesTests", exclude: ["Sessions", "__Snapshots__"]),
        .testTarget(name: "TuiBenchTests", dependencies: ["tuibench"], path: "Tests/TuiBenchTests"),
        .testTarget(name: "EngineFoundationTests", dependencies: ["EngineFoundation"], path: "Tests/EngineFoundationTests"),
        .testTarget(name: "ProfilerTests", dependencies: ["Profiler"], path: "Tests/ProfilerTests", exclude: ["Fixtures"]),
    ],
    swiftLanguageModes: [.v6]
)

// The DocC plugin (`swift package generate-documentation`, .ci/docs) only
// when asked for: a package that depends on this one never resolves it.
if Context.environment["TUI_DOCC"] == "1" {
    package.dependencies.append(.package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"))
}
