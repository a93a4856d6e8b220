/// Whether the terminal's colours are light (dark text on a light
/// background) or dark: SwiftUI's `ColorScheme`, read from
/// ``EnvironmentValues/colorScheme``.
///
/// The running app's scheme follows the terminal: its background colour
/// (OSC 11) at start, then every theme change the terminal announces (mode
/// 2031). Until the terminal says, and in a terminal that never does, it is
/// ``dark``, which most terminals are. See <doc:TerminalProtocols>.
public enum ColorScheme: Hashable, Sendable, CaseIterable {
    /// Dark text on a light background.
    case light
    /// Light text on a dark background.
    case dark

    /// The scheme of a background with these 16-bit sRGB channels: dark when
    /// its lightness (CIE L*) is under 50, that is, its relative luminance
    /// under 0.184.
    public init(backgroundRed red: UInt16, green: UInt16, blue: UInt16) {
        let luminance = 0.2126 * Self.linear(red) + 0.7152 * Self.linear(green) + 0.0722 * Self.linear(blue)
        self = luminance < Self.darkLuminance ? .dark : .light
    }

    /// The relative luminance of L* = 50, below which a background is dark.
    static let darkLuminance = 0.184

    /// An sRGB channel (16 bits) as linear light, by sRGB's transfer
    /// function: c / 12.92 near black, else ((c + 0.055) / 1.055)^2.4.
    static func linear(_ channel: UInt16) -> Double {
        let c = Double(channel) / 65535
        if c <= 0.04045 { return c / 12.92 }
        let s = (c + 0.055) / 1.055
        return s * s * fifthRoot(s * s)  // s^2.4 = s^2 · (s^2)^(1/5)
    }

    /// x^(1/5) for x in (0, 1], by Newton's method (the engine does not
    /// import Foundation's `pow`).
    private static func fifthRoot(_ x: Double) -> Double {
        var y = 1.0
        for _ in 0..<64 {
            let y4 = y * y * y * y
            let next = y - (y4 * y - x) / (5 * y4)
            if next == y { break }
            y = next
        }
        return y
    }
}

private struct ColorSchemeKey: EnvironmentKey { static let defaultValue = ColorScheme.dark }

extension EnvironmentValues {
    /// The colour scheme of this environment: the terminal's (see
    /// ``ColorScheme``), or what `.environment(\.colorScheme, …)` sets for a
    /// part of the app. Adaptive colours (``Color/init(light:dark:)``) are
    /// drawn in its side.
    public var colorScheme: ColorScheme {
        get { self[ColorSchemeKey.self] }
        set { self[ColorSchemeKey.self] = newValue }
    }
}
