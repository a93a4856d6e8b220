import ArgumentParser
import Foundation
import Testing
@testable import tuibench

@Suite("tuibench app reads what the tools and /proc write")
struct AppEventsParsingTests {
    @Test("strace -c: the calls column by its heading, blank errors, the total left out")
    func straceSummary() throws {
        let text = """
            % time     seconds  usecs/call     calls    errors syscall
            ------ ----------- ----------- --------- --------- ----------------
             28.96    0.000267           8        30        13 openat
             25.81    0.000238          11        21           mmap
              0.33    0.000003           3         1           rseq
              0.00    0.000000           0      2000           rt_sigprocmask
            ------ ----------- ----------- --------- --------- ----------------
            100.00    0.000922           8      2052        13 total

            """
        let calls = try #require(TraceSummaries.straceCalls(text))
        #expect(calls == ["openat": 30, "mmap": 21, "rseq": 1, "rt_sigprocmask": 2000])
        #expect(TraceSummaries.straceCalls("strace: exec: No such file or directory\n") == nil)
    }

    @Test("callgrind: the totals line, else the summary line")
    func callgrindTotals() {
        let file = """
            # callgrind format
            version: 1
            events: Ir
            summary: 123456
            fn=(1) main
            3 10

            totals: 123457

            """
        #expect(TraceSummaries.callgrindInstructions(file) == 123_457)
        #expect(TraceSummaries.callgrindInstructions("events: Ir\nsummary: 99\n") == 99)
        #expect(TraceSummaries.callgrindInstructions("events: Ir\n") == nil)
    }

    @Test("/proc/<pid>/stat: utime + stime counted from the last parenthesis, a command with spaces and parentheses")
    func statLine() {
        let line = "4242 (bench (apps) x) S 1 4242 4242 34816 4242 4194560 "
            + "1000 0 0 0 17 5 0 0 20 0 3 0 12345 1000000 500 18446744073709551615"
        #expect(ProcessCounters.statTicks(line) == 22)
        #expect(ProcessCounters.statTicks("4242 (x) S 1 2") == nil)
    }

    @Test("/proc status fields: numbers by name, units dropped")
    func statusFields() {
        let fields = ProcessCounters.statusFields("""
            Name:\tbench-apps
            VmHWM:\t   13312 kB
            VmRSS:\t   12000 kB
            voluntary_ctxt_switches:\t150
            nonvoluntary_ctxt_switches:\t7
            """)
        #expect(fields["VmHWM"] == 13312)
        #expect(fields["voluntary_ctxt_switches"] == 150)
        #expect(fields["nonvoluntary_ctxt_switches"] == 7)
        #expect(fields["Name"] == nil)
    }

    @Test("the counters of this process: CPU time from its clock, its threads, its memory")
    func ownCounters() {
        var x = 0
        for i in 0..<2_000_000 { x &+= i &* i }
        let c = ProcessCounters.read(getpid())
        #expect(x != 1)
        #expect(c.cpuNanoseconds > 0)
        #expect(c.threads >= 1)
        #expect(c.peakRSSKilobytes >= c.rssKilobytes && c.rssKilobytes > 0)
        #expect(c.voluntarySwitches + c.involuntarySwitches > 0)
    }
}

@Suite("tuibench app's keys and arguments")
struct AppEventsArgumentTests {
    @Test("keys: names as xterm sends them, one character, text: cycling then Enter")
    func keys() throws {
        #expect(try KeySequence("down").keys == [[0x1B, 0x5B, 0x42]])
        #expect(try KeySequence("t").keys == [[0x74]])
        let text = try KeySequence("text:ab")
        #expect(text.keys == [[0x61], [0x62], [0x0D]])
        #expect(text.key(3) == [0x61])
        #expect(throws: ValidationError.self) { try KeySequence("downward") }
        #expect(throws: ValidationError.self) { try KeySequence("text:") }
        #expect(throws: ValidationError.self) { try KeySequence("é") }
    }

    @Test(arguments: [
        (["--workload", "typing", "--events", "0"], "--events 0 is out of range"),
        (["--workload", "typing", "--rounds", "21"], "--rounds 21 is out of range"),
        (["--workload", "typing", "--size", "80by24"], "--size wants COLUMNSxROWS"),
        (["--workload", "typing", "--size", "2000x24"], "at most 1000x1000"),
        (["--workload", "typing", "--key", "sideways"], "--key sideways is not a key"),
        (["--workload", ",", "--events", "5"], "--workload names no app"),
        (["--syscalls"], "need --workload"),
        (["--workload", "typing", "--instructions", "--keep-profiles", "/no/such/directory"],
         "--keep-profiles: /no/such/directory is not a directory"),
    ])
    func refused(arguments: [String], says: String) {
        let (code, message) = usage(AppBench.self, arguments)
        #expect(code == 64)
        #expect(message.contains(says), "\(message)")
    }

    @Test("an unknown workload that is no executable is named, with how to build one")
    func unknownWorkload() throws {
        let bench = try AppBench.parse(["--workload", "no-such-app"])
        #expect {
            _ = try bench.targets()
        } throws: { error in
            "\(error)".contains("--workload no-such-app is neither ticker, typing nor scroll")
                && "\(error)".contains("--product no-such-app")
        }
    }
}

@Suite("tuibench compare gates app reports")
struct AppCompareTests {
    static func result(_ name: String, cpu: Double = 50_000, bytes: Double = 60, switches: Double = 2,
                       syscalls: Double? = nil, instructions: Double? = nil) -> AppWorkloadResult {
        AppWorkloadResult(
            name: name, app: "/x/bench-apps", arguments: [name], key: "t", events: 100, cpuNanosecondsPerEvent: cpu,
            cpuNanosecondsPerEventRounds: [cpu], statCPUNanosecondsPerEvent: cpu, contextSwitchesPerEvent: switches,
            voluntarySwitchesPerEvent: switches, involuntarySwitchesPerEvent: 0, bytesPerEvent: bytes, framesPerEvent: 1,
            latencyP50Nanoseconds: 400_000, latencyP99Nanoseconds: 900_000, latencyMaxNanoseconds: 1_000_000,
            startupNanoseconds: 9_000_000, peakRSSKilobytes: 13_000, threads: 1,
            syscalls: syscalls.map { .init(events: 100, perEvent: $0, perEventByName: ["write": $0]) },
            instructions: instructions.map { .init(events: 100, perEvent: $0, totals: [1, 2]) })
    }

    static func report(_ workloads: [AppWorkloadResult]) -> AppEventsReport {
        AppEventsReport(columns: 80, rows: 24, events: 100, warmup: 10, rounds: 1, pauseMicroseconds: 0,
                        machine: .current, workloads: workloads)
    }

    func regressions(_ old: AppWorkloadResult, _ new: AppWorkloadResult) -> [String] {
        Compare.compareApps(Self.report([old]), Self.report([new]), threshold: 0.05, cpuThreshold: 0.25).regressions
    }

    @Test("the same report passes")
    func same() {
        let r = Self.result("typing", syscalls: 6, instructions: 40_000)
        #expect(regressions(r, r).isEmpty)
    }

    @Test("CPU time gates loosely (here at 25%): 20% more passes, 30% more is a regression")
    func cpu() {
        #expect(regressions(Self.result("typing", cpu: 50_000), Self.result("typing", cpu: 60_000)).isEmpty)
        #expect(regressions(Self.result("typing", cpu: 50_000), Self.result("typing", cpu: 65_000)).count == 1)
    }

    @Test("CPU time compares the best rounds: a slow round from other load is not a regression")
    func bestRound() {
        var slow = Self.result("scroll", cpu: 90_000)
        slow.cpuNanosecondsPerEventRounds = [52_000, 90_000, 95_000]
        #expect(Compare.bestRound(slow) == 52_000)
        #expect(regressions(Self.result("scroll", cpu: 50_000), slow).isEmpty)
    }

    @Test("counts gate tightly: 6% more bytes, instructions or system calls are regressions")
    func counts() {
        #expect(regressions(Self.result("scroll", bytes: 100), Self.result("scroll", bytes: 106)) == ["scroll: bytes/event 100.00 → 106.00"])
        #expect(regressions(Self.result("scroll", instructions: 100_000), Self.result("scroll", instructions: 106_000)).count == 1)
        #expect(regressions(Self.result("scroll", syscalls: 6), Self.result("scroll", syscalls: 6.5)).count == 1)
        #expect(regressions(Self.result("scroll", syscalls: 6), Self.result("scroll", syscalls: 6.3)).isEmpty)
    }

    @Test("context switches: a tenth of one an event is noise, one more an event is not")
    func switches() {
        #expect(regressions(Self.result("ticker", switches: 1), Self.result("ticker", switches: 1.1)).isEmpty)
        #expect(regressions(Self.result("ticker", switches: 1), Self.result("ticker", switches: 2)).count == 1)
        #expect(regressions(Self.result("ticker", switches: 2), Self.result("ticker", switches: 1)).isEmpty)
    }

    @Test("a workload missing from the current report is shown, not a crash")
    func missing() {
        let (table, regressions) = Compare.compareApps(Self.report([Self.result("typing")]), Self.report([]),
                                                       threshold: 0.05, cpuThreshold: 0.25)
        #expect(table.split(separator: "\n").contains { $0.hasPrefix("typing ") && $0.contains(" missing") })
        #expect(regressions.isEmpty)
    }
}
