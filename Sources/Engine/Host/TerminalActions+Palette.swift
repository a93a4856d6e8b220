/// One colour of the terminal's palette, as the terminal reported it
/// (OSC 4).
public struct PaletteColor: Hashable, Sendable {
    /// The palette index: 0–7 the ANSI colours, 8–15 their bright forms,
    /// 16–255 the rest of the 256-colour palette.
    public var index: Int
    /// The channels, scaled to 16 bits from the hex digits the terminal sent
    /// (`rgb:ff/80/00` is 65535, 32896, 0).
    public var red: UInt16
    public var green: UInt16
    public var blue: UInt16

    public init(index: Int, red: UInt16, green: UInt16, blue: UInt16) {
        self.index = index
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// The colour as 24-bit RGB (each channel's high byte, rounded).
    public var color: Color {
        func byte(_ v: UInt16) -> UInt8 { UInt8((UInt32(v) * 255 + 32767) / 65535) }
        return .rgb(byte(red), byte(green), byte(blue))
    }
}

extension TerminalActions {
    /// How long ``queryPalette(_:)`` waits for a terminal that answers
    /// neither the query nor the DA1 after it: 2 seconds.
    public static let paletteQueryTimeout: Duration = .seconds(2)

    /// The terminal's palette colours at `indices` (by default the 16 ANSI
    /// colours), as the terminal reports them: what its theme makes of
    /// SGR 30–37 and 90–97.
    ///
    /// ```swift
    /// .task {
    ///     let palette = await terminal.queryPalette()
    ///     if let red = palette.first(where: { $0.index == 1 }) { accent = red.color }
    /// }
    /// ```
    ///
    /// Asks `OSC 4 ; n ; ?` for each index (0–255; others are skipped), then
    /// DA1, which every terminal answers after the rest: the colours that
    /// came before its answer are returned, sorted by index; an empty array
    /// when the terminal does not report its palette (tmux 3.3a, many
    /// others), at DA1's answer, or after ``paletteQueryTimeout`` when
    /// nothing at all comes. Nothing is asked unless the app asks, and
    /// nothing waits at start-up.
    @MainActor
    public func queryPalette(_ indices: [Int] = Array(0..<16)) async -> [PaletteColor] {
        var asked: [Int] = []
        for i in indices where (0...255).contains(i) && !asked.contains(i) { asked.append(i) }
        guard !asked.isEmpty, let target = actionTarget else { return [] }
        return await withCheckedContinuation { continuation in
            target.requestPaletteQuery(asked) { colors in
                var latest: [Int: PaletteColor] = [:]
                for color in colors where asked.contains(color.index) { latest[color.index] = color }
                continuation.resume(returning: latest.values.sorted { $0.index < $1.index })
            }
        }
    }
}

extension OperatingSystemCommand {
    /// OSC 4 with `?` (xterm's "Change Color Number", queried) for each of
    /// `indices`, one sequence each: `ESC ] 4 ; n ; ? ESC \`. The terminal
    /// answers each it knows as `ESC ] 4 ; n ; rgb:R/G/B` with the same terminator.
    static func paletteQuery(_ indices: [Int]) -> [UInt8] {
        var out: [UInt8] = []
        for i in indices where (0...255).contains(i) { out += Array("\u{1B}]4;\(i);?\u{1B}\\".utf8) }
        return out
    }
}
