import Dispatch
import Engine
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The app the runtime's end-to-end tests (and `tuibench app`) drive in a
/// real terminal: it shows the last event it received and a counter, and
/// leaves by whatever path the test asks for.
///
///     runtime-probe [--inline] [--mouse] [--tree] [--emoji] [--widths] [--scheme] [--selection] [--colors] [--flood N] [--no-ctrl-c] [--wide] [--progress] [--async]
///
/// Keys: `+` counts; `q` quits (status 0); `e` calls `exit(3)`; `f` a Swift
/// `fatalError`; `o` an integer overflow trap; `s` a segmentation fault;
/// `a` `abort()`; `p` prints a line above an inline region; `P` prints a
/// line and quits in the same handler; `w` keeps the main thread busy for
/// half a second, `W` for thirty (a wedged app). `--query-timeout MS` sets
/// how long start-up waits for the terminal's answers. With `--wide` a row of `=` as wide
/// as the screen sits between the two lines; with `--progress` a half-done
/// progress view that reports to the terminal's indicator (OSC 9;4). With `--tree`
/// the screen holds a 5,461-view tree (depth 6, fanout 4) and `x` changes
/// the text of one leaf (the key-to-frame latency measurement). With
/// `--emoji` it shows a row of single emoji code points between letters, and
/// `+` changes the letters (the start-up emoji width probe's end-to-end test).
/// With `--scheme` it shows the colour scheme, a line in an adaptive colour
/// and one in a fixed colour (the colour scheme's end-to-end test). With
/// `--selection` it captures the mouse over a few lines of text, and `r`
/// reads the clipboard (selection and OSC 52's end-to-end test). With
/// `--widths` it shows disputed clusters between bars, and `p` queries the
/// palette (the width probe's and OSC 4's end-to-end tests). With
/// `--colors` it shows a block in RGB (205, 0, 0), a link, and `c` copies
/// a text (the emulator checks of down-sampling, OSC 8 and OSC 52).
@main
struct RuntimeProbe {
    static func main() {
        let args = CommandLine.arguments.dropFirst()
        var options = TerminalOptions()
        if args.contains("--inline") { options.screen = .inline() }
        if args.contains("--mouse") { options.mouse = .buttons }
        if args.contains("--no-ctrl-c") { options.quitsOnControlC = false }
        if let i = args.firstIndex(of: "--query-timeout"), i + 1 < args.endIndex, let ms = Int(args[i + 1]) {
            options.queryTimeout = .milliseconds(ms)
        }
        if let i = args.firstIndex(of: "--flood"), i + 1 < args.endIndex, let n = Int(args[i + 1]) {
            TerminalHost.runMain(FloodProbe(changes: n), options: options)
        }
        if args.contains("--emoji") {
            TerminalHost.runMain(EmojiProbe(), options: options)
        }
        if args.contains("--widths") {
            TerminalHost.runMain(WidthsProbe(), options: options)
        }
        if args.contains("--scheme") {
            TerminalHost.runMain(SchemeProbe(), options: options)
        }
        if args.contains("--colors") {
            TerminalHost.runMain(ColorsProbe(), options: options)
        }
        if args.contains("--selection") {
            options.mouse = .buttons
            TerminalHost.runMain(SelectionProbe(), options: options)
        }
        if args.contains("--tree") {
            TerminalHost.runMain(TreeProbe(), options: options)
        }
        if args.contains("--async") {
            // `TerminalHost.run` from a task, under dispatchMain(): the host
            // waits with dispatch sources instead of its own loop.
            Task { @MainActor in
                do {
                    exit(try await TerminalHost.run(EventProbe(), options: options))
                } catch {
                    print("error: \(error)")
                    exit(1)
                }
            }
            dispatchMain()
        }
        TerminalHost.runMain(EventProbe(), options: options)
    }
}

struct EmojiProbe: View {
    @State private var round = 0
    @Environment(\.terminal) private var terminal

    var body: some View {
        let letters = Array("abcdefghij")
        let l = { (i: Int) in String(letters[(round + i) % letters.count]) }
        VStack(alignment: .leading) {
            Text("emoji round=\(round)")
            Text("😀\(l(0))🚀\(l(1))🫠\(l(2))⭐\(l(3))")
        }
        .onKeyPress("+") { round += 1; return .handled }
        .onKeyPress("q") { terminal.quit(); return .handled }
    }
}

/// Disputed clusters between bars (the measured width table's end-to-end
/// test), and `p` to query the palette (OSC 4), whose answer it shows.
struct WidthsProbe: View {
    @Environment(\.terminal) private var terminal
    @State private var palette = "none"

    var body: some View {
        VStack(alignment: .leading) {
            Text("widths")
            Text("w❤️|👩‍💻|1️⃣|end")
            Text("palette=\(palette)")
        }
        .onKeyPress("p") {
            Task {
                let colors = await terminal.queryPalette([1, 4])
                palette = colors.isEmpty ? "empty" : colors.map { "\($0.index):\($0.red >> 8)" }.joined(separator: ",")
            }
            return .handled
        }
        .onKeyPress("q") { terminal.quit(); return .handled }
    }
}

/// Text to select with the mouse (captured), a border that is not text,
/// and `r` to read the clipboard (OSC 52), whose answer it shows.
struct SelectionProbe: View {
    @Environment(\.terminal) private var terminal
    @State private var clipboard = "none"

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            Text("alpha beta")
            Text("gamma delta").border()
            Text("clipboard=\(clipboard)")
        }
        .frame(maxWidth: .max, maxHeight: .max, alignment: .topLeading)
        .onKeyPress("r") {
            Task { clipboard = await terminal.readClipboard() ?? "nil" }
            return .handled
        }
        .onKeyPress("q") { terminal.quit(); return .handled }
    }
}

struct SchemeProbe: View {
    @Environment(\.colorScheme) private var scheme
    @Environment(\.terminal) private var terminal

    var body: some View {
        VStack(alignment: .leading) {
            Text("scheme=\(scheme == .dark ? "dark" : "light")")
            Text("adaptive").foregroundStyle(Color(light: .rgb(10, 20, 30), dark: .rgb(200, 210, 220)))
            Text("fixed").foregroundStyle(.rgb(1, 2, 3))
        }
        .onKeyPress("q") { terminal.quit(); return .handled }
    }
}

/// `--colors`: a block in RGB (205, 0, 0), which a 256-colour terminal
/// shows as the reported palette's nearest entry; an OSC 8 link; `c`
/// copies a fixed text (OSC 52).
struct ColorsProbe: View {
    @Environment(\.terminal) private var terminal

    var body: some View {
        VStack(alignment: .leading) {
            Text("colors")
            Text(String(repeating: " ", count: 20)).background(.rgb(205, 0, 0))
            Link("engine-link", destination: "https://example.com/engine")
            Text("end")
        }
        .onKeyPress("c") { terminal.copy("copied-by-probe"); return .handled }
        .onKeyPress("q") { terminal.quit(); return .handled }
    }
}

struct EventProbe: View {
    @State private var count = 0
    @State private var last = "none"
    @State private var events = 0
    @Environment(\.terminal) private var terminal
    @Environment(\.screenSize) private var screen
    let wide = CommandLine.arguments.contains("--wide")
    let progress = CommandLine.arguments.contains("--progress")

    var body: some View {
        VStack(alignment: .leading) {
            Text("probe count=\(count) events=\(events)")
            if wide { Text(String(repeating: "=", count: max(0, screen.width))) }
            if progress { ProgressView(value: 0.5).terminalProgress() }
            Text("last: \(last)")
        }
        .onEvent { event in
            events += 1
            last = describe(event)
            if case .key(let press) = event, press.modifiers.isEmpty, press.phase == .down {
                switch press.key {
                case "+": count += 1
                case "q": terminal.quit()
                case "e": exit(3)
                case "f": fatalError("the probe was asked to crash")
                case "o": var n = Int.max - Int(count); n += 1 + Int(events); count = n
                case "s": UnsafeMutablePointer<Int>(bitPattern: 8)!.pointee = 1
                case "a": abort()
                case "p": terminal.print("printed line \(count)")
                case "w":
                    // Keeps the main thread busy for half a second (a slow handler).
                    let start = ContinuousClock.now
                    while ContinuousClock.now - start < .milliseconds(500) {}
                case "W":
                    // Wedges the main thread for 30 s (a blocking call that never returns in time).
                    let start = ContinuousClock.now
                    while ContinuousClock.now - start < .seconds(30) {}
                case "P":
                    terminal.print("printed before quitting \(count)")
                    terminal.quit()
                default: return .ignored
                }
                return .handled
            }
            return .ignored
        }
    }

    private func describe(_ event: ViewEvent) -> String {
        switch event {
        case .key(let press):
            let mods = press.modifiers.isEmpty ? "" : " \(press.modifiers.rawValue)"
            switch press.key {
            case .character(let c): return "key \(c.unicodeScalars.map { "U+\(String($0.value, radix: 16))" }.joined(separator: " "))\(mods)"
            default: return "key \(press.key)\(mods)"
            }
        case .paste(let text): return "paste \(text.count) \(text.debugDescription)"
        case .mouse(let m): return "mouse \(m.kind) \(m.button) \(m.column),\(m.row)"
        case .focus(let f): return "focus \(f)"
        case .resize(let c, let r): return "resize \(c)x\(r)"
        }
    }
}

/// Changes its state `changes` times at 10,000 changes a second from a
/// task, then stops: frames must stay under the cap and the last value
/// must be on screen.
struct FloodProbe: View {
    var changes: Int
    @State private var value = 0
    @State private var done = false
    @Environment(\.clock) private var clock

    var body: some View {
        Text(done ? "flood done value=\(value)" : "flood value=\(value)")
            .task {
                var i = 0
                while i < changes {
                    i += 1
                    value = i
                    // 10 changes, then a 1 ms sleep: 10,000 a second.
                    if i % 10 == 0, (try? await clock.sleep(for: .milliseconds(1))) == nil { return }
                }
                done = true
            }
    }
}

/// Depth 6, fanout 4 (tuibench's `tree` shape): 5,461 views; `x` changes
/// the digit of one leaf, so one path of the tree is evaluated again.
struct TreeProbe: View {
    @State private var generation = 0
    var body: some View {
        ProbeLevel(depth: 6, index: 0, value: generation)
            .onKeyPress("x") { generation += 1; return .handled }
    }
}

struct ProbeLevel: View, Equatable {
    var depth: Int
    var index: Int
    /// Non-zero only on the path to leaf 0.
    var value: Int

    var body: some View {
        if depth == 0 {
            Text(index == 0 ? "\(value % 10)" : "\(index % 10)")
        } else if depth % 2 == 0 {
            VStack { children }
        } else {
            HStack(spacing: 0) { children }
        }
    }

    var children: some View {
        ForEach(0..<4) { k in
            ProbeLevel(depth: depth - 1, index: index * 4 + k, value: index * 4 + k == 0 ? value : 0)
        }
    }
}
