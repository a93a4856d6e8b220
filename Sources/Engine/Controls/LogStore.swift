/// An append-only store of log lines for a ``LogView``: a ring of at most
/// `lineLimit` lines, the oldest dropped when it is full, so its memory
/// stays flat however many lines are appended.
///
/// ```swift
/// let log = LogStore(lineLimit: 10_000)
/// log.append("\u{1B}[32mok\u{1B}[0m build finished")
/// LogView(log)
/// ```
///
/// A line's ANSI SGR colours and attributes are parsed into styled runs
/// when it is appended; every other control character
/// and escape sequence is dropped, so nothing in a line reaches the
/// terminal raw. A line holding newlines is split into several.
///
/// The store is `Observable`: views that read it are evaluated again after
/// an append (once per frame however many lines came). Append on the main
/// actor.
@MainActor
public final class LogStore: Observable {
    /// The most lines kept.
    public let lineLimit: Int
    private var ring: [ANSILine] = []
    /// Where the oldest line is in `ring` once it is full.
    private var head = 0
    /// Lines appended since the store was made: the sequence number the
    /// next line gets. Emptying the store keeps it, so a number is never
    /// given to two lines (a view keeps a line's node by its number).
    private(set) var appended = 0
    private var changes = 0
    private let registrar = ObservationRegistrar()

    /// A store keeping the newest `lineLimit` lines (at least one). It
    /// may be made anywhere; it is used on the main actor.
    nonisolated public init(lineLimit: Int = 100_000) {
        self.lineLimit = Swift.max(1, lineLimit)
    }

    /// Lines kept.
    public var count: Int {
        registrar.access(self, keyPath: \.version)
        return ring.count
    }

    /// The sequence number of the oldest line kept (lines are numbered from
    /// 0 as they are appended; dropped lines keep their numbers).
    var firstSequence: Int { appended - ring.count }

    /// Changes so far: what a view reads to be evaluated again on the next.
    var version: Int {
        registrar.access(self, keyPath: \.version)
        return changes
    }

    /// The `i`th line kept (0 is the oldest), parsed.
    func line(_ i: Int) -> ANSILine {
        ring.count < lineLimit ? ring[i] : ring[(head + i) % lineLimit]
    }

    /// The `i`th line kept (0 is the oldest), without its styles.
    public subscript(i: Int) -> String { line(i).text }

    /// Appends `text` (one line, or several separated by newlines).
    ///
    /// - Complexity: O(length of `text`); O(1) in the lines stored.
    public func append(_ text: String) {
        registrar.withMutation(of: self, keyPath: \.version) {
            // Lines end at LF or CRLF (a lone CR is not a line end). Both
            // are ASCII, and graphemes always break around them, so the
            // UTF-8 offsets found are character boundaries of `text`.
            let utf8 = text.utf8
            var start = utf8.startIndex
            while let newline = utf8[start...].firstIndex(of: 0x0A) {
                var end = newline
                if end > start, utf8[utf8.index(before: end)] == 0x0D { end = utf8.index(before: end) }
                store(ANSILine(parsing: text[start..<end]))
                start = utf8.index(after: newline)
            }
            store(ANSILine(parsing: text[start...]))
            changes &+= 1
        }
    }

    /// Lines the ring has room for without growing (tests pin it).
    var storageCapacity: Int { ring.capacity }

    /// Drops every line.
    public func removeAll() {
        registrar.withMutation(of: self, keyPath: \.version) {
            ring = []
            head = 0
            changes &+= 1
        }
    }

    private func store(_ line: ANSILine) {
        if ring.count < lineLimit {
            ring.append(line)
        } else {
            ring[head] = line
            head = head + 1 == lineLimit ? 0 : head + 1
        }
        appended += 1
    }
}
