import Foundation
import Testing
@testable import Engine

/// The start-up width probe's bytes and its state machine, fed the cursor
/// reports a terminal would send; the writer's OSC 66 for disputed
/// clusters where the terminal pins widths.
@Suite("Width probe")
struct WidthProbeTests {
    @Test("the probe prints each class's representative at home, concealed, and asks where the cursor went")
    func queryBytes() {
        let (query, probe) = WidthProbe.start()
        #expect(escaped(Array(query.utf8))
            == "\\e[8m\\e[H😀🫠\\e[6n\\e[H❤️\\e[6n\\e[H1️⃣\\e[6n\\e[H🇯🇵\\e[6n\\e[H👍🏽\\e[6n\\e[H👩‍💻\\e[6n\\e[H○\\e[6n"
            + "\\e[H\\e]66;w=2;a\\e\\\\e[6n\\e[0m")
        #expect(probe.pending.count == GraphemeWidth.DisputedClass.allCases.count + 1)
        #expect(probe.isWaiting)
    }

    @Test("each answer's column less one is its class's width; OSC 66 moving two columns is text sizing")
    func answers() {
        var (_, probe) = WidthProbe.start()
        // 😀🫠 in 4, ❤️ in 1, 1️⃣ in 1, 🇯🇵 in 2, 👍🏽 in 4 (tone apart), 👩‍💻 in 4, ○ in 2, OSC 66 understood.
        for column in [5, 2, 2, 3, 5, 5, 3, 3] {
            #expect(probe.isWaiting)
            probe.cursorReported(row: 1, column: column)
        }
        #expect(!probe.isWaiting)
        #expect(probe.widths[.emojiPresentation] == 2)
        #expect(probe.widths[.emojiVariation] == 1)
        #expect(probe.widths[.keycap] == 1)
        #expect(probe.widths[.flag] == 2)
        #expect(probe.widths[.skinTone] == 4)
        #expect(probe.widths[.zeroWidthJoinerSequence] == 4)
        #expect(probe.widths[.eastAsianAmbiguous] == 2)
        #expect(probe.textSizing == true)
        // A report after the last is no answer of the probe's.
        probe.cursorReported(row: 1, column: 9)
        #expect(probe.widths[.eastAsianAmbiguous] == 2 && probe.textSizing == true)
    }

    @Test("an emoji pair drawn unalike, a report off the first row, or no movement measure nothing")
    func unusableAnswers() {
        var (_, probe) = WidthProbe.start(classes: [.emojiPresentation, .flag, .keycap])
        probe.cursorReported(row: 1, column: 4)  // 😀 wide, 🫠 narrow: an old table
        probe.cursorReported(row: 2, column: 3)  // wrapped: a very narrow terminal
        probe.cursorReported(row: 1, column: 1)  // the cursor did not move
        probe.cursorReported(row: 1, column: 1)  // OSC 66 not understood
        #expect(!probe.isWaiting)
        #expect(probe.widths.isEmpty)
        #expect(probe.textSizing == false)
    }

    @Test("DA1 before the answers ends the probe: what did not come stays unmeasured")
    func fencedEarly() {
        var (_, probe) = WidthProbe.start()
        probe.cursorReported(row: 1, column: 5)
        probe.cursorReported(row: 1, column: 3)
        probe.fenced()
        #expect(!probe.isWaiting)
        #expect(probe.widths[.emojiPresentation] == 2 && probe.widths[.emojiVariation] == 2)
        #expect(probe.widths[.keycap] == nil && probe.widths[.flag] == nil)
        #expect(probe.textSizing == false)
    }

    @Test("with text sizing, a disputed cluster is written in OSC 66 at its width and the cursor is not re-anchored")
    func textSizingPinsWidths() {
        let f = WriterFixture(columns: 10, rows: 2, capabilities: TerminalCapabilities(textSizing: true))
        f.canvas.write("❤️x👩‍💻y", x: 0, y: 1)
        #expect(f.frame() == "\\n\\e]66;w=2;❤️\\e\\x\\e]66;w=2;👩‍💻\\e\\y")
        // Settled graphemes and ASCII are written as they are.
        f.canvas.write("漢a", x: 0, y: 0)
        let bytes = f.frame()
        #expect(bytes.hasSuffix("漢a") && !bytes.contains("66"))
    }

    @Test("without text sizing (the default) no OSC 66 is written: the cursor is re-anchored instead")
    func noTextSizingByDefault() {
        #expect(TerminalCapabilities().textSizing == false)
        #expect(TerminalCapabilities.detect(environment: ["TERM": "xterm-kitty"]).textSizing == false)
        let f = WriterFixture(columns: 10, rows: 2)
        f.canvas.write("❤️x", x: 0, y: 1)
        #expect(f.frame() == "\\n❤️\\e[3`x")
    }

    @Test("a cluster measured narrow is written at one column, with no re-anchoring")
    func measuredNarrowCluster() {
        var table = MeasuredWidths()
        table[.emojiVariation] = 1
        let bytes = GraphemeWidth.withMeasuredWidths(table) {
            let f = WriterFixture(columns: 10, rows: 2)
            f.canvas.write("❤️x", x: 0, y: 1)
            return f.frame()
        }
        #expect(bytes == "\\n❤️x")
    }
}

/// The measured widths' disk cache: where it lives, round trips, and
/// files it must not trust.
@Suite("Width cache")
struct WidthCacheTests {
    /// A fresh directory under the system's temporary directory.
    private func temporaryDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "width-cache-" + String(UInt64.random(in: 0...UInt64.max), radix: 36)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    private static let sample: WidthCache.Entry = {
        var widths = MeasuredWidths()
        widths[.emojiPresentation] = 2
        widths[.zeroWidthJoinerSequence] = 6
        widths[.eastAsianAmbiguous] = 1
        return WidthCache.Entry(widths: widths, textSizing: true)
    }()

    @Test("keyed by TERM_PROGRAM, its version and TERM under XDG_CACHE_HOME, else ~/.cache; none without TERM_PROGRAM")
    func location() {
        let env = ["TERM_PROGRAM": "tmux", "TERM_PROGRAM_VERSION": "3.3a", "TERM": "tmux-256color",
                   "XDG_CACHE_HOME": "/x/cache", "HOME": "/home/u"]
        #expect(WidthCache(environment: env)?.path == "/x/cache/TerminalEngine/widths/tmux_3.3a_tmux-256color")
        var home = env
        home["XDG_CACHE_HOME"] = "relative/path"  // not absolute: ignored, as the XDG spec says
        #expect(WidthCache(environment: home)?.path == "/home/u/.cache/TerminalEngine/widths/tmux_3.3a_tmux-256color")
        var anonymous = env
        anonymous["TERM_PROGRAM"] = nil
        #expect(WidthCache(environment: anonymous) == nil)
        #expect(WidthCache(environment: ["TERM_PROGRAM": "x"]) == nil)  // nowhere to keep it
    }

    @Test("a hostile TERM_PROGRAM names no other directory")
    func hostileKey() {
        let env = ["TERM_PROGRAM": "../../etc/passwd", "TERM_PROGRAM_VERSION": "\u{1B}[2J", "TERM": "a/b",
                   "XDG_CACHE_HOME": "/c"]
        let path = WidthCache(environment: env)?.path
        #expect(path == "/c/TerminalEngine/widths/%2E.%2F..%2Fetc%2Fpasswd_%1B%5B2J_a%2Fb")
        let long = WidthCache(environment: ["TERM_PROGRAM": String(repeating: "é", count: 200), "XDG_CACHE_HOME": "/c"])
        #expect((long?.path.utf8.count ?? 0) < 300)
    }

    @Test("an entry written is read back; writing again replaces it; no temporary file is left")
    func roundTrip() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let cache = WidthCache(environment: ["TERM_PROGRAM": "t", "XDG_CACHE_HOME": dir])!
        #expect(cache.load() == nil)
        #expect(cache.store(Self.sample))
        #expect(cache.load() == Self.sample)
        let text = try String(contentsOfFile: cache.path, encoding: .utf8)
        #expect(text == "terminal-engine-widths 1\nemoji-presentation 2\nzwj-sequence 6\neast-asian-ambiguous 1\ntext-sizing 1\n")
        let other = WidthCache.Entry(widths: MeasuredWidths(), textSizing: false)
        #expect(cache.store(other))
        #expect(cache.load() == other)
        let files = try FileManager.default.contentsOfDirectory(atPath: dir + "/TerminalEngine/widths")
        #expect(files == ["t__"])
    }

    @Test("malformed and hostile files are ignored", arguments: [
        "", "garbage\n", "terminal-engine-widths 1\n", "terminal-engine-widths 2\ntext-sizing 0\n",
        "terminal-engine-widths 1\ntext-sizing 0", "terminal-engine-widths 1\ntext-sizing 2\n",
        "terminal-engine-widths 1\nflag 9\ntext-sizing 0\n", "terminal-engine-widths 1\nflag 0\ntext-sizing 0\n",
        "terminal-engine-widths 1\nflag -1\ntext-sizing 0\n", "terminal-engine-widths 1\nflag 2\nflag 2\ntext-sizing 0\n",
        "terminal-engine-widths 1\nsmile 2\ntext-sizing 0\n", "terminal-engine-widths 1\r\ntext-sizing 0\r\n",
        "terminal-engine-widths 1\nflag  2\ntext-sizing 0\n", "terminal-engine-widths 1\n\ntext-sizing 0\n",
        "terminal-engine-widths 1\nflag 22\ntext-sizing 0\n", "terminal-engine-widths 1\ntext-sizing 1\n"
            + String(repeating: "x", count: 2000),
    ])
    func malformed(contents: String) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let cache = WidthCache(path: dir + "/entry")
        try contents.write(toFile: cache.path, atomically: false, encoding: .utf8)
        #expect(cache.load() == nil)
    }

    @Test("bytes that are not UTF-8, a directory, or a symbolic link are not read")
    func notAFile() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let good = WidthCache(path: dir + "/good")
        #expect(good.store(Self.sample))
        let binary = dir + "/binary"
        _ = FileManager.default.createFile(atPath: binary, contents: Data([0x74, 0xFF, 0xFE, 0x0A]))
        #expect(WidthCache(path: binary).load() == nil)
        try FileManager.default.createDirectory(atPath: dir + "/directory", withIntermediateDirectories: false)
        #expect(WidthCache(path: dir + "/directory").load() == nil)
        try FileManager.default.createSymbolicLink(atPath: dir + "/link", withDestinationPath: good.path)
        #expect(WidthCache(path: dir + "/link").load() == nil)
        #expect(good.load() == Self.sample)
    }

    @Test("a cache that cannot be written is no error: store says false and nothing crashes")
    func unwritable() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // A regular file where the cache's directory should be (root can
        // write anywhere permissions allow it; not under a file).
        _ = FileManager.default.createFile(atPath: dir + "/file", contents: Data("x".utf8))
        let cache = WidthCache(environment: ["TERM_PROGRAM": "t", "XDG_CACHE_HOME": dir + "/file"])!
        #expect(!cache.store(Self.sample))
        #expect(cache.load() == nil)
        // The entry's own name taken by a directory: the rename fails, the temporary file is removed.
        let blocked = WidthCache(path: dir + "/taken")
        try FileManager.default.createDirectory(atPath: dir + "/taken/inside", withIntermediateDirectories: true)
        #expect(!blocked.store(Self.sample))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["file", "taken"])
    }
}
