// Key tables: which number or final byte names which key.

extension InputDecoder {
    /// The key of a CSI/SS3 final byte in xterm's PC-style keys:
    /// `A` up, `B` down, `C` right, `D` left, `H` home, `F` end,
    /// `P` `Q` `R` `S` F1–F4.
    static func letterKey(_ final: UInt8) -> Key? {
        switch final {
        case InputSequence.cursorUp: .up
        case InputSequence.cursorDown: .down
        case InputSequence.cursorRight: .right
        case InputSequence.cursorLeft: .left
        case InputSequence.cursorHome: .home
        case InputSequence.cursorEnd: .end
        case 0x50...0x53: .function(Int(final) - 0x4F)
        default: nil
        }
    }

    /// The key of `CSI n ~` (xterm "VT220-Style Function Keys" and
    /// "PC-Style Function Keys"; rxvt and the Linux console send Home and
    /// End as 1/7 and 4/8).
    ///
    /// 1 Home, 2 Insert, 3 Delete, 4 End, 5 PageUp, 6 PageDown, 7 Home,
    /// 8 End, 11–15 F1–F5, 17–21 F6–F10, 23–26 F11–F14, 28–29 F15–F16,
    /// 31–34 F17–F20.
    static func numberedKey(_ n: Int) -> Key? {
        switch n {
        case 1, 7: .home
        case 2: .insert
        case 3: .delete
        case 4, 8: .end
        case 5: .pageUp
        case 6: .pageDown
        case 11...15: .function(n - 10)
        case 17...21: .function(n - 11)
        case 23...26: .function(n - 12)
        case 28...29: .function(n - 13)
        case 31...34: .function(n - 14)
        default: nil
        }
    }

    /// The kitty keyboard protocol's functional keys, numbered in the
    /// Private Use Area (kitty `docs/keyboard-protocol.rst`, "Functional
    /// key definitions").
    ///
    /// 57344–57357 are kitty's own numbers for Escape … End (it sends the
    /// legacy numbers for these, but they are accepted); 57364–57398 are
    /// F1–F35; the keypad, 57399–57426, is delivered as the keys and
    /// characters it types (KP_0 as "0", KP_ENTER as Enter, KP_LEFT as
    /// Left …). `nil` for keys with no ``Key``: the lock keys, Print
    /// Screen, Pause, Menu (57358–57363), keypad Begin (57427), the media
    /// keys and the modifier keys themselves (57428–57454); the decoder
    /// drops those.
    static func kittyFunctionalKey(_ code: Int) -> Key? {
        switch code {
        case 57344: .escape
        case 57345: .enter
        case 57346: .tab
        case 57347: .backspace
        case 57348: .insert
        case 57349: .delete
        case 57350: .left
        case 57351: .right
        case 57352: .up
        case 57353: .down
        case 57354: .pageUp
        case 57355: .pageDown
        case 57356: .home
        case 57357: .end
        case 57364...57398: .function(code - 57363)
        case 57399...57408: .character(Character(Unicode.Scalar(UInt8(code - 57399 + 0x30))))
        case 57409: .character(".")
        case 57410: .character("/")
        case 57411: .character("*")
        case 57412: .character("-")
        case 57413: .character("+")
        case 57414: .enter
        case 57415: .character("=")
        case 57416: .character(",")
        case 57417: .left
        case 57418: .right
        case 57419: .up
        case 57420: .down
        case 57421: .pageUp
        case 57422: .pageDown
        case 57423: .home
        case 57424: .end
        case 57425: .insert
        case 57426: .delete
        default: nil
        }
    }

    /// The key of an SS3 final byte: cursor keys and F1–F4 (xterm
    /// "PC-Style Function Keys"), the application keypad (xterm
    /// "VT220-Style Function Keys": `j`–`o` `* + , - . /`, `p`–`y` 0–9,
    /// `M` Enter, `I` Tab, `X` `=`), and rxvt's Ctrl-arrows (`a`–`d`).
    static func singleShiftKey(_ final: UInt8) -> KeyPress? {
        if let key = letterKey(final) { return KeyPress(key) }
        switch final {
        case 0x4D: return KeyPress(.enter)
        case 0x49: return KeyPress(.tab)
        case 0x58: return KeyPress(.character("="))
        case 0x6A...0x79:
            // j k l m n o → * + , - . /   p … y → 0 … 9
            let characters: StaticString = "*+,-./0123456789"
            let byte = characters.utf8Start[Int(final - 0x6A)]
            return KeyPress(.character(Character(Unicode.Scalar(byte))))
        case 0x61...0x64:
            guard let key = letterKey(final - 0x20) else { return nil }
            return KeyPress(key, modifiers: .control)
        default:
            return nil
        }
    }

    /// The keys of a kitty `CSI code … u` or an xterm modifyOtherKeys
    /// code: Enter 13, Tab 9, Backspace 127, Escape 27, the functional
    /// keys above, or a character. `nil` when the code names no key (other
    /// C0/C1 codes, surrogates, the PUA keys with no ``Key``).
    ///
    /// Characters follow what a legacy terminal would have sent, so the
    /// same keystroke decodes the same in every mode:
    ///
    /// - With Control, an ASCII letter is lowercase (Ctrl-Shift-A is
    ///   `"a"` with `[.control, .shift]`).
    /// - Without Control, an ASCII letter is uppercase when Shift and
    ///   Caps Lock disagree (or the terminal sent the uppercase code, as
    ///   xterm does), and the Shift is consumed: kitty's `CSI 97 ; 2 u` is
    ///   `"A"` with no modifiers, like the plain `A` a legacy terminal sends.
    /// - Without Control, another character with Shift becomes the shifted
    ///   key when the terminal reports it (alternate key, or the text of a
    ///   one-scalar key), consuming the Shift; otherwise it keeps `.shift`.
    /// - Code 0 with text (kitty: text with no key) is one key per grapheme
    ///   cluster of the text, without Shift.
    ///
    /// The base-layout alternate key is ignored; so is the text of a key
    /// that has a code (it is the character, shifted, as above).
    static func codeKeys(code: Int, shifted: Int?, text: [Int], modifiers: EventModifiers,
                         phase: KeyPress.Phase) -> [KeyPress]? {
        func key(_ k: Key) -> [KeyPress] { [KeyPress(k, modifiers: modifiers, phase: phase)] }
        switch code {
        case 9: return key(.tab)
        case 13: return key(.enter)
        case 27: return key(.escape)
        case 127: return key(.backspace)
        case 0:
            return textKeys(text, modifiers: modifiers.subtracting(.shift), phase: phase)
        case 57344...63743:
            guard let k = kittyFunctionalKey(code) else { return nil }
            return key(k)
        default:
            guard let scalar = textScalar(code) else { return nil }
            var modifiers = modifiers
            var character = scalar
            let isLetter = (0x41...0x5A).contains(scalar.value) || (0x61...0x7A).contains(scalar.value)
            if modifiers.contains(.control) {
                if isLetter { character = lowercase(scalar) }
            } else if isLetter {
                let upper = (0x41...0x5A).contains(scalar.value)
                    || modifiers.contains(.shift) != modifiers.contains(.capsLock)
                character = upper ? uppercase(scalar) : lowercase(scalar)
                modifiers.remove(.shift)
            } else if modifiers.contains(.shift) {
                if let shifted, let s = textScalar(shifted) {
                    character = s
                    modifiers.remove(.shift)
                } else if text.count == 1, let s = textScalar(text[0]) {
                    character = s
                    modifiers.remove(.shift)
                }
            }
            return [KeyPress(.character(Character(character)), modifiers: modifiers, phase: phase)]
        }
    }

    /// The scalar `value` when it is one a `.character` may hold (not a
    /// control, not a surrogate, not past U+10FFFF).
    static func textScalar(_ value: Int) -> Unicode.Scalar? {
        guard value >= 0x20 && value != 0x7F && !(0x80..<0xA0).contains(value) && value <= 0x10FFFF else {
            return nil
        }
        return Unicode.Scalar(UInt32(value))
    }

    private static func textKeys(_ values: [Int], modifiers: EventModifiers, phase: KeyPress.Phase) -> [KeyPress]? {
        guard !values.isEmpty else { return nil }
        var scalars = String.UnicodeScalarView()
        for v in values {
            guard let s = textScalar(v) else { return nil }
            scalars.append(s)
        }
        return String(scalars).map { KeyPress(.character($0), modifiers: modifiers, phase: phase) }
    }

    private static func lowercase(_ s: Unicode.Scalar) -> Unicode.Scalar {
        (0x41...0x5A).contains(s.value) ? Unicode.Scalar(UInt8(s.value) + 0x20) : s
    }

    private static func uppercase(_ s: Unicode.Scalar) -> Unicode.Scalar {
        (0x61...0x7A).contains(s.value) ? Unicode.Scalar(UInt8(s.value) - 0x20) : s
    }
}
