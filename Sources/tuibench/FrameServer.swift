import ArgumentParser
import Engine
import Foundation

/// `tuibench frame-server SCENARIO`: renders one frame of a scenario each
/// time it is asked, for `tuibench ab`'s lockstep mode, which drives two
/// builds' servers in turn so that both see the machine in the same state.
///
/// Protocol, binary, on stdin/stdout: after set-up and warm-up the server
/// writes one byte (`R`, ready). Then each byte `F` read renders the next
/// `--per-turn` frames and answers their times, 8 bytes each (nanoseconds,
/// little-endian); `Q` or end of input ends it.
struct FrameServer: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "frame-server",
        abstract: "Render frames of a scenario on request (used by `tuibench ab`).",
        shouldDisplay: false
    )

    @Argument(help: "The scenario.") var scenario: String
    @Option(help: "Screen size COLUMNSxROWS.") var size: String = "200x60"
    @Option(parsing: .unconditional, help: "Frames rendered before answering ready.") var warmup: Int = 50
    @OptionGroup var scenarioOptions: ScenarioOptions
    @Option(parsing: .unconditional, help: "Frames rendered per request.") var perTurn: Int = 1
    @Option(parsing: .unconditional, help: "Run on this CPU only (Linux), so that both builds' servers share one core's state.") var cpu: Int?

    func validate() throws {
        let (columns, screenRows) = try Run.parse(size: size)
        try Scenarios.checkNames([scenario])
        try Limits.check(warmup, Limits.warmup, "warmup")
        try Limits.check(perTurn, Limits.perTurn, "per-turn")
        try Limits.check(cpu, Limits.cpu, "cpu")
        let load = try scenarioOptions.parameters.validate([scenario], columns: columns, screenRows: screenRows)[0]
        // The frames asked for are not known in advance; one turn and the warm-up are.
        try ScenarioParameters.checkWork(load.total(hosts: 1, frames: warmup + perTurn), what: "this frame server")
    }

    func run() throws { try onMainActor { try runIsolated() } }

    @MainActor
    func runIsolated() throws {
        // A driver that goes away ends the server through a failed write, not SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        MachineInfo.steadyAllocator()
        if let cpu { FrameServer.pin(to: cpu) }
        let (columns, screenRows) = try Run.parse(size: size)
        let scenario = scenarioOptions.parameters.scenario(self.scenario)!
        var (host, frame) = scenario.warmedUp(columns: columns, rows: screenRows, frames: warmup)
        guard FrameServer.write([UInt8(ascii: "R")]) else { return }
        var command: UInt8 = 0
        var answer: [UInt8] = []
        answer.reserveCapacity(8 * perTurn)
        while read(0, &command, 1) == 1, command == UInt8(ascii: "F") {
            answer.removeAll(keepingCapacity: true)
            for _ in 0..<perTurn {
                frame += 1
                let start = monotonicNanoseconds()
                scenario.render(frame, host)
                let elapsed = monotonicNanoseconds() - start
                withUnsafeBytes(of: elapsed.littleEndian) { answer.append(contentsOf: $0) }
            }
            guard FrameServer.write(answer) else { return }
        }
    }

    /// Restricts this process to `cpu` (best effort: ignored where it fails).
    static func pin(to cpu: Int) {
        #if os(Linux)
        // Swift's Glibc module leaves sched_setaffinity out (it is a GNU
        // extension): find it by name. The mask is glibc's 1024-bit cpu_set_t.
        typealias SetAffinity = @convention(c) (Int32, Int, UnsafeRawPointer) -> Int32
        guard cpu >= 0, cpu < 1024,
              let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "sched_setaffinity")
        else { return }
        var mask = [UInt8](repeating: 0, count: 128)
        mask[cpu / 8] |= UInt8(1) << UInt8(cpu % 8)
        _ = mask.withUnsafeBytes { unsafeBitCast(symbol, to: SetAffinity.self)(0, $0.count, $0.baseAddress!) }
        #endif
    }

    /// Writes all of `bytes` to stdout; false when the reader has gone.
    static func write(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Glibc.write(1, $0.baseAddress, $0.count) }
            if n <= 0 { return false }
            offset += n
        }
        return true
    }
}
