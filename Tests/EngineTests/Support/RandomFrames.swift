@testable import Engine

/// Mutates a canvas the way applications do, at random: text in many
/// scripts and styles, blank regions, rows that scroll, single cells.
struct RandomFrames {
    var rng: SplitMix64
    let styles: [StyleID]
    /// Graphemes every emulator agrees on (no emoji: their widths differ
    /// between terminals by design, and have their own tests).
    static let pieces = ["hello", "漢字", "e\u{301}", "─│┌┐", "abc def", "日本語テキスト", "x", "  ", "ß", "über",
                         "0123456789", "ｱｲｳ", "한국어", "==== ", "a\u{308}b\u{323}", "…", "|", "中"]

    init(seed: UInt64, table: StyleTable) {
        rng = SplitMix64(seed: seed)
        let list: [Style] = [
            .plain, Style(foreground: .red), Style(foreground: .brightGreen, attributes: .bold),
            Style(background: .blue), Style(background: .palette(236)), Style(foreground: .rgb(250, 128, 114)),
            Style(foreground: .palette(208), background: .rgb(20, 20, 60), attributes: [.italic, .underline]),
            Style(attributes: .reverse), Style(attributes: [.dim, .strikethrough]), Style(attributes: .blink),
            Style(background: .rgb(40, 40, 40)), Style(foreground: .yellow, background: .black, attributes: [.bold, .dim]),
        ]
        styles = list.map { table.id(for: $0) }
    }

    mutating func int(_ range: Range<Int>) -> Int { range.isEmpty ? range.lowerBound : Int.random(in: range, using: &rng) }
    mutating func style() -> StyleID { styles[int(0..<styles.count)] }

    /// Applies one to four random changes.
    mutating func mutate(_ canvas: CellBuffer) {
        let w = canvas.columns, h = canvas.rows
        guard w > 0 && h > 0 else { return }
        for _ in 0..<int(1..<5) {
            switch int(0..<10) {
            case 0, 1, 2:
                var text = ""
                for _ in 0..<int(1..<5) { text += RandomFrames.pieces[int(0..<RandomFrames.pieces.count)] }
                let clip = int(0..<4) == 0 ? Rect(x: int(0..<w), y: 0, width: int(1..<(w + 1)), height: h) : nil
                canvas.write(text, x: int(-2..<w), y: int(0..<h), style: style(), clip: clip)
            case 3, 4:
                let x = int(0..<w), y = int(0..<h)
                canvas.fill(Rect(x: x, y: y, width: int(1..<(w - x + 1)), height: int(1..<(h - y + 1))),
                            with: .blank(style()))
            case 5, 6:
                scroll(canvas)
            case 7:
                canvas.put(Cell(scalar: UInt32(0x41 + int(0..<26)), width: 1, style: style()), x: int(0..<w), y: int(0..<h))
            case 8:
                // a whole row of one repeated character (REP, EL territory)
                let y = int(0..<h)
                canvas.write(String(repeating: ["-", "=", " ", "#"][int(0..<4)], count: w), x: 0, y: y, style: style())
            default:
                if int(0..<6) == 0 { canvas.clear(style: int(0..<2) == 0 ? 0 : style()) }
            }
        }
    }

    /// Moves a band of rows up or down by a few rows, blanking what is vacated.
    mutating func scroll(_ canvas: CellBuffer) {
        let h = canvas.rows
        guard h >= 2 else { return }
        let top = int(0..<(h - 1)), bottom = int((top + 1)..<h)
        let k = int(1..<Swift.min(4, bottom - top + 1))
        let rows = (0..<h).map { Array(canvas.row($0)) }
        let up = int(0..<2) == 0
        for y in top...bottom {
            let source = up ? y + k : y - k
            if source >= top && source <= bottom {
                rows[source].withUnsafeBufferPointer { canvas.copyRow(y, from: $0) }
            } else {
                canvas.fill(Rect(x: 0, y: y, width: canvas.columns, height: 1), with: .blank())
            }
        }
    }
}
