/// Interns ``Style`` values so cells can hold a 32-bit ``StyleID``.
///
/// Id `0` is ``Style/plain``. An id never changes meaning while anything
/// uses it, so two cells compare equal exactly when their bits do. Ids come
/// in two kinds:
/// - **Pinned**: ids handed out by the public ``id(for:)`` and
///   ``id(_:over:)``. An app may keep them anywhere (a variable, a
///   `Divider(style:)`), so they stay valid for the table's lifetime.
/// - **Transient**: what the engine interns as views paint (a `Text`'s
///   colour, a background, a progress bar's tint). When a truecolor fade
///   makes a new style every frame, these pile up; ``compact(keeping:roots:)``
///   frees the ones no cell and no view references, and their ids are reused
///   for new styles. The owner (``FramePipeline``) compacts after a frame
///   when dead ids dominate (``needsCompaction``), never per frame, so the
///   table holds at most about twice the live styles plus a fixed slack.
///
/// Invariant: every id below ``count`` is either live (in `ids`, its style
/// in `styles`) or on the free list (its style replaced by plain, so a
/// stale id draws plainly instead of in whatever style reuses it next).
public final class StyleTable {
    private var styles: [Style] = [.plain]
    private var ids: [Style: StyleID] = [.plain: 0]
    /// Ids that are never freed: 0, and every id the public API handed out.
    private var pinned: [Bool] = [true]
    /// Freed ids, reused before the table grows.
    private var free: [StyleID] = []
    /// New ids handed out since the last compaction.
    private var internedSinceCompaction = 0
    /// Ids in use after the last compaction.
    private var liveAfterCompaction = 1
    /// New ids a table may hand out between compactions however small its
    /// live set (package-visible so tests can make compaction frequent).
    package var compactionSlack = 4096
    /// Bumped by every compaction that freed something: whoever caches by
    /// id (the writer's down-sampled styles and SGR transitions) compares it
    /// and drops its caches, since a freed id may now name another style.
    public private(set) var generation = 0

    /// Hyperlink targets by ``LinkID`` (index + 1), as the bytes the writer
    /// sends: percent-encoded printable ASCII.
    private var linkURIs: [[UInt8]] = []
    private var linkIDs: [String: LinkID] = [:]

    /// The longest URI a link may have, in bytes once encoded (VTE's and
    /// others' limit; a longer one is not linked).
    public static let maximumLinkLength = 2083

    public init() {}

    /// The id of hyperlink target `uri` for ``Style/link``, interned on first
    /// use and valid for the table's lifetime (links are few: one per
    /// distinct target). Every byte of the URI outside printable ASCII
    /// (controls, space, DEL, and all of UTF-8's multi-byte sequences, C1
    /// controls among them) is percent-encoded, so nothing a URI holds can
    /// end the escape sequence or act on the terminal. Returns `0` (no link)
    /// for an empty URI, one longer than ``maximumLinkLength`` encoded, or
    /// past 2²⁹ − 1 distinct targets (what a style holds).
    ///
    /// - Complexity: one hash lookup; the first time, O(length).
    public func linkID(for uri: String) -> LinkID {
        if let id = linkIDs[uri] { return id }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(uri.utf8.count)
        let hex: [UInt8] = Array("0123456789ABCDEF".utf8)
        for b in uri.utf8 {
            if b > 0x20 && b < 0x7F {
                bytes.append(b)
            } else {
                bytes.append(0x25)  // %
                bytes.append(hex[Int(b >> 4)])
                bytes.append(hex[Int(b & 0xF)])
            }
        }
        guard !bytes.isEmpty, bytes.count <= StyleTable.maximumLinkLength,
              UInt64(linkURIs.count) < Style.linkMask else { return 0 }
        linkURIs.append(bytes)
        let id = LinkID(linkURIs.count)
        linkIDs[uri] = id
        return id
    }

    /// The encoded URI of link `id` (empty for an unknown id).
    public func linkURI(_ id: LinkID) -> String {
        withLinkURI(id) { String(decoding: $0, as: UTF8.self) }
    }

    /// Calls `body` with the encoded URI bytes of link `id` (empty for an unknown id).
    func withLinkURI<R>(_ id: LinkID, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        let i = Int(id) - 1
        guard i >= 0 && i < linkURIs.count else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
        return linkURIs[i].withUnsafeBufferPointer(body)
    }

    /// The id of `style`, interning it on first use. The id is pinned: it
    /// stays valid, and means `style`, for the table's lifetime.
    ///
    /// - Complexity: one hash lookup.
    @inline(__always)
    public func id(for style: Style) -> StyleID {
        let id = transientID(for: style)
        if !pinned[Int(id)] { pinned[Int(id)] = true }
        return id
    }

    /// `id`'s style shown over `background` (pinned, like ``id(for:)``):
    /// when the style's own background is the default, the given one shows
    /// through.
    @inline(__always)
    public func id(_ id: StyleID, over background: Color) -> StyleID {
        let result = transientID(id, over: background)
        if !pinned[Int(result)] { pinned[Int(result)] = true }
        return result
    }

    /// The id of `style` for the engine's own painting: valid while a cell
    /// of a compacted buffer or a root of ``compact(keeping:roots:)``
    /// references it.
    @inline(__always)
    func transientID(for style: Style) -> StyleID {
        // Most texts draw plainly: id 0 without hashing the style.
        if style == Style() { return 0 }
        if let id = ids[style] { return id }
        return insert(style)
    }

    /// ``id(_:over:)`` for the engine's own painting (transient).
    @inline(__always)
    func transientID(_ id: StyleID, over background: Color) -> StyleID {
        if background == .default { return id }
        guard Int(id) < styles.count else { return transientID(for: Style(background: background)) }
        var s = styles[Int(id)]
        guard s.background == .default else { return id }
        s.background = background
        return transientID(for: s)
    }

    @inline(never)
    private func insert(_ style: Style) -> StyleID {
        internedSinceCompaction += 1
        let id: StyleID
        if let reused = free.popLast() {
            id = reused
            styles[Int(id)] = style
        } else {
            id = StyleID(styles.count)
            styles.append(style)
            pinned.append(false)
        }
        ids[style] = id
        return id
    }

    /// ``transientID(_:over:)`` under everything enclosing views pass down
    /// (`inherited`): the style's own foreground and background win where
    /// set, the inherited ones show where it has none, and the attributes
    /// are both sets together.
    @inline(__always)
    func transientID(_ id: StyleID, inheriting inherited: Style) -> StyleID {
        // (No attributes: no underline, so the underline's style does not matter.)
        if inherited.foreground == .default && inherited.attributes.isEmpty && inherited.underlineColor == .default
            && inherited.link == 0
        {
            return transientID(id, over: inherited.background)
        }
        guard Int(id) < count else { return transientID(for: inherited) }
        return transientID(for: self[id].drawn(over: inherited))
    }

    /// The style behind `id` (plain for an id that was freed).
    @inline(__always)
    public subscript(id: StyleID) -> Style { styles[Int(id)] }

    /// Every id in use or free for reuse is below this; it is bounded by the
    /// peak of live styles plus the slack between compactions.
    public var count: Int { styles.count }

    /// Styles in use (``count`` minus the freed ids awaiting reuse).
    public var liveCount: Int { styles.count - free.count }

    /// Dead ids may dominate: more new ids were handed out since the last
    /// compaction than were live after it (and more than a fixed slack, so
    /// a small table is never compacted).
    public var needsCompaction: Bool {
        internedSinceCompaction > Swift.max(compactionSlack, liveAfterCompaction)
    }

    /// Frees every transient id that no cell of `buffers` references and
    /// `roots` does not report (ids cached outside cells: the view graph's
    /// behaviours). Live ids keep their number, so nothing that holds one
    /// needs rewriting; freed ids are reused by later interning. Returns how
    /// many ids are free afterwards.
    ///
    /// - Complexity: O(cells in `buffers` + ids reported + ``count``).
    @discardableResult
    public func compact(keeping buffers: [CellBuffer], roots: ((StyleID) -> Void) -> Void = { _ in }) -> Int {
        var live = pinned
        let n = live.count
        for buffer in buffers {
            buffer.forEachStyleID { id in
                if Int(id) < n { live[Int(id)] = true }
            }
        }
        roots { id in
            if Int(id) < n { live[Int(id)] = true }
        }
        // Trailing dead ids are dropped; the others wait on the free list.
        var end = n
        while end > 1 && !live[end - 1] { end -= 1 }
        styles.removeSubrange(end...)
        pinned.removeSubrange(end...)
        var newIDs: [Style: StyleID] = [:]
        newIDs.reserveCapacity(end)
        free.removeAll(keepingCapacity: true)
        for i in 0..<end {
            if live[i] {
                newIDs[styles[i]] = StyleID(i)
            } else {
                styles[i] = .plain
                free.append(StyleID(i))
            }
        }
        let freedSomething = newIDs.count != ids.count || end != n
        ids = newIDs
        // Reuse low ids first (popLast takes from the end).
        free.reverse()
        internedSinceCompaction = 0
        liveAfterCompaction = end - free.count
        if freedSomething { generation &+= 1 }
        return free.count
    }
}
