import Testing

@testable import Engine

/// The encodings every round trip runs under.
let roundTripEncodings: [KeyboardEncoding] = [
    .legacy,
    .kitty([]),
    .kitty(.disambiguateEscapeCodes),
    .kitty([.disambiguateEscapeCodes, .reportEventTypes]),
    .kitty([.disambiguateEscapeCodes, .reportAlternateKeys]),
    .kitty([.reportAllKeysAsEscapeCodes]),
    .kitty([.reportAllKeysAsEscapeCodes, .reportEventTypes, .reportAssociatedText]),
    .kitty(.all),
]

/// Random events of every kind, drawn so that the decoder could have made
/// them (the encoder returns `nil` for the rest).
struct EventGenerator {
    var rng: SplitMix64

    /// Characters that do not merge with their neighbours into larger
    /// clusters: whole clusters, none starting with a combining mark.
    static let characters: [Character] = Array(
        ##" !"#$%&'()*+,-./0123456789:;<=>?@ABCXYZ[\]^_`abchijmoxyz{|}~"##
    ) + ["é", "ß", "Ω", "中", "한", "😀", "👍🏽", "👨‍👩‍👧", "🇺🇸", "e\u{301}", "\u{E000}", "\u{A0}"]

    static let plainKeys: [Key] = [.enter, .tab, .backspace, .escape, .up, .down, .left, .right, .home, .end,
                                   .pageUp, .pageDown, .insert, .delete]

    mutating func key(allowingLocks: Bool, allowingPhases: Bool) -> KeyPress {
        let k: Key
        switch Int.random(in: 0..<10, using: &rng) {
        case 0..<5: k = .character(Self.characters.randomElement(using: &rng)!)
        case 5..<8: k = Self.plainKeys.randomElement(using: &rng)!
        default: k = .function(Int.random(in: 1...36, using: &rng))
        }
        var modifiers: EventModifiers = []
        if Int.random(in: 0..<3, using: &rng) > 0 {
            let mask: UInt8 = allowingLocks ? 0xFF : 0x3F
            // Mostly the common four, sometimes any.
            let bits = Int.random(in: 0..<4, using: &rng) == 0 ? UInt8.random(in: 0...255, using: &rng)
                : UInt8.random(in: 0...15, using: &rng)
            modifiers = EventModifiers(rawValue: bits & mask)
        }
        let phase: KeyPress.Phase = allowingPhases ? [.down, .down, .repeat, .up].randomElement(using: &rng)! : .down
        return KeyPress(k, modifiers: modifiers, phase: phase)
    }

    mutating func mouse() -> MouseEvent {
        let kinds: [MouseEvent.Kind] = [.press, .release, .drag, .move, .scrollUp, .scrollDown, .scrollLeft,
                                        .scrollRight]
        let buttons: [MouseEvent.Button] = [.none, .left, .middle, .right, .other(8), .other(9), .other(11)]
        let modifiers = EventModifiers(rawValue: UInt8.random(in: 0...7, using: &rng))
        return MouseEvent(kind: kinds.randomElement(using: &rng)!, button: buttons.randomElement(using: &rng)!,
                          column: Int.random(in: 0...500, using: &rng), row: Int.random(in: 0...300, using: &rng),
                          modifiers: modifiers)
    }

    mutating func paste() -> String {
        let pieces = ["a", "Z", " ", "\n", "\t", "é", "中", "👍🏽", "[", "~", "200", "201"]
        return (0..<Int.random(in: 0...12, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
    }

    /// A reply; cursor reports start at row 2 (row 1 reads as F3 unless
    /// the decoder expects a report).
    mutating func reply() -> TerminalReply {
        switch Int.random(in: 0..<9, using: &rng) {
        case 6: .clipboard(paste())
        case 8: .paletteColor(index: Int.random(in: 0...255, using: &rng), red: UInt16.random(in: 0...65535, using: &rng),
                              green: UInt16.random(in: 0...65535, using: &rng),
                              blue: UInt16.random(in: 0...65535, using: &rng))
        case 0: .primaryDeviceAttributes((0..<Int.random(in: 0...5, using: &rng)).map { _ in
            Int.random(in: 0...100, using: &rng) })
        case 1: .modeReport(mode: Int.random(in: 1...3000, using: &rng), value: Int.random(in: 0...4, using: &rng),
                            isPrivate: Bool.random(using: &rng))
        case 2: .cursorPosition(row: Int.random(in: 2...200, using: &rng), column: Int.random(in: 1...400, using: &rng))
        case 3: .color(code: Int.random(in: 10...11, using: &rng), red: UInt16.random(in: 0...65535, using: &rng),
                       green: UInt16.random(in: 0...65535, using: &rng), blue: UInt16.random(in: 0...65535, using: &rng))
        case 4: .colorScheme(isDark: Bool.random(using: &rng))
        case 5: .windowSize(rows: Int.random(in: 1...300, using: &rng), columns: Int.random(in: 1...500, using: &rng),
                            pixelHeight: Int.random(in: 0...4000, using: &rng),
                            pixelWidth: Int.random(in: 0...8000, using: &rng))
        default: .keyboardFlags(Int.random(in: 0...31, using: &rng))
        }
    }

    /// An event for `encoding`: lock modifiers only where every key is an
    /// escape code (plain text cannot carry them), repeat and release only
    /// where every key is reported with its event type.
    mutating func event(for encoding: KeyboardEncoding) -> InputEvent {
        var allKeys = false
        var events = false
        if case .kitty(let flags) = encoding {
            allKeys = flags.contains(.reportAllKeysAsEscapeCodes)
            events = flags.contains(.reportEventTypes)
        }
        switch Int.random(in: 0..<20, using: &rng) {
        case 0..<14:
            var k = key(allowingLocks: allKeys, allowingPhases: events)
            // A repeat is sent as a press unless the key travels as CSI with
            // its event type; several scalars travel as plain text.
            if k.phase == .repeat, !allKeys || (k.key.character.map { $0.unicodeScalars.count > 1 } ?? false) {
                k.phase = .down
            }
            return .key(k)
        case 14..<17: return .mouse(mouse())
        case 17: return .paste(paste())
        case 18: return .focus(Bool.random(using: &rng))
        default: return .reply(reply())
        }
    }
}

extension Key {
    var character: Character? {
        if case .character(let c) = self { return c }
        return nil
    }
}

@Suite("InputDecoder: event → bytes → event")
struct InputDecoderRoundTripTests {
    @Test("every event the encoder can send decodes back to itself", arguments: roundTripEncodings)
    func eachEventAlone(_ encoding: KeyboardEncoding) {
        var generator = EventGenerator(rng: SplitMix64(seed: 0xC0FFEE))
        var encoded = 0
        var kinds = Set<String>()
        for _ in 0..<6000 {
            let event = generator.event(for: encoding)
            guard let input = event.terminalBytes(keyboard: encoding) else { continue }
            encoded += 1
            kinds.insert(kind(event))
            var decoder = InputDecoder()
            var events = decoder.decode(input)
            decoder.flush(into: &events)
            #expect(events == [event], "\(escaped(input))")
            #expect(decoder.bytesDropped == 0, "\(escaped(input))")
        }
        #expect(encoded > 2500)
        #expect(kinds.count >= 10, "\(kinds.sorted())")
    }

    @Test("a stream of encoded events decodes to the same events", arguments: roundTripEncodings)
    func stream(_ encoding: KeyboardEncoding) {
        var generator = EventGenerator(rng: SplitMix64(seed: 0xBEEF))
        for round in 0..<40 {
            var sent: [InputEvent] = []
            var input: [UInt8] = []
            while sent.count < 60 {
                let event = generator.event(for: encoding)
                guard let b = event.terminalBytes(keyboard: encoding) else { continue }
                // An Escape the legacy way is ESC alone: only the timeout
                // tells it from what follows, so it ends the stream.
                if b == [0x1B] || b == [0x1B, 0x1B] { continue }
                sent.append(event)
                input += b
            }
            var decoder = InputDecoder()
            var events = decoder.decode(input)
            decoder.flush(into: &events)
            #expect(events == sent, "round \(round)")
            #expect(decoder.bytesDropped == 0)

            var rng = SplitMix64(seed: UInt64(round))
            var cuts: [Int] = []
            var at = 0
            while at < input.count {
                at += Int.random(in: 1...20, using: &rng)
                cuts.append(min(at, input.count))
            }
            var chunked = InputDecoder()
            var chunkedEvents: [InputEvent] = []
            var start = 0
            for cut in cuts {
                input[start..<cut].withUnsafeBufferPointer { chunked.decode($0, into: &chunkedEvents) }
                start = cut
            }
            chunked.flush(into: &chunkedEvents)
            #expect(normalized(chunkedEvents) == normalized(sent), "round \(round), cuts \(cuts)")
        }
    }

    private func kind(_ e: InputEvent) -> String {
        switch e {
        case .key(let k):
            switch k.key {
            case .character(let c): c.unicodeScalars.count > 1 ? "cluster" : c.isASCII ? "ascii" : "unicode"
            case .function: "function"
            default: "\(k.key)"
            }
        case .paste: "paste"
        case .mouse: "mouse"
        case .focus: "focus"
        case .reply: "reply"
        }
    }
}
