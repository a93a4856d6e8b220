import ArgumentParser
import Foundation

extension AB {
    /// One build's frame server, driven through its stdin and stdout.
    struct Server {
        let child: Child
        let input: Pipe

        init(_ executable: String, _ arguments: [String]) throws {
            input = Pipe()
            child = try Child(executable, ["frame-server"] + arguments, stdin: input)
            guard let ready = read(1), ready == [UInt8(ascii: "R")] else { throw child.failure("did not become ready") }
        }

        /// Reads exactly `count` bytes, or nil at end of input.
        func read(_ count: Int) -> [UInt8]? {
            var bytes = [UInt8](repeating: 0, count: count)
            var offset = 0
            let fd = child.stdout.fileHandleForReading.fileDescriptor
            while offset < count {
                let n = bytes[offset...].withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
                if n <= 0 { return nil }
                offset += n
            }
            return bytes
        }

        /// Asks for one turn of `count` frames and returns their times in
        /// nanoseconds.
        func frames(_ count: Int) throws -> [UInt64] {
            var command = UInt8(ascii: "F")
            guard write(input.fileHandleForWriting.fileDescriptor, &command, 1) == 1,
                  let bytes = read(8 * count)
            else { throw child.failure("stopped answering") }
            return (0..<count).map { i in
                UInt64(littleEndian: bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 8 * i, as: UInt64.self) })
            }
        }

        func stop() {
            var command = UInt8(ascii: "Q")
            _ = write(input.fileHandleForWriting.fileDescriptor, &command, 1)
            try? input.fileHandleForWriting.close()
            child.process.waitUntilExit()
            child.removeErrorFile()
        }
    }

    /// Frames kept from each turn of a frame server.
    static let framesPerTurn = 10

    /// Lockstep comparison: per scenario and run, a fresh frame server of
    /// each build; frame i is rendered by both, microseconds apart, in
    /// alternating order. Each run is cut into blocks of frames, and a
    /// verdict needs every block's median ratio, and every run's, to agree:
    /// blocks of one run share that pair of processes' memory placement, so
    /// only fresh pairs (runs) are independent samples of it.
    func lockstep() throws -> String {
        signal(SIGPIPE, SIG_IGN)
        let names = scenarios.isEmpty ? Scenarios.names : scenarios
        let blocksPerRun = 5
        var rows: [[String]] = [["scenario", "baseline p50", "candidate p50", "ratio", "runs", "blocks", "verdict"]]
        let progress = Progress()
        for name in names {
            var a: [UInt64] = [], b: [UInt64] = []
            var blockRatios: [Double] = [], pairedRatios: [Double] = [], runRatios: [Double] = []
            for run in 0..<runs {
                progress.show("ab: \(name), run \(run + 1)/\(runs)")
                var arguments = [name, "--size", size, "--warmup", "\(warmup)", "--subtree", "\(subtree)",
                                 "--per-turn", "\(AB.framesPerTurn + 1)"]
                // Both servers on one core (the last): they share its caches' and clock's state.
                if ProcessInfo.processInfo.activeProcessorCount > 1 {
                    arguments += ["--cpu", "\(ProcessInfo.processInfo.activeProcessorCount - 1)"]
                }
                // Start order alternates too: neither build always sets up first.
                let first = try Server(run % 2 == 0 ? baseline : candidate, arguments)
                let second = try Server(run % 2 == 0 ? candidate : baseline, arguments)
                let (serverA, serverB) = run % 2 == 0 ? (first, second) : (second, first)
                var runA: [UInt64] = [], runB: [UInt64] = []
                runA.reserveCapacity(frames)
                runB.reserveCapacity(frames)
                // Each turn renders one frame more than it keeps: the first
                // frame after the other build ran pays for the switch.
                var turn = 0
                while runA.count < frames {
                    if (turn + run) % 2 == 0 {
                        runA += try serverA.frames(AB.framesPerTurn + 1).dropFirst()
                        runB += try serverB.frames(AB.framesPerTurn + 1).dropFirst()
                    } else {
                        runB += try serverB.frames(AB.framesPerTurn + 1).dropFirst()
                        runA += try serverA.frames(AB.framesPerTurn + 1).dropFirst()
                    }
                    turn += 1
                }
                runA = Array(runA.prefix(frames))
                runB = Array(runB.prefix(frames))
                serverA.stop()
                serverB.stop()
                // Frame i is the same frame in both builds: its ratio is
                // paired, and the median of paired ratios does not care that
                // a scenario's frames differ (a subtree every 10 frames).
                let ratios = zip(runA, runB).map { Double($1) / Double(max($0, 1)) }
                let block = max(frames / blocksPerRun, 1)
                for start in stride(from: 0, to: frames - block + 1, by: block) {
                    blockRatios.append(medianRatio(Array(ratios[start..<start + block])))
                }
                pairedRatios += ratios
                runRatios.append(medianRatio(ratios))
                a += runA
                b += runB
            }
            let ma = Percentiles(a).median, mb = Percentiles(b).median
            let ratio = medianRatio(pairedRatios)
            let agreeing = blockRatios + runRatios
            let verdict = runRatios.count > 1 && agreeing.allSatisfy { $0 < 1 } ? "faster"
                : runRatios.count > 1 && agreeing.allSatisfy { $0 > 1 } ? "slower" : "noise"
            rows.append([name, ReplayReport.duration(ma), ReplayReport.duration(mb),
                         String(format: "%+.1f%%", 100 * (ratio - 1)),
                         String(format: "%+.1f%% … %+.1f%%", 100 * (runRatios.min()! - 1), 100 * (runRatios.max()! - 1)),
                         String(format: "%+.1f%% … %+.1f%%", 100 * (blockRatios.min()! - 1), 100 * (blockRatios.max()! - 1)),
                         verdict])
        }
        progress.clear()
        var out = "candidate against baseline in lockstep: \(runs) runs × \(frames) frames, each frame rendered by both builds "
        out += "in turn on one core; ratio = median of the per-frame ratios\n"
        out += textTable(rows, leftAligned: [0, rows[0].count - 1])
        out += "blocks = range of the blocks' median per-frame ratios (\(blocksPerRun) blocks a run); "
        out += "runs = range of each run's median per-frame ratio (a fresh pair of processes each); "
        out += "a verdict needs at least 2 runs, and every run and block to agree."
        return out
    }
}
