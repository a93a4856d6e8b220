import Testing

@testable import Engine

/// `@Environment(\.colorScheme)`, `Color(light:dark:)` and theme colours
/// resolved through the scheme: what the cells carry, and what a scheme
/// change repaints.
@MainActor
@Suite("Colour scheme and adaptive colours")
struct ColorSchemeTests {
    static let ink = Color(light: .rgb(10, 20, 30), dark: .rgb(200, 210, 220))

    @Test("a background's lightness decides the scheme (L* 50)")
    func schemeFromBackground() {
        #expect(ColorScheme(backgroundRed: 0, green: 0, blue: 0) == .dark)
        #expect(ColorScheme(backgroundRed: 0xFFFF, green: 0xFFFF, blue: 0xFFFF) == .light)
        // Solarized: base03 is dark, base3 light.
        #expect(ColorScheme(backgroundRed: 0x0000, green: 0x2B2B, blue: 0x3636) == .dark)
        #expect(ColorScheme(backgroundRed: 0xFDFD, green: 0xF6F6, blue: 0xE3E3) == .light)
        // Either side of L* = 50 (sRGB grey 0x76 is L* 49.4, 0x78 is L* 50.4).
        #expect(ColorScheme(backgroundRed: 0x7676, green: 0x7676, blue: 0x7676) == .dark)
        #expect(ColorScheme(backgroundRed: 0x7878, green: 0x7878, blue: 0x7878) == .light)
        // Green weighs most: a saturated green is light, a saturated blue dark.
        #expect(ColorScheme(backgroundRed: 0, green: 0xFFFF, blue: 0) == .light)
        #expect(ColorScheme(backgroundRed: 0, green: 0, blue: 0xFFFF) == .dark)
    }

    @Test("an adaptive colour is one colour, the same for the same pair")
    func interning() {
        #expect(Color(light: .rgb(10, 20, 30), dark: .rgb(200, 210, 220)) == Self.ink)
        #expect(Color(light: .red, dark: .blue) != Color(light: .blue, dark: .red))
        #expect(Color(light: .red, dark: .red) == .red)
        // Nested: each side contributes its own.
        #expect(Color(light: Color(light: .red, dark: .blue), dark: Color(light: .green, dark: .cyan))
                == Color(light: .red, dark: .cyan))
        #expect(Self.ink.resolved(dark: true) == .rgb(200, 210, 220))
        #expect(Self.ink.resolved(dark: false) == .rgb(10, 20, 30))
    }

    func legend<V: View>(_ view: V) -> [String] {
        let host = FramePipeline(columns: 6, rows: 1)
        host.render(view)
        return host.styleLegend
    }

    @Test("the environment's scheme picks the side: dark by default, .environment sets it")
    func environmentPicks() {
        let dark = legend(Text("ab").foregroundStyle(Self.ink))
        let light = legend(Text("ab").foregroundStyle(Self.ink).environment(\.colorScheme, .light))
        let forcedDark = legend(Text("ab").foregroundStyle(Self.ink).environment(\.colorScheme, .dark))
        #expect(dark == legend(Text("ab").foregroundStyle(.rgb(200, 210, 220))))
        #expect(light == legend(Text("ab").foregroundStyle(.rgb(10, 20, 30))))
        #expect(forcedDark == dark && light != dark)
        // Backgrounds too.
        #expect(legend(Text("ab").background(Self.ink).environment(\.colorScheme, .light))
                == legend(Text("ab").background(Color.rgb(10, 20, 30))))
    }

    @Test("a theme's colours may be adaptive: roles resolve through the scheme")
    func themeThroughScheme() {
        let theme = Theme(secondary: Color(light: .rgb(90, 90, 90), dark: .rgb(160, 160, 160)))
        func drawn(_ scheme: ColorScheme) -> [String] {
            legend(Text("ab").foregroundStyle(.secondary).environment(\.theme, theme).environment(\.colorScheme, scheme))
        }
        #expect(drawn(.light) == legend(Text("ab").foregroundStyle(.rgb(90, 90, 90))))
        #expect(drawn(.dark) == legend(Text("ab").foregroundStyle(.rgb(160, 160, 160))))
        // An adaptive side may name a role: the tint, here.
        let accent = Color(light: .accentColor, dark: .red)
        #expect(legend(Text("ab").foregroundStyle(accent).tint(.green).environment(\.colorScheme, .light))
                == legend(Text("ab").foregroundStyle(.green)))
    }

    struct Screen: View {
        var body: some View {
            VStack(alignment: .leading, spacing: 0) {
                Text(String(repeating: "fixed text ", count: 7))
                Text(String(repeating: "=", count: 70)).foregroundStyle(.rgb(1, 2, 3))
                Text("ink").foregroundStyle(ColorSchemeTests.ink)
                Text(String(repeating: "more fixed ", count: 7))
            }
        }
    }

    @Test("a scheme change repaints only the cells whose colour changed")
    func flipRepaintsOnlyAdaptiveCells() {
        let host = FramePipeline(columns: 80, rows: 4)
        host.render(Screen())
        let full = host.lastBytes.count
        #expect(host.graph.statistics.bodyEvaluations > 4)
        host.graph.setRootEnvironment(\.colorScheme, .light)
        host.renderIfNeeded()
        let flip = String(decoding: host.lastBytes, as: UTF8.self)
        // The three cells of "ink", with their new colour, and a cursor move:
        // nothing of the fixed rows.
        #expect(flip.contains("38;2;10;20;30") && flip.contains("ink"))
        #expect(!flip.contains("fixed") && !flip.contains("="))
        #expect(host.lastBytes.count < 40 && full > 200, "\(host.lastBytes.count) of \(full)")
        // Only the view drawing the adaptive colour ran again (the Screen
        // and the other texts read no scheme).
        #expect(host.graph.statistics.bodyEvaluations == 1)
        host.graph.setRootEnvironment(\.colorScheme, .light)
        host.renderIfNeeded()
        #expect(host.lastBytes.isEmpty)
        host.graph.setRootEnvironment(\.colorScheme, .dark)
        host.renderIfNeeded()
        #expect(String(decoding: host.lastBytes, as: UTF8.self).contains("38;2;200;210;220"))
    }

    struct SchemeName: View {
        @Environment(\.colorScheme) var scheme
        var body: some View { Text(scheme == .dark ? "dark" : "light") }
    }

    @Test("@Environment(\\.colorScheme) follows the root and a part's override")
    func readers() {
        let host = FramePipeline(columns: 12, rows: 2)
        host.render(VStack(alignment: .leading, spacing: 0) {
            SchemeName()
            SchemeName().environment(\.colorScheme, .dark)
        })
        func words() -> [String] { host.textRows.map { $0.split(separator: " ").joined() } }
        #expect(words() == ["dark", "dark"])
        host.graph.setRootEnvironment(\.colorScheme, .light)
        host.renderIfNeeded()
        #expect(words() == ["light", "dark"])
    }
}
