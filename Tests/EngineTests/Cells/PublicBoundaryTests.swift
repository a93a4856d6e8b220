import Testing
@testable import Engine

/// What the public cell and border API lets an app pass reaches the
/// terminal sanitised, and never traps later in `encode` or `Rect`.
@MainActor
@Suite("Sanitising at the public boundary")
struct PublicBoundaryTests {
    /// Encodes `canvas` from a blank terminal and returns the bytes.
    func encode(_ canvas: CellBuffer) -> [UInt8] {
        let encoder = FrameEncoder(for: canvas, capabilities: TerminalCapabilities(colors: .truecolor))
        return Array(encoder.encode(canvas))
    }

    /// No cell holds a control, a surrogate or a value past U+10FFFF, and
    /// every id is one the tables hold.
    func expectCellsHarmless(_ canvas: CellBuffer, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(canvas.checkInvariants() == nil, sourceLocation: sourceLocation)
        for y in 0..<canvas.rows {
            for x in 0..<canvas.columns {
                let cell = canvas[x, y]
                #expect(Int(cell.style) < canvas.styles.count, sourceLocation: sourceLocation)
                if cell.isCluster { #expect(Int(cell.payload) < canvas.graphemes.count, sourceLocation: sourceLocation) }
                guard !cell.isCluster, !cell.isContinuation else { continue }
                let v = cell.payload
                #expect(!(v < 0x20 || (0x7F...0x9F).contains(v) || (0xD800...0xDFFF).contains(v) || v > 0x10FFFF),
                        "cell (\(x),\(y)) holds U+\(String(v, radix: 16))", sourceLocation: sourceLocation)
            }
        }
    }

    /// The bytes written hold no control but the writer's own (ESC-led
    /// sequences, CR, LF, BS for cursor moves): no BEL, 8-bit CSI, and
    /// nothing that is not UTF-8.
    func expectHarmless(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(String(validating: bytes, as: UTF8.self) != nil, "invalid UTF-8", sourceLocation: sourceLocation)
        let text = String(decoding: bytes, as: UTF8.self)
        for scalar in text.unicodeScalars where ![0x1B, 0x0D, 0x0A, 0x08].contains(scalar.value) {
            #expect(!(scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || (0xD800...0xDFFF).contains(scalar.value)),
                    "control U+\(String(scalar.value, radix: 16)) in \(VisibleEscaping.visible(text))", sourceLocation: sourceLocation)
        }
    }

    nonisolated static let hostile: [UInt32] = [0x1B, 0x07, 0x0A, 0x0D, 0x9B, 0x9D, 0x7F, 0x00, 0xD800, 0xDFFF, 0x110000, 0x1FFFFF]

    @Test("put and fill with raw control, surrogate and invalid scalars", arguments: hostile)
    func rawScalars(_ scalar: UInt32) {
        let canvas = CellBuffer(columns: 6, rows: 2)
        canvas.put(Cell(scalar: scalar, width: 1, style: 0), x: 0, y: 0)
        canvas.put(Cell(scalar: scalar, width: 2, style: 0), x: 2, y: 0)
        canvas.fill(Rect(x: 0, y: 1, width: 6, height: 1), with: Cell(scalar: scalar, width: 1, style: 0))
        expectCellsHarmless(canvas)
        expectHarmless(encode(canvas))
    }

    @Test("border styles made of controls, wide or zero-width scalars draw one-column cells", arguments: hostile + [0x6F22, 0x301, 0x200B, 0x1F600])
    func borderStyles(_ scalar: UInt32) {
        let style = BorderStyle(topLeft: scalar, top: scalar, topRight: scalar, left: scalar, right: scalar,
                                bottomLeft: scalar, bottom: scalar, bottomRight: scalar)
        let host = FramePipeline(columns: 8, rows: 4)
        host.render(Text("hi").border(style))
        expectCellsHarmless(host.canvas)
        for y in 0..<4 { for x in 0..<8 { #expect(host.canvas[x, y].width == 1, "(\(x),\(y))") } }
        #expect(host.textRows.allSatisfy { $0.count == 8 })
        expectHarmless(encode(host.canvas))
    }

    @Test("out-of-range style and grapheme ids become the default style and U+FFFD")
    func outOfRangeIds() {
        let canvas = CellBuffer(columns: 6, rows: 2)
        canvas.put(Cell(scalar: 0x41, width: 1, style: 999), x: 0, y: 0)
        canvas.put(Cell(cluster: 12345, width: 1, style: 0), x: 1, y: 0)
        canvas.put(Cell(cluster: 12345, width: 2, style: .max), x: 2, y: 0)
        canvas.fill(Rect(x: 0, y: 1, width: 3, height: 1), with: Cell(scalar: 0x42, width: 1, style: 7))
        canvas.write("x", x: 5, y: 0, style: 4242)
        #expect(canvas.checkInvariants() == nil)
        for y in 0..<2 { for x in 0..<6 { #expect(Int(canvas[x, y].style) < canvas.styles.count) } }
        #expect(canvas.text(x: 1, y: 0) == "\u{FFFD}")
        expectHarmless(encode(canvas))
        // A border's style is a value (no id to get wrong): any colour it
        // names is interned.
        let host = FramePipeline(columns: 6, rows: 3)
        host.render(Text("a").border(.single, style: Style(foreground: .rgb(1, 2, 3))).background(.blue))
        expectHarmless(encode(host.canvas))
    }

    @Test("huge and negative rects are clipped, never trap", arguments: [
        Rect(x: Int.max, y: Int.max, width: Int.max, height: Int.max),
        Rect(x: Int.min, y: Int.min, width: Int.max, height: Int.max),
        Rect(x: -5, y: -5, width: Int.max, height: Int.max),
        Rect(x: Int.min, y: 0, width: 3, height: 1),
    ])
    func hugeRects(_ rect: Rect) {
        let canvas = CellBuffer(columns: 6, rows: 2)
        canvas.fill(rect, with: Cell(scalar: 0x2A, width: 1, style: 0))
        canvas.damage.add(rect)
        canvas.write("abc", x: 1, y: 0, clip: rect)
        _ = rect.clamped.union(Rect(x: 3, y: 1, width: 2, height: 1)).area
        _ = rect.clamped.intersection(canvas.bounds)
        var damage = DamageSet()
        damage.add(rect)
        damage.add(Rect(x: 0, y: 0, width: 1, height: 1))
        _ = damage.bounds
        expectCellsHarmless(canvas)
        expectHarmless(encode(canvas))
    }
}
