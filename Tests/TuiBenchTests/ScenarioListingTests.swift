import ArgumentParser
import Testing
@testable import tuibench

@Suite("tuibench scenarios lists each parameter as run takes it")
struct ScenarioListingTests {
    @Test("every flag listed parses with run, and gives back the scenario's defaults", arguments: Scenarios.names)
    @MainActor
    func flagsRoundTrip(_ name: String) throws {
        let scenario = try #require(Scenarios.make(name, depth: nil, fanout: nil, rows: nil))
        let listed = ScenariosCommand.parameters(of: scenario)
        let run = try Run.parse([name] + listed.flags)
        let p = run.parameters
        let again = try #require(Scenarios.make(name, depth: p.depth, fanout: p.fanout, rows: p.rows, subtree: p.subtree,
                                                period: p.period))
        #expect(again.parameters == scenario.parameters)
        for fixed in listed.fixed {
            let key = String(fixed.prefix { $0 != "=" })
            #expect(throws: (any Error).self, "\(key) is listed as fixed, so run must not take it") {
                try Run.parse([name, "--\(key)", "1"])
            }
        }
    }

    @Test("the listing has one line a scenario, names whole")
    @MainActor
    func listing() {
        let lines = ScenariosCommand.listing()
        #expect(lines.count == Scenarios.names.count)
        for (line, name) in zip(lines, Scenarios.names) { #expect(line.hasPrefix(name + " ")) }
    }
}
