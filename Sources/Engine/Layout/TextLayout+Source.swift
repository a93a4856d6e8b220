extension TextLayout {
    /// The UTF-8 bytes of the text being laid out, walked as grapheme clusters
    /// that keep their offsets in those bytes.
    ///
    /// Layout slices lines out of the original bytes (control characters
    /// intact: ``CellBuffer/write(_:x:y:style:clip:)`` draws them as pictures
    /// when the line is drawn), so every cluster needs its source range even
    /// when ``TextSegmenter`` hands out a replacement picture for it.
    ///
    /// A tab is the one cluster whose width depends on where it falls: it
    /// reaches the next multiple of ``tabSize`` columns from the start of its
    /// line, so whoever walks the clusters asks ``advance(_:at:)`` at the
    /// column it has reached. Whether the text has a tab is known before the
    /// walk (``hasTabs``): text without one is walked exactly as before tabs
    /// were expanded, with no test per cluster.
    ///
    /// Only valid inside ``withSource(_:_:)``.
    struct Source {
        /// One cluster: its source byte range, display width, and whether it
        /// is blank — a space (U+0020) or a tab, after which a line may break.
        ///
        /// Four fields, so that it is passed in registers to the closures
        /// that walk clusters: a tab is marked by its width.
        struct Cluster {
            var start: Int
            var end: Int
            /// Columns it takes; ``Source/tabWidth`` (-1) for a tab, whose
            /// columns depend on where it starts (``Source/advance(_:at:)``).
            var width: Int
            var isBlank: Bool

            /// Whether the cluster is a tab.
            @inline(__always) var isTab: Bool { width < 0 }
        }

        /// U+2026 HORIZONTAL ELLIPSIS, one column wide.
        static let ellipsisScalar: UInt32 = 0x2026
        static let ellipsisUTF8: (UInt8, UInt8, UInt8) = (0xE2, 0x80, 0xA6)
        static let lineFeed: UInt8 = 0x0A
        static let carriageReturn: UInt8 = 0x0D
        static let space: UInt8 = 0x20
        static let tab: UInt8 = 0x09
        /// U+2409 SYMBOL FOR HORIZONTAL TABULATION: what the segmenter hands
        /// out for a tab (and for itself, when the text holds the symbol).
        static let tabPicture: UInt32 = 0x2409

        let bytes: UnsafeBufferPointer<UInt8>
        /// Every byte is ASCII: each byte is a one-column cluster (controls
        /// become one-column pictures), so no segmentation is needed.
        let isASCII: Bool
        /// Some byte is a tab.
        let hasTabs: Bool
        /// Columns from one tab stop to the next: ≥ 1.
        let tabSize: Int
        /// The width a tab's ``Cluster`` carries.
        static let tabWidth = -1

        /// The source `bytes`; `hasTabs` when the caller knows whether a
        /// byte is a tab (otherwise they are looked through).
        @inline(__always)
        init(_ bytes: UnsafeBufferPointer<UInt8>, tabSize: Int = TextLayout.defaultTabSize, hasTabs: Bool? = nil) {
            self.bytes = bytes
            var ascii = true
            for b in bytes where b >= 0x80 { ascii = false; break }
            isASCII = ascii
            self.tabSize = Swift.max(tabSize, 1)
            self.hasTabs = hasTabs ?? bytes.containsByte(Source.tab)
        }

        /// The columns `cluster` takes when it starts at `column` of its
        /// line: its width, or for a tab the distance to the next stop
        /// (1…``tabSize``).
        @inline(__always)
        func advance(_ cluster: Cluster, at column: Int) -> Int {
            cluster.width >= 0 ? cluster.width : tabSize - column % tabSize
        }

        /// Whether `bytes[start..<end]` holds a tab (never, without ``hasTabs``).
        @inline(__always)
        func containsTab(_ start: Int, _ end: Int) -> Bool {
            hasTabs && UnsafeBufferPointer(rebasing: bytes[start..<end]).containsByte(Source.tab)
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
            if hasTabs {
                forEachClusterMarkingTabs(from: start, to: end, body)
                return
            }
            if isASCII {
                for i in start..<end {
                    guard body(Cluster(start: i, end: i + 1, width: 1, isBlank: bytes[i] == Source.space)) else {
                        return
                    }
                }
                return
            }
            segmentClusters(from: start, to: end, markingTabs: false, body)
        }

        /// ``forEachCluster(from:to:_:)`` for a text with tabs: each tab is
        /// a blank cluster of width ``tabWidth``.
        @inline(never)
        func forEachClusterMarkingTabs(from start: Int, to end: Int, _ body: (Cluster) -> Bool) {
            if isASCII {
                for i in start..<end {
                    let b = bytes[i]
                    let c = b == Source.tab
                        ? Cluster(start: i, end: i + 1, width: Source.tabWidth, isBlank: true)
                        : Cluster(start: i, end: i + 1, width: 1, isBlank: b == Source.space)
                    guard body(c) else { return }
                }
                return
            }
            segmentClusters(from: start, to: end, markingTabs: true, body)
        }

        /// The clusters of non-ASCII text, from the segmenter. A control
        /// comes out as its picture, an undrawable scalar as U+FFFD, and
        /// dropped joiners or marks shorten a cluster: the segmenter says how
        /// many source bytes each cluster stands for. `markingTabs`: a tab
        /// (which comes out as its picture, as does the picture itself) is a
        /// blank cluster of width ``tabWidth``.
        @inline(__always)
        private func segmentClusters(from start: Int, to end: Int, markingTabs: Bool, _ body: (Cluster) -> Bool) {
            let base = bytes.baseAddress!
            var cursor = start
            var stopped = false
            TextSegmenter.forEachCluster(inUTF8: UnsafeBufferPointer(start: base + start, count: end - start)) {
                cluster in
                guard !stopped else { return }
                let sourceLength = cluster.sourceByteCount
                var c = Cluster(start: cursor, end: cursor + sourceLength, width: cluster.width,
                                isBlank: cluster.scalar == UInt32(Source.space))
                if markingTabs && cluster.scalar == Source.tabPicture && bytes[cursor] == Source.tab {
                    c.width = Source.tabWidth
                    c.isBlank = true
                }
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

        /// `bytes[start..<end]` drawn from `column` of its line: each tab
        /// replaced by the spaces that reach the next stop. Appends to `out`;
        /// returns the column after.
        func appendExpanded(_ start: Int, _ end: Int, from column: Int, to out: inout [UInt8]) -> Int {
            var column = column
            forEachCluster(from: start, to: end) { c in
                let w = advance(c, at: column)
                if c.isTab {
                    for _ in 0..<w { out.append(Source.space) }
                } else {
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[c.start..<c.end]))
                }
                column += w
                return true
            }
            return column
        }

        /// The text of a line whose pieces hold tabs: `bytes[head]`, then
        /// (with a `tail`) "…" and `bytes[tail]`, tabs expanded from the
        /// line's first column.
        func expandedString(head: Range<Int>, tail: Range<Int>?) -> String {
            var out: [UInt8] = []
            out.reserveCapacity(head.count + (tail?.count ?? 0) + 8 * tabSize)
            var column = appendExpanded(head.lowerBound, head.upperBound, from: 0, to: &out)
            if let tail {
                out.append(Source.ellipsisUTF8.0)
                out.append(Source.ellipsisUTF8.1)
                out.append(Source.ellipsisUTF8.2)
                column += 1
                _ = appendExpanded(tail.lowerBound, tail.upperBound, from: column, to: &out)
            }
            return String(decoding: out, as: UTF8.self)
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
    static func withSource<R>(_ text: String, tabSize: Int = defaultTabSize, hasTabs: Bool? = nil,
                              _ body: (Source) -> R) -> R {
        if let r = text.utf8.withContiguousStorageIfAvailable({ body(Source($0, tabSize: tabSize, hasTabs: hasTabs)) }) {
            return r
        }
        var copy = text
        copy.makeContiguousUTF8()
        return copy.utf8.withContiguousStorageIfAvailable { body(Source($0, tabSize: tabSize, hasTabs: hasTabs)) }!
    }
}
