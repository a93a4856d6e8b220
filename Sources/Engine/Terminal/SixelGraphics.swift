/// Sixel images as bytes (DEC's VT330/VT340 format, as xterm, foot,
/// mlterm, WezTerm and contour read it): a DCS string
/// `ESC P 0 ; 1 ; 0 q " 1 ; 1 ; W ; H` colour registers, then the pixels
/// six rows (one *sixel*) at a time, ended by ST (`ESC \`).
///
/// - `P2 = 1`: pixels not drawn keep what the screen showed (transparent
///   pixels leave the cells under them as they were).
/// - `"1;1;W;H` (DECGRA): square pixels, and the image's size, so a
///   terminal knows its extent before the pixels.
/// - `#n;2;r;g;b`: register `n` gets a colour in percent (0–100) of each
///   channel; `#n` then selects it for the pixels that follow.
/// - Each band of six rows is drawn colour by colour: `#n`, one character
///   per column (`?` + the six bits, top row the lowest), `$` back to the
///   band's start for the next colour, `-` to the next band. A run of four
///   or more equal characters is `!count` and the character.
///
/// The bytes only draw pixels: the cursor moves as the terminal's sixel
/// mode says (see ``SixelPlacements``), so the caller moves it before and
/// forgets where it is after.
enum SixelGraphics {
    /// The most registers used, whatever the terminal reports.
    static let maximumRegisters = 256

    /// Appends `image` as one sixel DCS string, in at most `registers`
    /// colours (see ``IndexedImage`` for how they are chosen).
    static func encode(_ image: PixelImage, registers: Int, into out: inout ByteBuffer) {
        encode(IndexedImage(image, colors: Swift.min(Swift.max(registers, 1), maximumRegisters)), into: &out)
    }

    /// Appends the indexed `image` as one sixel DCS string.
    static func encode(_ image: IndexedImage, into out: inout ByteBuffer) {
        let w = image.width, h = image.height
        out.append("\u{1B}P0;1;0q\"1;1;")
        out.appendDecimal(w)
        out.append(";")
        out.appendDecimal(h)
        for (n, c) in image.palette.enumerated() {
            out.append("#")
            out.appendDecimal(n)
            out.append(";2;")
            out.appendDecimal(percent(c.red))
            out.append(";")
            out.appendDecimal(percent(c.green))
            out.append(";")
            out.appendDecimal(percent(c.blue))
        }
        // Per band: each colour's six bits per column, and which colours it uses (in order of first use).
        let colors = image.palette.count
        var bits = [UInt8](repeating: 0, count: Swift.max(colors, 1) * w)
        var used = [Bool](repeating: false, count: Swift.max(colors, 1))
        var order: [Int] = []
        image.indices.withUnsafeBufferPointer { indices in
            var top = 0
            while top < h {
                order.removeAll(keepingCapacity: true)
                for row in 0..<Swift.min(6, h - top) {
                    let base = (top + row) * w
                    let bit = UInt8(1) << UInt8(row)
                    for x in 0..<w {
                        let index = indices[base + x]
                        guard index != IndexedImage.transparent else { continue }
                        let c = Int(index)
                        if !used[c] {
                            used[c] = true
                            order.append(c)
                        }
                        bits[c * w + x] |= bit
                    }
                }
                if top > 0 { out.append("-") }
                for (k, c) in order.enumerated() {
                    if k > 0 { out.append("$") }
                    out.append("#")
                    out.appendDecimal(c)
                    appendRow(bits, from: c * w, count: w, into: &out)
                    for x in 0..<w { bits[c * w + x] = 0 }
                    used[c] = false
                }
                top += 6
            }
        }
        out.append("\u{1B}\\")
    }

    /// A colour channel in percent, as sixel registers take it.
    @inline(__always)
    static func percent(_ channel: UInt8) -> Int { (Int(channel) * 100 + 127) / 255 }

    /// One colour's row of sixels, run-length encoded, without its trailing empty columns.
    private static func appendRow(_ bits: [UInt8], from start: Int, count: Int, into out: inout ByteBuffer) {
        var end = start + count
        while end > start && bits[end - 1] == 0 { end -= 1 }
        var x = start
        while x < end {
            let value = bits[x]
            var run = 1
            while x + run < end && bits[x + run] == value { run += 1 }
            let character = 0x3F + value
            if run >= 4 {
                out.append("!")
                out.appendDecimal(run)
                out.append(character)
            } else {
                for _ in 0..<run { out.append(character) }
            }
            x += run
        }
    }
}
