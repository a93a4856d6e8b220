import Profiler

/// The live performance overlay: frame time p50/p99 over the last frames,
/// the last frame's phases, bytes and body evaluations per frame, drawn by
/// the runtime in the top-right corner of the real app.
///
/// Toggled by ``TerminalOptions/performanceOverlayKey`` (F12 by default) or
/// shown from the start with `TUI_OVERLAY=1`. It is drawn after each frame's
/// own bytes, outside the canvas, so the app's views and their damage are
/// untouched; when it hides, the cells under it are repainted. While it is
/// visible the frames are profiled (the phases come from the profiler).
@MainActor
final class PerformanceOverlay {
    var visible: Bool
    /// Draw (or erase) on the next frame even if nothing else changed.
    var forceRepaint = false
    private var times = [UInt64](repeating: 0, count: 240)
    private var bytes = [Int](repeating: 0, count: 240)
    private var evaluations = [Int](repeating: 0, count: 240)
    private var count = 0
    private var drawn: Rect?
    private var attachedProfiler = false

    init(visible: Bool) { self.visible = visible }

    func record(nanoseconds: UInt64, bytes b: Int, evaluations e: Int) {
        let i = count % times.count
        times[i] = nanoseconds
        bytes[i] = b
        evaluations[i] = e
        count += 1
    }

    /// The overlay's bytes for this frame (or the bytes that erase it).
    func draw(host: FramePipeline, link: LinkMonitor? = nil) -> [UInt8] {
        forceRepaint = false
        if !visible {
            if attachedProfiler {
                host.profiler = nil
                attachedProfiler = false
            }
            if let rect = drawn {
                drawn = nil
                host.encoder.forget(rect, in: host.canvas)
                host.update(keepBytes: false)
                return Array(host.encoder.lastOutput)
            }
            return []
        }
        if host.profiler == nil {
            host.profiler = Profiler()
            attachedProfiler = true
        }
        var lines = self.lines(profiler: host.profiler)
        if let link, let line = PerformanceOverlay.line(link) { lines.append(line) }
        let width = lines.map(\.count).max() ?? 0
        let columns = host.canvas.columns
        guard columns >= width, host.canvas.rows >= lines.count else { return [] }
        let x = columns - width
        var out: [UInt8] = []
        out += Array("\u{1B}[0;7m".utf8)  // reverse video, readable on any theme
        for (i, line) in lines.enumerated() {
            out += Array("\u{1B}[\(i + 1 + (host.encoder.inlineOrigin ?? 0));\(x + 1)H".utf8)
            out += Array(line.padding(toLength: width).utf8)
        }
        out += Array("\u{1B}[0m".utf8)
        // The terminal's cursor and pen are no longer where the encoder thinks.
        host.encoder.cursorMoved(toX: nil, y: nil)
        host.encoder.forget(Rect(x: x, y: 0, width: width, height: lines.count), in: host.canvas)
        host.canvas.damage.removeAll()
        drawn = Rect(x: x, y: 0, width: width, height: lines.count)
        return out
    }

    private func lines(profiler: Profiler?) -> [String] {
        let n = min(count, times.count)
        guard n > 0 else { return [" frame –"] }
        let sorted = times[0..<n].sorted()
        let p50 = sorted[(n - 1) / 2], p99 = sorted[min(n - 1, (n * 99) / 100)]
        let avgBytes = bytes[0..<n].reduce(0, +) / n
        let avgEvals = evaluations[0..<n].reduce(0, +) / n
        var out = [" frame p50 \(PerformanceOverlay.time(p50))  p99 \(PerformanceOverlay.time(p99)) "]
        if let frame = profiler?.lastFrame {
            let phases: [(String, SpanName)] = [("eval", .evaluate), ("layout", .layout), ("draw", .draw), ("diff", .diff)]
            out.append(" " + phases.map { "\($0.0) \(PerformanceOverlay.time(frame.nanoseconds(in: $0.1)))" }
                .joined(separator: " ") + " ")
        }
        out.append(" \(avgBytes) B/frame  \(avgEvals) evals/frame  (\(n) frames) ")
        return out
    }

    /// The link's line: its round trip, the queueing above it, the bytes
    /// in flight against the window, and whether frames are paced; nil
    /// before the first answer (or when the terminal answers none).
    nonisolated static func line(_ link: LinkMonitor) -> String? {
        if link.unanswered { return " link: no answers, not paced " }
        guard let rtt = link.smoothedRoundTrip else { return nil }
        var text = " link rtt \(time(rtt))  queue \(time(link.queueDelay))  in flight \(size(link.bytesInFlight))"
        if link.pacing { text += "/\(size(link.window)) paced" }
        if let rate = link.deliveryRate ?? link.blockedWriteRate { text += "  \(size(Int(rate)))/s" }
        return text + " "
    }

    nonisolated static func size(_ bytes: Int) -> String {
        bytes < 10_000 ? "\(bytes)B" : bytes < 10_000_000 ? "\(bytes / 1000)KB" : "\(bytes / 1_000_000)MB"
    }

    nonisolated static func time(_ ns: UInt64) -> String {
        if ns < 10_000 { return "\(ns / 1000).\(ns / 100 % 10)µs" }
        if ns < 1_000_000 { return "\(ns / 1000)µs" }
        return "\(ns / 1_000_000).\(ns / 100_000 % 10)ms"
    }
}

extension String {
    fileprivate func padding(toLength n: Int) -> String {
        count >= n ? self : self + String(repeating: " ", count: n - count)
    }
}
