/// Scalars that are each a grapheme cluster of their own, one column wide,
/// whatever surrounds them: printable ASCII, Latin letters and signs, Greek
/// and Cyrillic letters, general punctuation (dashes, quotes, `•`, `…`),
/// arrows, box drawing, block elements and Braille patterns.
///
/// A line made only of these needs no segmenting or measuring: its width is
/// its scalar count (the scalars a status line, a border or a chart draws
/// with). Excluded on purpose: combining marks, joiners, variation
/// selectors, format characters (U+00AD, U+200B…U+200F, U+2028…U+202E,
/// U+2060…), and the emoji among them (©, ®, ‼, ⁉, ↔…↙, ↩, ↪), whose
/// rendering terminals dispute. `NarrowScalarsTests` checks every scalar
/// here against ``GraphemeWidth`` and ``TextSegmenter``.
enum NarrowScalars {
    /// Whether `v` is one of the scalars above.
    @inline(__always)
    static func contains(_ v: UInt32) -> Bool {
        if v < 0x80 { return v >= 0x20 && v != 0x7F }
        if v < 0x300 { return v >= 0xA0 && v != 0xAD && v != 0xA9 && v != 0xAE }
        if v < 0x2010 {
            // Greek and Cyrillic capital and small letters (no accents: those
            // precomposed forms sit apart, among unassigned code points).
            return (v >= 0x391 && v <= 0x3A9 && v != 0x3A2) || (v >= 0x3B1 && v <= 0x3C9)
                || (v >= 0x410 && v <= 0x44F) || v == 0x401 || v == 0x451
        }
        if v < 0x2190 {
            // General punctuation, without the separators, the format
            // characters and the two emoji (‼ U+203C, ⁉ U+2049).
            return v <= 0x2027 || (v >= 0x2030 && v <= 0x205E && v != 0x203C && v != 0x2049)
        }
        if v < 0x2200 { return v <= 0x2193 || (v >= 0x219A && v != 0x21A9 && v != 0x21AA) }
        if v < 0x2500 { return false }
        if v < 0x25A0 { return true }  // box drawing, block elements
        return v >= 0x2800 && v <= 0x28FF  // Braille patterns
    }

    /// The width of `bytes` (valid UTF-8) when every scalar in it is
    /// narrow (``contains(_:)``): its scalar count; nil otherwise.
    static func width(of bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var i = 0
        var count = 0
        let n = bytes.count
        while i < n {
            let b0 = UInt32(bytes[i])
            let v: UInt32
            if b0 < 0x80 {
                v = b0
                i &+= 1
            } else if b0 < 0xE0 {
                guard b0 >= 0xC0, i &+ 1 < n else { return nil }
                v = (b0 & 0x1F) << 6 | UInt32(bytes[i &+ 1] & 0x3F)
                i &+= 2
            } else if b0 < 0xF0 {
                guard i &+ 2 < n else { return nil }
                v = (b0 & 0x0F) << 12 | UInt32(bytes[i &+ 1] & 0x3F) << 6 | UInt32(bytes[i &+ 2] & 0x3F)
                i &+= 3
            } else {
                return nil  // beyond the Basic Multilingual Plane: none is narrow here
            }
            guard contains(v) else { return nil }
            count &+= 1
        }
        return count
    }
}
