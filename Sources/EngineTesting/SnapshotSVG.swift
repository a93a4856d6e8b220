import Engine

/// Draws a screen as an SVG picture, as a terminal with a dark theme would
/// show it: a monospace grid, xterm's 256 colours (24-bit ones as they
/// are), bold, dim, italic, underline, strikethrough and reverse. For
/// people reviewing a snapshot; the `.tuisnap` file is what tests compare.
public enum SnapshotSVG {
    /// One cell's width and height, in pixels.
    static let cellWidth = 9.0, cellHeight = 18.0
    static let defaultForeground = "#d0d0d0", defaultBackground = "#1c1c1c"

    /// The SVG document for `screen`.
    public static func render(_ screen: TestScreen) -> String {
        let width = Double(screen.columns) * cellWidth, height = Double(screen.rows) * cellHeight
        var out = """
        <svg xmlns="http://www.w3.org/2000/svg" width="\(format(width))" height="\(format(height))" \
        viewBox="0 0 \(format(width)) \(format(height))" font-family="Menlo, 'DejaVu Sans Mono', monospace" \
        font-size="15">
        <rect width="100%" height="100%" fill="\(defaultBackground)"/>

        """
        for y in 0..<screen.rows {
            let top = Double(y) * cellHeight
            var x = 0
            while x < screen.columns {
                // A run of cells of one style.
                let style = screen.style(column: x, row: y)
                var end = x + 1
                while end < screen.columns && screen.style(column: end, row: y) == style { end += 1 }
                var fg = color(style.foreground) ?? defaultForeground
                var bg = color(style.background)
                if style.attributes.contains(.reverse) {
                    let oldFg = fg
                    fg = bg ?? defaultBackground
                    bg = oldFg
                }
                let left = Double(x) * cellWidth
                if let bg {
                    out += "<rect x=\"\(format(left))\" y=\"\(format(top))\" width=\"\(format(Double(end - x) * cellWidth))\" "
                        + "height=\"\(format(cellHeight))\" fill=\"\(bg)\"/>\n"
                }
                // Each grapheme at its own column, so wide characters and
                // fonts without every glyph keep the grid.
                var attributes = "fill=\"\(fg)\""
                let a = style.attributes
                if a.contains(.bold) { attributes += " font-weight=\"bold\"" }
                if a.contains(.italic) { attributes += " font-style=\"italic\"" }
                if a.contains(.dim) { attributes += " fill-opacity=\"0.6\"" }
                var decorations: [String] = []
                if a.contains(.underline) { decorations.append("underline") }
                if a.contains(.strikethrough) { decorations.append("line-through") }
                if !decorations.isEmpty { attributes += " text-decoration=\"\(decorations.joined(separator: " "))\"" }
                var glyphs = ""
                for cx in x..<end {
                    let text = screen.text(column: cx, row: y)
                    guard !text.isEmpty, text != " " || !decorations.isEmpty else { continue }
                    glyphs += "<tspan x=\"\(format(Double(cx) * cellWidth))\">\(escape(text == " " ? "\u{00A0}" : text))</tspan>"
                }
                if !glyphs.isEmpty {
                    out += "<text y=\"\(format(top + cellHeight - 4))\" \(attributes)>\(glyphs)</text>\n"
                }
                x = end
            }
        }
        out += "</svg>\n"
        return out
    }

    /// A colour as `#rrggbb`, nil for the default.
    static func color(_ color: Color) -> String? {
        switch color.kind {
        case .default: return nil
        case .rgb(let r, let g, let b): return hex(Int(r), Int(g), Int(b))
        case .palette(let index):
            let i = Int(index)
            if i < 16 {
                let base = [(0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205),
                            (0, 205, 205), (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0),
                            (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255)][i]
                return hex(base.0, base.1, base.2)
            }
            if i < 232 {
                let levels = [0, 95, 135, 175, 215, 255]
                let n = i - 16
                return hex(levels[n / 36], levels[n / 6 % 6], levels[n % 6])
            }
            let gray = 8 + (i - 232) * 10
            return hex(gray, gray, gray)
        }
    }

    static func hex(_ r: Int, _ g: Int, _ b: Int) -> String {
        "#" + [r, g, b].map { v in
            let s = String(v, radix: 16)
            return s.count == 1 ? "0" + s : s
        }.joined()
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    static func escape(_ text: String) -> String {
        var out = ""
        for c in text {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(c)
            }
        }
        return out
    }
}
