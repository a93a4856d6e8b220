@testable import Engine

/// Bytes written the way the tests read them: ESC as `\e`, CR `\r`, LF `\n`,
/// BS `\b`, other controls as `\xNN`, everything else as UTF-8 text.
func escaped<S: Sequence>(_ bytes: S) -> String where S.Element == UInt8 {
    var out = ""
    var text: [UInt8] = []
    func flush() {
        out += String(decoding: text, as: UTF8.self)
        text.removeAll()
    }
    for b in bytes {
        switch b {
        case 0x1B: flush(); out += "\\e"
        case 0x0D: flush(); out += "\\r"
        case 0x0A: flush(); out += "\\n"
        case 0x08: flush(); out += "\\b"
        case 0..<0x20, 0x7F:
            flush()
            let hex = String(b, radix: 16)
            out += "\\x" + (hex.count == 1 ? "0" : "") + hex
        default: text.append(b)
        }
    }
    flush()
    return out
}

/// A canvas and an encoder sharing tables, for writer tests.
final class WriterFixture {
    let canvas: CellBuffer
    let encoder: FrameEncoder

    init(columns: Int, rows: Int, capabilities: TerminalCapabilities = TerminalCapabilities()) {
        canvas = CellBuffer(columns: columns, rows: rows)
        canvas.damage.removeAll()
        encoder = FrameEncoder(for: canvas, capabilities: capabilities)
    }

    func style(_ s: Style) -> StyleID { canvas.styles.id(for: s) }

    /// Encodes the canvas and returns the bytes escaped.
    @discardableResult
    func frame() -> String { escaped(encoder.encode(canvas)) }
}
