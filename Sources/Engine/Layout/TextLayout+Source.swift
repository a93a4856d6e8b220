extension TextLayout {
    /// The UTF-8 bytes of the text being laid out, walked as grapheme clusters
    /// that keep their offsets in those bytes.
    ///
    /// Layout slices lines out of the original bytes (control characters
    /// intact: ``CellBuffer/write(_:x:y:style:clip:)`` draws them as pictures
    /// when the line is drawn), so every cluster needs its source range even
    /// when ``TextSegmenter`` hands out a replacement picture for it.
    ///
    /// Only valid inside ``withSource(_:_:)``.
    struct Source {
        /// One cluster: its source byte range, display width, and whether it
        /// is a plain space (U+0020), the only break opportunity.
        struct Cluster {
            var start: Int
            var end: Int
            var width: Int
            var isSpace: Bool
        }

        /// U+2026 HORIZONTAL ELLIPSIS, one column wide.
        static let ellipsisScalar: UInt32 = 0x2026
        static let ellipsisUTF8: (UInt8, UInt8, UInt8) = (0xE2, 0x80, 0xA6)
        static let lineFeed: UInt8 = 0x0A
        static let carriageReturn: UInt8 = 0x0D
        static let space: UInt8 = 0x20

        let bytes: UnsafeBufferPointer<UInt8>
        /// Every byte is ASCII: each byte is a one-column cluster (controls
        /// become one-column pictures), so no segmentation is needed.
        let isASCII: Bool

        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
            var ascii = true
            for b in bytes where b >= 0x80 { ascii = false; break }
            isASCII = ascii
        }

        /// Calls `body(start, end, isLast)` for each line of the text split at
        /// "\n" (a "\r" just before it belongs to the break); stops when
        /// `body` returns false. An empty text is one empty line.
        @inline(__always)
        func forEachHardLine(_ body: (_ start: Int, _ end: Int, _ isLast: Bool) -> Bool) {
            var start = 0
            var i = 0
            let n = bytes.count
            while i < n {
                if bytes[i] == Source.lineFeed {
                    let end = i > start && bytes[i - 1] == Source.carriageReturn ? i - 1 : i
                    guard body(start, end, false) else { return }
                    start = i + 1
                }
                i += 1
            }
            _ = body(start, n, true)
        }

        /// Calls `body` for each cluster of `bytes[start..<end]` (which must
        /// begin and end on cluster boundaries); stops early when `body`
        /// returns false.
        @inline(__always)
        func forEachCluster(from start: Int, to end: Int, _ body: (Cluster) -> Bool) {
            guard start < end else { return }
            if isASCII {
                for i in start..<end {
                    guard body(Cluster(start: i, end: i + 1, width: 1, isSpace: bytes[i] == Source.space)) else {
                        return
                    }
                }
                return
            }
            let base = bytes.baseAddress!
            var cursor = start
            var stopped = false
            TextSegmenter.forEachCluster(inUTF8: UnsafeBufferPointer(start: base + start, count: end - start)) {
                cluster in
                guard !stopped else { return }
                // A control comes out as its picture, an undrawable scalar as
                // U+FFFD, and dropped joiners or marks shorten a cluster: the
                // segmenter says how many source bytes each cluster stands for.
                let sourceLength = cluster.sourceByteCount
                let c = Cluster(start: cursor, end: cursor + sourceLength, width: cluster.width,
                                isSpace: cluster.scalar == UInt32(Source.space))
                cursor += sourceLength
                stopped = !body(c)
            }
        }

        /// The first scalar of the cluster starting at `offset`.
        @inline(__always)
        func firstScalar(at offset: Int) -> UInt32 {
            TextSegmenter.decode(bytes.baseAddress! + offset).0
        }

        /// The last scalar before `offset` (a scalar boundary, > 0).
        @inline(__always)
        func lastScalar(before offset: Int) -> UInt32 {
            var i = offset - 1
            while i > 0 && bytes[i] & 0xC0 == 0x80 { i -= 1 }
            return TextSegmenter.decode(bytes.baseAddress! + i).0
        }

        /// Whether an ellipsis may directly follow the cluster ending at
        /// `offset` without joining it (it would join a Prepend such as U+0600).
        @inline(__always)
        func ellipsisMayFollow(clusterEndingAt offset: Int) -> Bool {
            let v = lastScalar(before: offset)
            return v < 0x80 || TextSegmenter.isGraphemeBreak(v, Source.ellipsisScalar)
        }

        /// Whether the cluster starting at `offset` stays a cluster of its own
        /// after an ellipsis (a lone combining mark, skin tone or ZWJ — left
        /// alone after a control in the source — would join it).
        @inline(__always)
        func mayFollowEllipsis(clusterStartingAt offset: Int) -> Bool {
            let v = firstScalar(at: offset)
            return v < 0x80 || TextSegmenter.isGraphemeBreak(Source.ellipsisScalar, v)
        }

        /// `bytes[start..<end]` as a string; `whole` when that is all of it.
        func string(_ start: Int, _ end: Int, whole: String) -> String {
            if start == 0 && end == bytes.count { return whole }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        }

        /// `bytes[head] + "…" + bytes[tail]` as a string, in one allocation.
        func string(head: Range<Int>, ellipsisThen tail: Range<Int>) -> String {
            let count = head.count + 3 + tail.count
            return String(unsafeUninitializedCapacity: count) { out in
                var i = 0
                for b in bytes[head] { out[i] = b; i += 1 }
                out[i] = Source.ellipsisUTF8.0
                out[i + 1] = Source.ellipsisUTF8.1
                out[i + 2] = Source.ellipsisUTF8.2
                i += 3
                for b in bytes[tail] { out[i] = b; i += 1 }
                return i
            }
        }
    }

    /// Runs `body` on the contiguous UTF-8 of `text` (copying only a
    /// non-contiguous string).
    @inline(__always)
    static func withSource<R>(_ text: String, _ body: (Source) -> R) -> R {
        if let r = text.utf8.withContiguousStorageIfAvailable({ body(Source($0)) }) { return r }
        var copy = text
        copy.makeContiguousUTF8()
        return copy.utf8.withContiguousStorageIfAvailable { body(Source($0)) }!
    }
}
