import Foundation
import Testing
@testable import Engine

/// Compares the host's screen (text rows, style rows, style legend) with the
/// golden `Fixtures/snapshots/NAME.txt`. Goldens are written by running the
/// tests with `RECORD_SNAPSHOTS=1`, never edited by hand.
@MainActor
func assertSnapshot(_ host: FramePipeline, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
    var lines = ["# \(name): \(host.canvas.columns)x\(host.canvas.rows)", "# text"]
    lines += host.textRows.map { "|" + $0 + "|" }
    lines.append("# styles")
    lines += host.styleRows.map { "|" + $0 + "|" }
    lines.append("# legend")
    lines += host.styleLegend
    let text = lines.joined(separator: "\n") + "\n"
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/snapshots/\(name).txt")
    if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] != nil {
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? text.write(to: url, atomically: true, encoding: .utf8)
        return
    }
    guard let golden = try? String(contentsOf: url, encoding: .utf8) else {
        Issue.record("no golden \(url.lastPathComponent); record with RECORD_SNAPSHOTS=1\n\(text)",
                     sourceLocation: sourceLocation)
        return
    }
    if golden != text {
        Issue.record("snapshot \(name) differs:\n--- golden\n\(golden)--- now\n\(text)", sourceLocation: sourceLocation)
    }
}

/// Renders `view` on a fresh host of the given size.
@MainActor
func render<V: View>(_ view: V, columns: Int = 20, rows: Int = 5) -> FramePipeline {
    let host = FramePipeline(columns: columns, rows: rows)
    host.render(view)
    return host
}
