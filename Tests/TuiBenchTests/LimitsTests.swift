import ArgumentParser
import Testing
@testable import tuibench

/// What a command line gives: the exit code and the message, without running it.
func usage<C: ParsableCommand>(_ command: C.Type, _ arguments: [String]) -> (code: Int32, message: String) {
    do {
        _ = try command.parse(arguments)
        return (0, "")
    } catch {
        return (command.exitCode(for: error).rawValue, command.message(for: error))
    }
}

@Suite("tuibench refuses what would trap or take hours, with the limit stated")
struct LimitsTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var arguments: [String]
        var says: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let runCases: [Case] = [
        Case(arguments: ["tree", "--depth", "64", "--fanout", "2"], says: "the most is 1000000"),
        Case(arguments: ["lazy-grid", "--fanout", "1001"], says: "lazy-grid --fanout 1001 is out of range: it must be from 1 to 1000"),
        Case(arguments: ["--fanout", "100001"], says: "--fanout 100001 is out of range: it must be from 1 to 100000"),
        Case(arguments: ["state-tree", "--depth", "40", "--fanout", "1000"], says: "the most is 1000000"),
        Case(arguments: ["state-churn", "--subtree", "9223372036854775807"], says: "from 0 to 1000000"),
        Case(arguments: ["state-churn", "--subtree", "-5"], says: "--subtree -5 is out of range"),
        Case(arguments: ["state-churn", "--subtree=-5"], says: "--subtree -5 is out of range"),
        Case(arguments: ["--frames", "1000000000000"], says: "--frames 1000000000000 is out of range: it must be from 1 to 1000000"),
        Case(arguments: ["--frames", "-1"], says: "--frames -1 is out of range"),
        Case(arguments: ["--warmup=-3"], says: "--warmup -3 is out of range"),
        Case(arguments: ["--repeats", "1000"], says: "from 1 to 100"),
        Case(arguments: ["deep-chain", "--depth", "100000"], says: "from 0 to 10000"),
        Case(arguments: ["deep-chain", "--depth", "10000", "--frames", "1000000"], says: "the most is 2000000000"),
        Case(arguments: ["state-churn", "--subtree", "1000000", "--period", "2", "--frames", "1000000"], says: "about five minutes"),
        Case(arguments: ["list", "--rows", "-1"], says: "--rows -1 is out of range"),
        Case(arguments: ["resize", "--period", "0"], says: "--period 0 is out of range"),
        Case(arguments: ["--size", "99999999999999999999x5"], says: "--size wants COLUMNSxROWS"),
    ]

    @Test("run: a usage error (exit 64) that states the limit", arguments: runCases)
    func run(_ c: Case) {
        let (code, message) = usage(Run.self, c.arguments)
        #expect(code == 64, "\(message)")
        #expect(message.contains(c.says), "\(message)")
    }

    @Test("--opt -5 and --opt=-5 are the same", arguments: ["subtree", "depth", "fanout", "rows", "period", "frames", "warmup", "repeats"])
    func negativeSpellings(_ option: String) {
        let spaced = usage(Run.self, ["--\(option)", "-5"])
        let joined = usage(Run.self, ["--\(option)=-5"])
        #expect(spaced.code == 64 && spaced.message == joined.message, "\(spaced.message) / \(joined.message)")
    }

    @Test("the defaults and the largest accepted sizes pass")
    func accepted() {
        #expect(usage(Run.self, []).code == 0)
        #expect(usage(Run.self, ["deep-chain", "--depth", "10000"]).code == 0)
        #expect(usage(Run.self, ["tree", "--depth", "9", "--fanout", "4"]).code == 0)
        #expect(usage(Run.self, ["lazy-sections", "--fanout", "100000"]).code == 0)
        #expect(usage(Run.self, ["state-churn", "--subtree", "1000000"]).code == 0)
        #expect(usage(Replay.self, ["--iterations", "10000", "x.tuiframes"]).code == 0)
    }

    @Test("other commands: iterations, per-turn, threshold, runs")
    func otherCommands() {
        #expect(usage(Replay.self, ["--iterations", "100000000", "x.tuiframes"]).message.contains("from 1 to 10000"))
        #expect(usage(Replay.self, ["--iterations", "-1", "x.tuiframes"]).message
                == usage(Replay.self, ["--iterations=-1", "x.tuiframes"]).message)
        let server = usage(FrameServer.self, ["tree", "--per-turn", "4611686018427387904"])
        #expect(server.code == 64 && server.message.contains("--per-turn"), "\(server.message)")
        #expect(usage(FrameServer.self, ["tree", "--depth", "64", "--fanout", "2"]).code == 64)
        let nan = usage(Compare.self, ["base.json", "--threshold", "nan"])
        #expect(nan.code == 64 && nan.message.contains("finite"), "\(nan.message)")
        #expect(usage(Compare.self, ["base.json", "--threshold", "-0.5"]).message
                == usage(Compare.self, ["base.json", "--threshold=-0.5"]).message)
        #expect(usage(Compare.self, ["base.json", "--threshold", "inf"]).code == 64)
        #expect(usage(AB.self, ["/bin/true", "/bin/true", "--runs", "100000"]).message.contains("from 1 to 100"))
        #expect(usage(AB.self, ["/bin/true", "/bin/true", "--subtree", "-5"]).code == 64)
        #expect(usage(ProfileCommand.self, ["tree", "--folded", "x", "--depth", "64", "--fanout", "2"]).code == 64)
        #expect(usage(ProfileCommand.self, ["tree", "--folded", "x", "--warmup", "-1"]).code == 64)
    }
}
