import Synchronization

/// Adaptive colours: one colour under a light colour scheme and another
/// under a dark one.
///
/// Like a role (``Color/secondary``), an adaptive colour is a ``Color`` of
/// its own kind (bits 24…31 = 4) that the views which take colours resolve
/// before they paint, here through the colour scheme in their environment.
/// Its payload is an index into a process-wide table of (light, dark)
/// pairs, interned: the same pair is always the same colour, so styles stay
/// 32-bit colours that compare and hash as before. The cells never see one;
/// one that reached them unresolved would draw in the terminal's default.
extension Color {
    /// The kind (bits 24…31) of an adaptive colour.
    static let adaptiveKind: UInt32 = 4

    /// A colour that is `light` where the colour scheme is light and `dark`
    /// where it is dark: the engine's stand-in for SwiftUI's asset-catalog
    /// colours with "Any" and "Dark" appearances.
    ///
    /// ```swift
    /// Text("ok").foregroundStyle(Color(light: .rgb(0, 110, 0), dark: .brightGreen))
    /// ```
    ///
    /// The scheme is the environment's ``EnvironmentValues/colorScheme``,
    /// which follows the terminal (see <doc:TerminalProtocols>): when it
    /// changes, only the views that drew an adaptive colour are drawn
    /// again. `light` and `dark` may be any colours, roles included; an
    /// adaptive colour given as either one contributes its own light or dark
    /// side. At most 2²⁴ distinct pairs are kept; past that, new pairs are
    /// their `dark` side.
    public init(light: Color, dark: Color) {
        let light = light.adaptivePair?.light ?? light
        let dark = dark.adaptivePair?.dark ?? dark
        if light == dark {
            self = light
            return
        }
        self = AdaptiveColorTable.shared.withLock { $0.intern(light: light, dark: dark) } ?? dark
    }

    /// Whether this is an adaptive colour.
    @inline(__always)
    var isAdaptive: Bool { bits >> 24 == Color.adaptiveKind }

    /// The two sides of an adaptive colour; nil for any other.
    var adaptivePair: (light: Color, dark: Color)? {
        guard isAdaptive else { return nil }
        let index = Int(bits & 0xFF_FFFF)
        return AdaptiveColorTable.shared.withLock { $0.pair(at: index) }
    }

    /// This colour as drawn under `isDark`: an adaptive colour's side, any other as it is.
    func resolved(dark isDark: Bool) -> Color {
        guard let pair = adaptivePair else { return self }
        return isDark ? pair.dark : pair.light
    }
}

/// The interned (light, dark) pairs of adaptive colours.
struct AdaptiveColorTable: ~Copyable {
    static let shared = Mutex(AdaptiveColorTable())
    static let capacity = 1 << 24

    private var pairs: [(light: Color, dark: Color)] = []
    private var indices: [UInt64: Int] = [:]

    mutating func intern(light: Color, dark: Color) -> Color? {
        let key = UInt64(light.bits) << 32 | UInt64(dark.bits)
        if let index = indices[key] { return Color(bits: Color.adaptiveKind << 24 | UInt32(index)) }
        guard pairs.count < Self.capacity else { return nil }
        let index = pairs.count
        pairs.append((light, dark))
        indices[key] = index
        return Color(bits: Color.adaptiveKind << 24 | UInt32(index))
    }

    func pair(at index: Int) -> (light: Color, dark: Color)? {
        index < pairs.count ? pairs[index] : nil
    }
}
