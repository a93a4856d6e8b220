/// The measured widths of a terminal (``WidthProbe``), kept on disk so the
/// next start in the same terminal need not measure them again.
///
/// One small text file per terminal, named by `TERM_PROGRAM`,
/// `TERM_PROGRAM_VERSION` and `TERM`, in `$XDG_CACHE_HOME/TerminalEngine/widths/`
/// (`~/.cache/…` when `XDG_CACHE_HOME` is unset or not absolute):
///
/// ```
/// terminal-engine-widths 1
/// emoji-presentation 2
/// zwj-sequence 2
/// text-sizing 0
/// ```
///
/// A terminal that does not name itself (no `TERM_PROGRAM`: xterm, the
/// Linux console) is not cached: many emulators share a `TERM`. A file
/// that is not exactly this format (an unknown line, a width out of
/// 1…7, more than ``maximumFileSize`` bytes, not a regular file) is
/// ignored, and the terminal measured again. Files are replaced atomically;
/// a cache that cannot be written (a read-only home) is no error.
struct WidthCache: Equatable {
    /// The widths, and whether OSC 66 pins them.
    struct Entry: Equatable {
        var widths: MeasuredWidths
        var textSizing: Bool
    }

    /// The file this terminal's entry lives in.
    let path: String

    /// The first line of every cache file.
    static let header = "terminal-engine-widths 1"
    /// The most bytes read from a cache file.
    static let maximumFileSize = 1024

    /// The cache for the terminal `environment` describes, or nil when it
    /// cannot have one (no `TERM_PROGRAM`, or no home to keep it in).
    init?(environment: [String: String]) {
        guard let program = environment["TERM_PROGRAM"], !program.isEmpty else { return nil }
        let base: String
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            base = xdg
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            base = home + "/.cache"
        } else {
            return nil
        }
        let name = [program, environment["TERM_PROGRAM_VERSION"] ?? "", environment["TERM"] ?? ""]
            .map(WidthCache.fileNamePart).joined(separator: "_")
        path = base + "/TerminalEngine/widths/" + name
    }

    init(path: String) { self.path = path }

    /// `text` with anything but ASCII letters, digits, `-`, `+` and a `.`
    /// that does not start it as `%XX` (so no value can name another
    /// directory, `.` or `..`), from at most 64 bytes of it.
    static func fileNamePart(_ text: String) -> String {
        var out = ""
        for b in text.utf8.prefix(64) {
            switch b {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2B, 0x2D:
                out.append(Character(Unicode.Scalar(b)))
            case 0x2E where !out.isEmpty:
                out.append(".")
            default:
                let hex = Array("0123456789ABCDEF".utf8)
                out += "%" + String(decoding: [hex[Int(b >> 4)], hex[Int(b & 15)]], as: UTF8.self)
            }
        }
        return out
    }

    /// The entry on disk, or nil when there is none or it is not valid.
    func load() -> Entry? {
        guard let bytes = Platform.readSmallFile(path, limit: WidthCache.maximumFileSize) else { return nil }
        return WidthCache.parse(bytes)
    }

    /// Writes `entry`, replacing what was there; false when it could not.
    @discardableResult
    func store(_ entry: Entry) -> Bool {
        guard let slash = path.lastIndex(of: "/"), Platform.makeDirectories(String(path[..<slash])) else {
            return false
        }
        do {
            try Platform.replaceFile(path, with: Array(WidthCache.format(entry).utf8))
            return true
        } catch {
            return false
        }
    }

    /// The file's text for `entry`.
    static func format(_ entry: Entry) -> String {
        var text = header + "\n"
        for kind in GraphemeWidth.DisputedClass.allCases {
            if let columns = entry.widths[kind] { text += "\(kind.key) \(columns)\n" }
        }
        text += "text-sizing \(entry.textSizing ? 1 : 0)\n"
        return text
    }

    /// Reads a cache file's bytes: the header, then `key value` lines, each
    /// key at most once, `text-sizing` required. Anything else: nil.
    static func parse(_ bytes: [UInt8]) -> Entry? {
        guard let text = String(validating: bytes, as: UTF8.self), text.hasSuffix("\n") else { return nil }
        var lines = text.dropLast().split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.first == Substring(header) else { return nil }
        lines.removeFirst()
        var widths = MeasuredWidths()
        var textSizing: Bool?
        var seen: Set<Substring> = []
        for line in lines {
            let fields = line.split(separator: " ", omittingEmptySubsequences: false)
            guard fields.count == 2, seen.insert(fields[0]).inserted, fields[1].count == 1,
                  let value = Int(fields[1])
            else { return nil }
            if fields[0] == "text-sizing" {
                guard value == 0 || value == 1 else { return nil }
                textSizing = value == 1
            } else if let kind = GraphemeWidth.DisputedClass.allCases.first(where: { $0.key == fields[0] }) {
                guard (1...7).contains(value) else { return nil }
                widths[kind] = value
            } else {
                return nil
            }
        }
        guard let textSizing else { return nil }
        return Entry(widths: widths, textSizing: textSizing)
    }
}
