import Engine

/// Every cell changes every frame: one Text per row, contents shifted by the frame number.
@MainActor
struct ChurnScreen: View, Equatable {
    var columns: Int
    var rows: Int
    var frame: Int
    nonisolated static let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-=+*/#@&%$".utf8)

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            ForEach(0..<rows) { r in
                Text(ChurnScreen.line(row: r, frame: frame, columns: columns))
                    .foregroundColor(.palette(UInt8((r * 7 + frame) % 216 + 16)))
            }
        }
    }

    /// The row's text: built as bytes, as an app producing a screenful of
    /// text per frame would (appending `Character`s one at a time costs
    /// ~400 instructions each, which would be most of the frame and none
    /// of it the engine's).
    nonisolated static func line(row: Int, frame: Int, columns: Int) -> String {
        var x = UInt64(truncatingIfNeeded: row &* 2_654_435_761 &+ frame &* 40_503)
        let alphabet = ChurnScreen.alphabet
        return String(unsafeUninitializedCapacity: max(columns, 0)) { buffer in
            for i in 0..<buffer.count {
                x = x &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                buffer[i] = alphabet[Int((x >> 33) % UInt64(alphabet.count))]
            }
            return buffer.count
        }
    }
}

/// Rows of CJK, emoji (ZWJ, VS16, flags, skin tones) and combining marks; one row changes per frame.
@MainActor
struct UnicodeScreen: View, Equatable {
    var rows: Int
    var frame: Int
    static let samples = ["漢字かなカナ한국어", "👨‍👩‍👧‍👦 family", "❤️ heart 🇯🇵 flag", "👍🏽 skin", "e\u{301}le\u{300}ve cafe\u{301}",
                          "Ελληνικά Русский", "─│┌┐└┘├┤ box", "中文 混合 text", "Ǆǅǆ ß ﬁ", "🎉🎊✨ confetti"]

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            ForEach(0..<rows) { r in
                UnicodeRow(text: UnicodeScreen.samples[(r + (r == frame % rows ? frame : 0)) % UnicodeScreen.samples.count],
                           index: r)
            }
        }
    }
}

@MainActor
struct UnicodeRow: View, Equatable {
    var text: String
    var index: Int
    var body: some View { Text("\(index): \(text) \(text)") }
}

/// A truecolor fade: the title's colour is a new RGB value every frame (16
/// million before one repeats), over a steady body; what the style table
/// must not keep once the colour has moved on.
@MainActor
struct FadeScreen: View, Equatable {
    var rows: Int
    var frame: Int

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            Text("fading title, frame \(frame)")
                .foregroundColor(.rgb(UInt8(frame & 255), UInt8((frame >> 8) & 255), UInt8((frame >> 16) & 255)))
            Divider(color: .rgb(90, 90, 90))
            ForEach(0..<Swift.max(rows - 2, 0)) { r in
                Text("steady row \(r)").foregroundColor(.palette(UInt8(r % 200 + 16)))
            }
        }
    }
}

extension Scenarios {
    static func makeMore(_ name: String, period: Int?) -> Scenario? {
        switch name {
        case "churn":
            return Scenario(name: name, parameters: [:], render: { frame, host in
                host.render(ChurnScreen(columns: host.canvas.columns, rows: host.canvas.rows, frame: frame), keepBytes: false)
            }, summary: "every cell changes every frame (text and colour)")
        case "unicode":
            return Scenario(name: name, parameters: [:], render: { frame, host in
                host.render(UnicodeScreen(rows: host.canvas.rows, frame: frame), keepBytes: false)
            }, summary: "CJK, emoji ZWJ/VS16/flags, combining marks; one row changes per frame")
        case "fade":
            return Scenario(name: name, parameters: [:], render: { frame, host in
                host.render(FadeScreen(rows: host.canvas.rows, frame: frame), keepBytes: false)
            }, summary: "a truecolor fade: the title's colour is new every frame (the style table stays bounded)")
        case "resize":
            let p = max(period ?? 10, 1)
            return Scenario(name: name, parameters: ["period": p], render: { frame, host in
                if frame % p == 0 {
                    let big = (frame / p) % 2 == 0
                    host.resize(columns: big ? 200 : 120, rows: big ? 60 : 40)
                }
                host.render(ListScreen(rows: 1000, changingRow: 5, frame: frame), keepBytes: false)
            }, summary: "the lazy list; the terminal alternates 200x60 / 120x40 every \(p) frames")
        default:
            return nil
        }
    }
}
