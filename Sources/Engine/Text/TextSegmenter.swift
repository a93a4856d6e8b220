import CUnistring

/// One grapheme cluster of a text, as the segmenter hands it out.
///
/// The UTF-8 bytes are only valid inside the callback that received the
/// cluster; intern them (``GraphemeTable``) to keep them.
public struct TextCluster {
    /// The scalar value when the cluster is one scalar, else `nil`.
    public var scalar: UInt32?
    /// The cluster's UTF-8 bytes (after sanitising).
    public var utf8: UnsafeBufferPointer<UInt8>
    /// Display width: 0, 1 or 2 (see ``GraphemeWidth``).
    public var width: Int
    /// Terminals disagree on this cluster's width.
    public var isUncertain: Bool
    /// How many bytes of the input this cluster stands for: more than
    /// `utf8.count` when joiners or marks were dropped, different when a
    /// control or an undrawable scalar was replaced (see ``TextSegmenter``).
    /// A cluster that kept nothing (only joiners) has width 0 and no bytes.
    public var sourceByteCount: Int
}

/// Splits text into grapheme clusters with libunistring and measures each
/// with ``GraphemeWidth``; control characters come out replaced.
///
/// `u8_grapheme_next` only compares neighbouring code points, so it splits
/// ZWJ sequences and flags; `u8_grapheme_breaks` sees the whole string and
/// segments them correctly, so that is what this uses, on the spans that
/// hold non-ASCII bytes only. Pure ASCII never calls into C.
///
/// Text from an application is data, never control: C0 controls and DEL are
/// shown as their Control Pictures (U+2400–U+2421, e.g. ESC as "␛"), C1
/// controls as U+FFFD, so no escape sequence inside a `Text` reaches the
/// terminal.
///
/// A cluster is also made into something terminals draw as the cells the
/// engine counts (the policy for graphemes terminals do not draw as one cell):
/// - a scalar no terminal draws as one agreed cell
///   (``GraphemeWidth/isUndrawable(_:)``: U+2028, U+2029, noncharacters,
///   prepended concatenation marks) is shown as U+FFFD, a cell of its own;
///   what the cluster held around it stays, as its own cluster;
/// - a ZWJ not followed, in its cluster, by a character that takes a column
///   is dropped: tmux keeps a dangling joiner and glues the next non-ASCII
///   character printed anywhere into the cell before the cursor;
/// - a cluster longer than ``GraphemeWidth/maxClusterBytes`` (a base with
///   thousands of marks or joiners) is cut to that many bytes, at a ZWJ when
///   it has one (whole emoji are kept), else after the last scalar that
///   fits (the marks a terminal would drop anyway).
/// Disputed clusters (emoji sequences; ``TextCluster/isUncertain``) keep
/// their bytes: ``CellBuffer`` and the writer keep them away from the right
/// edge, where a wider rendering would wrap or scroll.
public enum TextSegmenter {
    /// The picture shown in place of a control scalar, or `nil` when `value`
    /// is not a control.
    @inline(__always)
    public static func replacement(forControl value: UInt32) -> UInt32? {
        if value < 0x20 { return 0x2400 + value }
        if value == 0x7F { return 0x2421 }
        if value >= 0x80 && value < 0xA0 { return 0xFFFD }
        return nil
    }

    /// Calls `body` for every cluster of `text`, in order.
    ///
    /// - Complexity: O(n) in the UTF-8 length; ASCII text makes no C calls
    ///   and no allocation.
    public static func forEachCluster(in text: String, _ body: (TextCluster) -> Void) {
        if let done: Void = text.utf8.withContiguousStorageIfAvailable({ walk($0, body) }) {
            return done
        }
        var copy = text
        copy.makeContiguousUTF8()
        copy.utf8.withContiguousStorageIfAvailable { walk($0, body) }
    }

    /// Calls `body` for every cluster of UTF-8 `bytes` (which must be valid UTF-8).
    public static func forEachCluster(inUTF8 bytes: UnsafeBufferPointer<UInt8>, _ body: (TextCluster) -> Void) {
        walk(bytes, body)
    }

    private static func walk(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (TextCluster) -> Void) {
        let n = bytes.count
        guard n > 0, let base = bytes.baseAddress else { return }
        var allASCII = true
        for b in bytes where b >= 0x80 { allASCII = false; break }
        if allASCII {
            for i in 0..<n { emitScalar(UInt32(bytes[i]), base + i, 1, body) }
            return
        }
        // Two ASCII bytes always have a cluster boundary between them, but
        // for CR LF (no ASCII character is Extend, ZWJ, SpacingMark,
        // Prepend, a regional indicator or pictographic), and CR LF comes
        // out as two pictures all the same: an ASCII byte followed by one
        // is a cluster of its own. Only the spans between such boundaries
        // that hold non-ASCII bytes go to libunistring. None of the rules
        // that look back (emoji ZWJ sequences, regional indicator pairs)
        // reaches past the ASCII character before a span, so a span
        // segments as it would inside the whole text: a label with a "·"
        // or an arrow costs its span, not the text.
        var i = 0
        while i < n {
            if isCertainBoundary(bytes, after: i) {
                emitScalar(UInt32(bytes[i]), base + i, 1, body)
                i += 1
                continue
            }
            var end = i + 1
            while end < n && !isCertainBoundary(bytes, after: end - 1) { end += 1 }
            segmentSpan(base + i, end - i, body)
            i = end
        }
    }

    /// Whether byte `i` is a cluster of its own, known without
    /// libunistring: it is ASCII, and so is the next byte, or it is the last.
    @inline(__always)
    private static func isCertainBoundary(_ bytes: UnsafeBufferPointer<UInt8>, after i: Int) -> Bool {
        bytes[i] < 0x80 && (i + 1 == bytes.count || bytes[i + 1] < 0x80)
    }

    /// Segments `length` bytes at `p` that begin and end on cluster
    /// boundaries, with libunistring.
    private static func segmentSpan(_ p: UnsafePointer<UInt8>, _ length: Int, _ body: (TextCluster) -> Void) {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: length) { breaks in
            u8_grapheme_breaks(p, length, breaks.baseAddress!)
            var start = 0
            var i = 1
            while start < length {
                while i < length && breaks[i] == 0 { i += 1 }
                emitCluster(p + start, i - start, body)
                start = i
                i += 1
            }
        }
    }

    /// Decodes one UTF-8 scalar at `p` (valid UTF-8 assumed); returns value and length.
    @inline(__always)
    static func decode(_ p: UnsafePointer<UInt8>) -> (UInt32, Int) {
        let b0 = UInt32(p[0])
        if b0 < 0x80 { return (b0, 1) }
        if b0 < 0xE0 { return ((b0 & 0x1F) << 6 | UInt32(p[1] & 0x3F), 2) }
        if b0 < 0xF0 {
            return ((b0 & 0x0F) << 12 | UInt32(p[1] & 0x3F) << 6 | UInt32(p[2] & 0x3F), 3)
        }
        return ((b0 & 0x07) << 18 | UInt32(p[1] & 0x3F) << 12 | UInt32(p[2] & 0x3F) << 6 | UInt32(p[3] & 0x3F), 4)
    }

    private static func emitCluster(_ p: UnsafePointer<UInt8>, _ length: Int, _ body: (TextCluster) -> Void) {
        let (first, firstLength) = decode(p)
        if firstLength == length {
            emitScalar(first, p, length, body)
            return
        }
        // Controls are always clusters of their own except CR LF; undrawable
        // scalars, joiners and overlong clusters are rare: one pass decides
        // whether the cluster needs repair (see the type's policy).
        var offset = 0
        var needsRepair = length > GraphemeWidth.maxClusterBytes
        while offset < length && !needsRepair {
            let (v, l) = decode(p + offset)
            if v == GraphemeWidth.zeroWidthJoiner || replacement(forControl: v) != nil || GraphemeWidth.isUndrawable(v) {
                needsRepair = true
            }
            offset += l
        }
        if needsRepair {
            repairCluster(p, length, body)
            return
        }
        let measure = GraphemeWidth.measure(scalars: ClusterScalars(start: p, count: length))
        body(TextCluster(scalar: nil, utf8: UnsafeBufferPointer(start: p, count: length),
                         width: measure.width, isUncertain: measure.isUncertain, sourceByteCount: length))
    }

    /// Emits a cluster that holds controls, undrawable scalars, joiners or
    /// too many bytes, as the type's policy says: pictures and U+FFFD as
    /// cells of their own, the runs between them cleaned (``emitRun``).
    @inline(never)
    private static func repairCluster(_ p: UnsafePointer<UInt8>, _ length: Int, _ body: (TextCluster) -> Void) {
        var runStart = 0
        var offset = 0
        while offset < length {
            let (v, l) = decode(p + offset)
            let control = replacement(forControl: v) != nil
            if control || GraphemeWidth.isUndrawable(v) {
                emitRun(p + runStart, offset - runStart, body)
                emitScalar(v, p + offset, l, body)  // its picture, or U+FFFD
                runStart = offset + l
            }
            offset += l
        }
        emitRun(p + runStart, length - runStart, body)
    }

    /// Emits part of a cluster, cut to ``GraphemeWidth/maxClusterBytes``
    /// (at its last ZWJ within the limit, if any) and without joiners that
    /// join nothing visible; nothing when no scalar is left.
    private static func emitRun(_ p: UnsafePointer<UInt8>, _ length: Int, _ body: (TextCluster) -> Void) {
        guard length > 0 else { return }
        var keep = length
        if length > GraphemeWidth.maxClusterBytes {
            var offset = 0
            var lastJoiner = 0
            while offset < length {
                let (v, l) = decode(p + offset)
                if offset + l > GraphemeWidth.maxClusterBytes { break }
                if v == GraphemeWidth.zeroWidthJoiner { lastJoiner = offset }
                offset += l
            }
            keep = lastJoiner > 0 ? lastJoiner : offset
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: keep) { tmp in
            let out = tmp.baseAddress!
            var n = 0
            var offset = 0
            while offset < keep {
                let (v, l) = decode(p + offset)
                offset += l
                if v == GraphemeWidth.zeroWidthJoiner {
                    // Kept only before a character that takes a column.
                    guard offset < keep, GraphemeWidth.scalarWidth(decode(p + offset).0) > 0 else { continue }
                }
                for k in 0..<l { out[n + k] = p[offset - l + k] }
                n += l
            }
            guard n > 0 else {
                // Only joiners: nothing to draw, but the bytes are accounted for.
                body(TextCluster(scalar: nil, utf8: UnsafeBufferPointer(start: out, count: 0), width: 0,
                                 isUncertain: false, sourceByteCount: length))
                return
            }
            let (first, firstLength) = decode(out)
            if firstLength == n {
                emitScalar(first, out, n, sourceLength: length, body)
                return
            }
            let measure = GraphemeWidth.measure(scalars: ClusterScalars(start: out, count: n))
            body(TextCluster(scalar: nil, utf8: UnsafeBufferPointer(start: out, count: n),
                             width: measure.width, isUncertain: measure.isUncertain, sourceByteCount: length))
        }
    }

    @inline(__always)
    private static func emitScalar(_ value: UInt32, _ p: UnsafePointer<UInt8>, _ length: Int,
                                   sourceLength: Int? = nil, _ body: (TextCluster) -> Void) {
        if value >= 0x20 && value < 0x7F {
            // Printable ASCII: one column, nothing to replace or measure.
            body(TextCluster(scalar: value, utf8: UnsafeBufferPointer(start: p, count: length), width: 1,
                             isUncertain: false, sourceByteCount: sourceLength ?? length))
            return
        }
        if let picture = replacement(forControl: value)
            ?? (value >= 0x600 && GraphemeWidth.isUndrawable(value) ? 0xFFFD : nil)
        {
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 4) { tmp in
                let l = encodeUTF8(picture, into: tmp.baseAddress!)
                body(TextCluster(scalar: picture, utf8: UnsafeBufferPointer(start: tmp.baseAddress!, count: l),
                                 width: 1, isUncertain: false, sourceByteCount: length))
            }
            return
        }
        let measure = GraphemeWidth.measure(scalars: CollectionOfOne(value))
        body(TextCluster(scalar: value, utf8: UnsafeBufferPointer(start: p, count: length),
                         width: measure.width, isUncertain: measure.isUncertain, sourceByteCount: sourceLength ?? length))
    }

    /// Writes the UTF-8 encoding of `value` to `out`; returns the byte count (1...4).
    @inline(__always)
    public static func encodeUTF8(_ value: UInt32, into out: UnsafeMutablePointer<UInt8>) -> Int {
        if value < 0x80 { out[0] = UInt8(value); return 1 }
        if value < 0x800 {
            out[0] = UInt8(0xC0 | (value >> 6)); out[1] = UInt8(0x80 | (value & 0x3F)); return 2
        }
        if value < 0x10000 {
            out[0] = UInt8(0xE0 | (value >> 12)); out[1] = UInt8(0x80 | ((value >> 6) & 0x3F))
            out[2] = UInt8(0x80 | (value & 0x3F)); return 3
        }
        out[0] = UInt8(0xF0 | (value >> 18)); out[1] = UInt8(0x80 | ((value >> 12) & 0x3F))
        out[2] = UInt8(0x80 | ((value >> 6) & 0x3F)); out[3] = UInt8(0x80 | (value & 0x3F)); return 4
    }
}

/// The scalars of one cluster's UTF-8 bytes, decoded lazily.
struct ClusterScalars: Sequence, IteratorProtocol {
    var start: UnsafePointer<UInt8>
    var count: Int
    mutating func next() -> UInt32? {
        guard count > 0 else { return nil }
        let (v, l) = TextSegmenter.decode(start)
        start += l
        count -= l
        return v
    }
}
