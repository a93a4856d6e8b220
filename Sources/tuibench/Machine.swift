import Engine
import Profiler
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Where and how the numbers were made, recorded in every JSON report.
struct MachineInfo: Codable {
    var os: String
    var cpu: String
    var cores: Int
    var toolchain: String
    var build: String
    /// Whether the engine was built with its profiling hooks (false for a
    /// `-DTUIENGINE_NO_PROFILER` build, made to measure what the hooks cost when off).
    var profilingHooks: Bool?
    /// How the C allocator was set up for the run (`tuibench run --allocator`).
    var allocator: String?
    /// How the profiler reads time (the timestamp counter anchored to
    /// CLOCK_MONOTONIC, or clock_gettime on every read).
    var profilerClock: String?

    static var current: MachineInfo {
        var name = utsname()
        uname(&name)
        func field<T>(_ value: T) -> String {
            withUnsafeBytes(of: value) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        }
        let cpu = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?
            .split(separator: "\n").first { $0.hasPrefix("model name") }?
            .split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown"
        return MachineInfo(os: "\(field(name.sysname)) \(field(name.release)) \(field(name.machine))", cpu: cpu,
                           cores: ProcessInfo.processInfo.activeProcessorCount, toolchain: compilerVersion,
                           build: isDebugBuild ? "debug" : "release", profilingHooks: engineHasProfilingHooks,
                           allocator: allocatorSetting, profilerClock: ProfilerClock.monotonic.readingDescription)
    }

    nonisolated(unsafe) static var allocatorSetting = "default"

    /// Turns glibc's fast bins off. Small freed blocks then go straight to
    /// the ordinary bins, merged as they are freed, instead of waiting for a
    /// bulk merge (`malloc_consolidate`) that glibc runs when a later free
    /// makes a 64 KiB free region or a later malloc asks for a large block —
    /// a merge that took 3–8 ms in an otherwise idle frame after a
    /// 100,000-node subtree was reclaimed. The median frame does not change.
    static func steadyAllocator() {
        #if canImport(Glibc)
        // Swift's Glibc module does not export <malloc.h>: find mallopt by name.
        typealias MallOpt = @convention(c) (Int32, Int32) -> Int32
        let mxfast: Int32 = 1  // M_MXFAST in <malloc.h>
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        if unsafeBitCast(symbol, to: MallOpt.self)(mxfast, 0) == 1 {
            allocatorSetting = "glibc, fast bins off (M_MXFAST=0)"
        }
        #endif
    }

    static var compilerVersion: String {
        #if compiler(>=6.3)
        return "Swift 6.3 or later"
        #elseif compiler(>=6.2)
        return "Swift 6.2"
        #elseif compiler(>=6.1)
        return "Swift 6.1"
        #else
        return "Swift 6.0"
        #endif
    }

    static var isDebugBuild: Bool {
        #if DEBUG
        return true
        #else
        return false
        #endif
    }

    /// Says loudly, on stderr, that debug-build numbers mean nothing.
    static func warnIfDebug() {
        guard isDebugBuild else { return }
        FileHandle.standardError.write(Data("""
            ********************************************************************
            * tuibench was built in DEBUG: these times are 10-50x too slow and  *
            * not comparable. Build with: swift build -c release               *
            ********************************************************************

            """.utf8))
    }

    /// Peak resident memory of this process so far, in bytes.
    static var peakMemoryBytes: Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss * 1024
    }
}

/// A one-line progress display on stderr, only when stderr is a terminal.
struct Progress {
    let enabled = isatty(2) == 1
    func show(_ text: String) {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K\(text)".utf8))
    }
    func clear() {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
