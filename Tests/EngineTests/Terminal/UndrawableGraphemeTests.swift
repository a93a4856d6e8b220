import Foundation
import Testing
@testable import Engine

/// Scalars and clusters terminals do not draw as one cell.
@Suite("Undrawable graphemes against real terminal emulators", .serialized)
struct UndrawableGraphemeTests {
    struct Input: CustomTestStringConvertible, Sendable {
        var name: String
        var text: String
        var x: Int
        var y: Int
        var testDescription: String { name }
    }

    static let columns = 12, rows = 3

    /// Swift string literals refuse noncharacters.
    static func scalar(_ v: UInt32) -> String { String(Character(Unicode.Scalar(v)!)) }

    static let inputs: [Input] = [
        Input(name: "U+2028", text: "a\u{2028}bc|", x: 0, y: 0),
        Input(name: "U+2029", text: "a\u{2029}bc|", x: 0, y: 0),
        Input(name: "noncharacter U+FDD0", text: "a" + scalar(0xFDD0) + "bc|", x: 0, y: 0),
        Input(name: "noncharacter U+FFFF", text: "a" + scalar(0xFFFF) + "bc|", x: 0, y: 0),
        Input(name: "noncharacter U+10FFFE", text: "a" + scalar(0x10FFFE) + "bc|", x: 0, y: 0),
        Input(name: "prepended U+0600", text: "a\u{600}bc|", x: 0, y: 0),
        Input(name: "prepended U+06DD", text: "a\u{6DD}bc|", x: 0, y: 0),
        Input(name: "prepended U+110BD", text: "a\u{110BD}bc|", x: 0, y: 0),
        Input(name: "ZWJ then ASCII", text: "a\u{200D}bc|", x: 0, y: 0),
        Input(name: "a thousand ZWJ", text: "a" + String(repeating: "\u{200D}", count: 1000) + "bc|", x: 0, y: 0),
        Input(name: "a thousand combining marks", text: "e" + String(repeating: "\u{301}", count: 1000) + "bc|", x: 0, y: 0),
        Input(name: "twelve combining marks", text: "e" + String(repeating: "\u{301}", count: 12) + "bc|", x: 0, y: 0),
        Input(name: "modifier sequence at the last column", text: "\u{261D}\u{1F3FB}", x: 10, y: 0),
        Input(name: "modifier sequence at the last column of the last row", text: "\u{261D}\u{1F3FB}", x: 10, y: 2),
        Input(name: "wide modifier sequence at the right edge", text: "\u{1F44D}\u{1F3FD}", x: 10, y: 1),
    ]

    /// Rows 0 and 2 hold text around the input so a shift or a scroll shows.
    static func run(_ input: Input, in backend: TerminalEmulator.Backend) throws -> String? {
        let canvas = CellBuffer(columns: columns, rows: rows)
        canvas.damage.removeAll()
        let encoder = FrameEncoder(for: canvas)
        for y in 0..<rows { canvas.write(String(repeating: "\(y)", count: columns), x: 0, y: y) }
        let first = Array(encoder.encode(canvas))
        canvas.write(input.text, x: input.x, y: input.y)
        let bytes = Array(encoder.encode(canvas))
        // Then the marker row again, incrementally: residue would show.
        canvas.write("zz", x: 0, y: 1)
        let more = Array(encoder.encode(canvas))
        let screens = try TerminalEmulator(backend: backend).screens(columns: columns, rows: rows, chunks: [first + bytes + more])
        return TerminalEmulator.difference(screens[0], TerminalEmulator.expected(canvas, level: .truecolor))
    }

    @Test("pyte shows exactly the canvas", .needsEmulator(.pyte), arguments: inputs)
    func pyte(_ input: Input) throws {
        guard EmulatorPropertyTests.requireEmulator(.pyte) else { return }
        if let diff = try Self.run(input, in: .pyte) { Issue.record("\(diff)") }
    }

    @Test("tmux shows exactly the canvas", .needsEmulator(.tmux), arguments: inputs)
    func tmux(_ input: Input) throws {
        guard EmulatorPropertyTests.requireEmulator(.tmux) else { return }
        if let diff = try Self.run(input, in: .tmux) { Issue.record("\(diff)") }
    }
}
