import Testing

@testable import dashboard

/// The dashboard's `/proc/stat` reading: counters parsed, use from deltas.
@Suite("Dashboard CPU from /proc/stat")
struct DashboardCPUTests {
    static let first = """
        cpu  100 10 50 800 40 0 0 0 0 0
        cpu0 60 10 30 390 10 0 0 0 0 0
        cpu1 40 0 20 410 30 0 0 0 0 0
        intr 12345 0 0
        ctxt 999
        """
    static let second = """
        cpu  160 10 80 870 40 5 5 0 0 0
        cpu0 110 10 60 400 10 5 5 0 0 0
        cpu1 50 0 20 470 30 0 0 0 0 0
        """

    @Test("the cpu lines are parsed, the total first; other lines are skipped")
    func parse() {
        let counters = CPUCounters.parse(Self.first)
        #expect(counters == [CPUCounters(busy: 160, total: 1000), CPUCounters(busy: 100, total: 500),
                             CPUCounters(busy: 60, total: 500)])
        #expect(CPUCounters.parse("intr 1\ncpu x y\n").isEmpty)
    }

    @Test("use is the busy share of the ticks between two readings, per CPU and in all")
    func deltas() {
        var load = CPULoad()
        load.sample(CPUCounters.parse(Self.first))
        #expect(load.total.isEmpty)
        load.sample(CPUCounters.parse(Self.second))
        // All: busy 160 → 260 of 1000 → 1170 ticks: 100 / 170.
        #expect(load.total.count == 1 && abs(load.total[0] - 100.0 * 100 / 170) < 1e-9)
        // cpu0: 90 busy of 100 ticks; cpu1: 10 of 70.
        #expect(load.perCPU.count == 2)
        #expect(abs(load.perCPU[0][0] - 100.0 * 90 / 100) < 1e-9 && abs(load.perCPU[1][0] - 100.0 * 10 / 70) < 1e-9)
        // Counters that went back (a CPU brought back online) read as 0, not a trap.
        load.sample(CPUCounters.parse(Self.first))
        #expect(load.total.last == 0 && load.perCPU[0].last == 0)
    }

    @Test("this machine's /proc/stat, where there is one, reads as a total and one line per CPU")
    func readsThisMachine() {
        guard let counters = CPUCounters.read() else { return }
        #expect(counters.count >= 2)
        #expect(counters[0].total >= counters[1].total)
    }
}
