/// tmux's passthrough escape: `ESC P tmux ; data ESC \`, with every ESC in
/// the data doubled. tmux 3.3 and later write the data to the outer
/// terminal unchanged where the pane has `allow-passthrough on` (and drop
/// it otherwise); earlier versions always pass it on.
///
/// The engine wraps two things in it inside tmux: start-up's graphics
/// queries (the outer terminal answers, and tmux hands the answer to the
/// pane, so an answer means passthrough works), and then the image strings
/// themselves (kitty's APC commands, sixel's DCS strings). Cursor moves
/// around them are not wrapped: tmux reads those, and moves the outer
/// cursor to the pane's cell, where the image then lands.
///
/// tmux keeps no record of what passed through: when it redraws the pane
/// itself (another window shown and back, copy mode, a pane resized
/// without the app's window changing) the image's pixels may be lost or
/// left behind until the app draws them again (its next full redraw).
public enum TmuxPassthrough {
    /// `ESC P tmux ;`: the start of a passthrough string.
    static let start: StaticString = "\u{1B}Ptmux;"
    /// `ESC \` (ST): its end.
    static let end: StaticString = "\u{1B}\\"

    /// `data` wrapped for passthrough, its ESCs doubled.
    public static func wrap(_ data: String) -> String {
        var out = "\u{1B}Ptmux;"
        for scalar in data.unicodeScalars {
            if scalar == "\u{1B}" { out.unicodeScalars.append(scalar) }
            out.unicodeScalars.append(scalar)
        }
        return out + "\u{1B}\\"
    }

    /// Wraps each escape string (APC `ESC _ … ESC \`, DCS `ESC P … ESC \`)
    /// in `out`'s bytes from `offset` on, one passthrough string each;
    /// other bytes (cursor moves) stay as they are, for tmux to read.
    /// - Complexity: O(bytes from `offset`).
    static func wrapStrings(in out: inout ByteBuffer, from offset: Int) {
        guard offset < out.count else { return }
        let tail = Array(out.bytes[offset...])
        out.removeLast(tail.count)
        let esc: UInt8 = 0x1B
        var i = 0
        while i < tail.count {
            let isString = tail[i] == esc && i + 1 < tail.count && (tail[i + 1] == 0x5F || tail[i + 1] == 0x50)
            guard isString else {
                out.append(tail[i])
                i += 1
                continue
            }
            // The string runs to its ST (`ESC \`), or to the end if it has none.
            var j = i + 2
            while j < tail.count && !(tail[j] == esc && j + 1 < tail.count && tail[j + 1] == 0x5C) { j += 1 }
            let stop = Swift.min(j + 2, tail.count)
            out.append(start)
            for b in tail[i..<stop] {
                if b == esc { out.append(esc) }
                out.append(b)
            }
            out.append(end)
            i = stop
        }
    }
}
