// The inverse of the decoder for keys: the bytes a terminal sends for a key.

extension KeyPress {
    /// The bytes a terminal using `keyboard` sends for this key, or `nil`
    /// when it has none for it.
    ///
    /// Used to drive apps from tests and to check the decoder by round
    /// trip: for every key the decoder can produce, decoding these bytes
    /// (then flushing) gives the key back, except where the encoding loses
    /// information by design: a ``Phase/repeat`` without
    /// ``KittyKeyboardFlags/reportEventTypes`` is sent as a press, and
    /// lock modifiers are not sent with plain text.
    ///
    /// `nil` also for keys the decoder never produces, so that they cannot
    /// pass a round trip by accident: an ASCII letter with Shift and no
    /// Control (the decoder reports `"A"`, not `"a"` with Shift), an
    /// uppercase ASCII letter with Control, and characters holding a
    /// control scalar.
    ///
    /// Legacy specifics (xterm): Alt is an ESC prefix for characters,
    /// Enter, Tab, Backspace and Escape, and the modifier parameter for the
    /// other keys; Alt with `[` `O` `P` `]` `X` `^` `_` is `nil` (those
    /// bytes would start a sequence); Ctrl-I and Ctrl-M are `nil` (they are
    /// Tab and Enter); Ctrl-Backspace is `nil` (BS is read as Ctrl-H);
    /// F21 and up are `nil`.
    public func terminalBytes(keyboard: KeyboardEncoding = .legacy) -> [UInt8]? {
        switch keyboard {
        case .legacy: legacyBytes()
        case .kitty(let flags): kittyBytes(flags)
        }
    }

    // MARK: Legacy (xterm)

    private func legacyBytes() -> [UInt8]? {
        guard phase != .up, modifiers.isSubset(of: [.shift, .option, .control, .command]) else { return nil }
        let m = Int(modifiers.rawValue) + 1
        switch key {
        case .character(let c):
            return Self.legacyCharacter(c, modifiers)
        case .enter, .backspace, .escape:
            let byte = key == .enter ? InputSequence.carriageReturn
                : key == .backspace ? InputSequence.delete : InputSequence.escape
            switch modifiers {
            case []: return [byte]
            case .option: return [InputSequence.escape, byte]
            default: return nil
            }
        case .tab:
            switch modifiers {
            case []: return [InputSequence.tab]
            case .option: return [InputSequence.escape, InputSequence.tab]
            case .shift: return KeyBytes.csi(final: InputSequence.backTab)
            case [.shift, .option]: return [InputSequence.escape] + KeyBytes.csi(final: InputSequence.backTab)
            default: return nil
            }
        case .up, .down, .right, .left, .home, .end:
            return KeyBytes.letterForm(Self.finalByte(key), modifiers: m, event: 1)
        case .insert, .delete, .pageUp, .pageDown:
            return KeyBytes.tildeForm(Self.tildeNumber(key), modifiers: m, event: 1)
        case .function(let n):
            switch n {
            case 1...4:
                let final = InputSequence.f1 + UInt8(n - 1)
                return m == 1 ? [InputSequence.escape, InputSequence.ss3, final]
                    : KeyBytes.letterForm(final, modifiers: m, event: 1)
            case 5...20:
                return KeyBytes.tildeForm(Self.functionTildeNumber(n), modifiers: m, event: 1)
            default:
                return nil
            }
        }
    }

    private static func legacyCharacter(_ c: Character, _ modifiers: EventModifiers) -> [UInt8]? {
        guard isText(c), !modifiers.contains(.shift), !modifiers.contains(.command) else { return nil }
        var out: [UInt8] = modifiers.contains(.option) ? [InputSequence.escape] : []
        if modifiers.contains(.control) {
            guard let byte = controlByte(c) else { return nil }
            out.append(byte)
            return out
        }
        if modifiers.contains(.option) {
            // ESC takes one scalar; ESC [ and its kin start sequences.
            let scalars = c.unicodeScalars
            guard scalars.count == 1, let s = scalars.first else { return nil }
            switch s.value {
            case UInt32(InputSequence.csi), UInt32(InputSequence.ss3), UInt32(InputSequence.osc),
                 UInt32(InputSequence.dcs), UInt32(InputSequence.sos), UInt32(InputSequence.pm),
                 UInt32(InputSequence.apc):
                return nil
            default: break
            }
        }
        out.append(contentsOf: String(c).utf8)
        return out
    }

    /// The C0 byte Control turns `c` into, where that byte reads back as
    /// Control-`c` (not Ctrl-I, Ctrl-M: those are Tab and Enter).
    private static func controlByte(_ c: Character) -> UInt8? {
        let scalars = c.unicodeScalars
        guard scalars.count == 1, let s = scalars.first else { return nil }
        switch s.value {
        case 0x69, 0x6D: return nil
        case 0x61...0x7A: return UInt8(s.value - 0x60)
        case 0x20: return InputSequence.nul
        case 0x5C...0x5F: return UInt8(s.value - 0x40)
        default: return nil
        }
    }

    // MARK: Kitty keyboard protocol

    private func kittyBytes(_ flags: KittyKeyboardFlags) -> [UInt8]? {
        let reportsEvents = flags.contains(.reportEventTypes)
        if phase == .up && !reportsEvents { return nil }
        let event = !reportsEvents ? 1 : phase == .down ? 1 : phase == .repeat ? 2 : 3
        let allKeys = flags.contains(.reportAllKeysAsEscapeCodes)
        let disambiguate = allKeys || flags.contains(.disambiguateEscapeCodes)
        let m = Int(modifiers.rawValue) + 1
        switch key {
        case .character(let c):
            return kittyCharacter(c, flags: flags, event: event)
        case .enter, .tab, .backspace:
            let code = key == .enter ? 13 : key == .tab ? 9 : 127
            if !allKeys {
                // Kept legacy so a shell still works if the app dies (kitty spec).
                if modifiers.isEmpty { return phase == .up ? nil : legacyBytes() }
                if !disambiguate && event == 1, let legacy = legacyBytes() { return legacy }
            }
            return KeyBytes.kittyForm(code, shifted: nil, modifiers: m, event: event, text: nil)
        case .escape:
            if !disambiguate && event == 1, let legacy = legacyBytes() { return legacy }
            return KeyBytes.kittyForm(27, shifted: nil, modifiers: m, event: event, text: nil)
        case .up, .down, .right, .left, .home, .end:
            return KeyBytes.letterForm(Self.finalByte(key), modifiers: m, event: event)
        case .insert, .delete, .pageUp, .pageDown:
            return KeyBytes.tildeForm(Self.tildeNumber(key), modifiers: m, event: event)
        case .function(let n):
            let plain = m == 1 && event == 1 && !allKeys
            switch n {
            case 1...4 where plain:
                return [InputSequence.escape, InputSequence.ss3, InputSequence.f1 + UInt8(n - 1)]
            case 3:
                // Kitty sends F3 as CSI 13 ~: CSI 1 ; m R is also a cursor report.
                return KeyBytes.tildeForm(13, modifiers: m, event: event)
            case 1...4:
                return KeyBytes.letterForm(InputSequence.f1 + UInt8(n - 1), modifiers: m, event: event)
            case 5...12:
                return KeyBytes.tildeForm(Self.functionTildeNumber(n), modifiers: m, event: event)
            case 13...35:
                return KeyBytes.kittyForm(57376 + n - 13, shifted: nil, modifiers: m, event: event, text: nil)
            default:
                return nil
            }
        }
    }

    private func kittyCharacter(_ c: Character, flags: KittyKeyboardFlags, event: Int) -> [UInt8]? {
        guard Self.isText(c) else { return nil }
        let scalars = c.unicodeScalars
        let single = scalars.count == 1 ? scalars.first : nil
        let control = modifiers.contains(.control)
        var wire = modifiers
        var code: Int?
        var shifted: Int?
        if let s = single, (0x41...0x5A).contains(s.value) || (0x61...0x7A).contains(s.value) {
            let isUpper = s.value < 0x61
            // The decoder folds Shift into the letter unless Control is held.
            if control ? isUpper : modifiers.contains(.shift) { return nil }
            let lower = Int(s.value | 0x20)
            code = lower
            if !control && isUpper != modifiers.contains(.capsLock) { wire.insert(.shift) }
            if wire.contains(.shift) { shifted = lower - 0x20 }
        } else if let s = single, !(57344...63743).contains(s.value) {
            // (A PUA character would read back as one of kitty's functional keys.)
            code = Int(s.value)
        }
        // Plain text: no modifier but the locks (Shift on a letter was folded in above).
        let typesText = modifiers.isDisjoint(with: [.shift, .control, .option, .command, .hyper, .meta])
        let allKeys = flags.contains(.reportAllKeysAsEscapeCodes)
        if !allKeys {
            if typesText { return phase == .up ? nil : Array(String(c).utf8) }
            if !flags.contains(.disambiguateEscapeCodes) && event == 1, let legacy = legacyBytes() { return legacy }
        }
        let reportsText = flags.contains(.reportAssociatedText) && typesText && phase != .up
        let text = reportsText ? scalars.map { Int($0.value) } : nil
        guard let code else {
            // Several scalars have no key code: text with key 0, or plain text.
            guard typesText && phase != .up else { return nil }
            guard let text else { return Array(String(c).utf8) }
            return KeyBytes.kittyForm(0, shifted: nil, modifiers: Int(wire.rawValue) + 1, event: event, text: text)
        }
        let alternate = flags.contains(.reportAlternateKeys) ? shifted : nil
        return KeyBytes.kittyForm(code, shifted: alternate, modifiers: Int(wire.rawValue) + 1, event: event, text: text)
    }

    // MARK: Tables

    private static func isText(_ c: Character) -> Bool {
        c.unicodeScalars.allSatisfy { InputDecoder.textScalar(Int($0.value)) != nil }
    }

    private static func finalByte(_ key: Key) -> UInt8 {
        switch key {
        case .up: InputSequence.cursorUp
        case .down: InputSequence.cursorDown
        case .right: InputSequence.cursorRight
        case .left: InputSequence.cursorLeft
        case .home: InputSequence.cursorHome
        default: InputSequence.cursorEnd
        }
    }

    private static func tildeNumber(_ key: Key) -> Int {
        switch key {
        case .insert: 2
        case .delete: 3
        case .pageUp: 5
        default: 6
        }
    }

    /// F5–F20 in `CSI n ~` (xterm; F13–F20 are the VT220's).
    private static func functionTildeNumber(_ n: Int) -> Int {
        switch n {
        case 5: 15
        case 6...10: n + 11
        case 11...14: n + 12
        case 15...16: n + 13
        default: n + 14
        }
    }
}
