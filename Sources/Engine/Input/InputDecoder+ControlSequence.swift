// Control sequences (CSI and SS3): framing and what each one means.
//
// Framing is ECMA-48 5.4: CSI, parameter bytes 0x30–0x3F (digits, `:`,
// `;`, and a private marker `<` `=` `>` `?` first), intermediate bytes
// 0x20–0x2F, one final byte 0x40–0x7E. A sequence out of that order is
// dropped whole up to its final byte. A C0 control, DEL or a byte ≥ 0x80
// inside a sequence breaks it: the sequence is dropped and the byte is read
// afresh (an ESC starts a new sequence, a control is a key, UTF-8 is text),
// so a broken reply never swallows what the user types after it.
//
// Recognised (anything else is dropped whole):
//
// | Sequence                          | Event                                          |
// |-----------------------------------|------------------------------------------------|
// | CSI/SS3 A B C D H F               | arrows, Home, End (xterm PC-style)             |
// | CSI 1 ; m[:e] A …                 | the same with modifiers (xterm, kitty)         |
// | SS3 P Q R S, CSI 1 ; m P …        | F1–F4                                          |
// | CSI R, CSI 1 ; m R                | F3, or a cursor report (see below)             |
// | CSI n [; m[:e]] ~                 | VT220 keys: Insert, Delete, PgUp, F5 …         |
// | CSI Z, CSI 1 ; m Z                | Shift-Tab (CBT)                                |
// | CSI 27 ; m ; code ~               | xterm modifyOtherKeys                          |
// | CSI code[:sh[:base]] [; m[:e] [; text]] u | kitty keyboard protocol, fixterms  |
// | CSI [ A … CSI [ E                 | Linux console F1–F5                            |
// | CSI a…d, SS3 a…d, CSI n $ ^ @     | rxvt Shift/Ctrl arrows and keys                |
// | SS3 j…y, SS3 M I X SP             | application keypad                             |
// | CSI 200 ~ … CSI 201 ~             | bracketed paste                                |
// | CSI < b ; x ; y M / m             | SGR mouse                                      |
// | CSI I / CSI O                     | focus in / out                                 |
// | CSI ? … c                         | DA1 reply                                      |
// | CSI [?] mode ; value $ y          | DECRPM reply                                   |
// | CSI [?] row ; column R            | CPR / DECXCPR reply                            |
// | CSI ? flags u                     | kitty keyboard flags reply                     |
//
// `CSI M` without parameters is X10 mouse: it and the three raw bytes after
// it are dropped. urxvt's decimal mouse (`CSI b ; x ; y M`) is dropped.
// Keypad Begin (CSI E, SS3 E, kitty 57427) has no ``Key`` and is dropped.

extension InputDecoder {
    // MARK: Framing

    mutating func controlSequenceByte(_ byte: UInt8, into events: inout [InputEvent]) -> Bool {
        switch byte {
        case 0x30...0x3F:
            guard intermediate == 0 else { return ignoreSequence(including: true) }
            switch byte {
            case 0x30...0x39: parameters.digit(Int(byte - 0x30))
            case 0x3A: parameters.separator(colon: true)
            case 0x3B: parameters.separator(colon: false)
            default:
                // A private marker is only valid first.
                guard privateMarker == 0 && parameters.isEmpty else { return ignoreSequence(including: true) }
                privateMarker = byte
            }
        case 0x20...0x2F:
            // rxvt ends Shift-modified keys with `$` (`CSI 2 $`); DECRPM uses
            // `$` as an intermediate after two parameters (`CSI 2004 ; 1 $ y`).
            if byte == InputSequence.dollar && privateMarker == 0 && intermediate == 0 && parameters.isSingleNumber {
                sequenceLength += 1
                parameters.finish()
                rxvtKey(modifiers: .shift, into: &events)
                return true
            }
            intermediate = intermediate == 0 ? byte : 0xFF
        case 0x40...0x7E:
            sequenceLength += 1
            dispatchControlSequence(final: byte, into: &events)
            return true
        default:
            dropSequence()
            return false
        }
        sequenceLength += 1
        if sequenceLength > Self.maximumSequenceLength { return ignoreSequence(including: false) }
        return true
    }

    mutating func singleShiftByte(_ byte: UInt8, into events: inout [InputEvent]) -> Bool {
        switch byte {
        case 0x30...0x3B:
            // Old xterm and some others put a modifier digit after SS3 (`SS3 5 A`).
            switch byte {
            case 0x3A: parameters.separator(colon: true)
            case 0x3B: parameters.separator(colon: false)
            default: parameters.digit(Int(byte - 0x30))
            }
        case 0x20 where parameters.isEmpty:
            // SS3 SP: the keypad's space.
            sequenceLength += 1
            deliverKey(KeyPress(.character(" ")), into: &events)
            return true
        case 0x40...0x7E:
            sequenceLength += 1
            dispatchSingleShift(final: byte, into: &events)
            return true
        case 0x20...0x3F:
            sequenceLength += 1
            dropSequence()
            return true
        default:
            dropSequence()
            return false
        }
        sequenceLength += 1
        if sequenceLength > Self.maximumSequenceLength { return ignoreSequence(including: false) }
        return true
    }

    /// Gives up on a malformed or over-long sequence: what was held is
    /// dropped (with the current byte when `including`), and the rest is
    /// dropped as it comes, up to the final byte.
    mutating func ignoreSequence(including: Bool) -> Bool {
        bytesDropped += sequenceLength + (including ? 1 : 0)
        sequenceLength = 0
        altPrefix = false
        state = .ignoringControlSequence
        return true
    }

    mutating func ignoredByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x20...0x3F:
            bytesDropped += 1
        case 0x40...0x7E:
            bytesDropped += 1
            state = .ground
        default:
            state = .ground
            return false
        }
        return true
    }

    mutating func linuxFunctionKeyByte(_ byte: UInt8, into events: inout [InputEvent]) -> Bool {
        switch byte {
        case 0x41...0x45:
            sequenceLength += 1
            deliverKey(KeyPress(.function(Int(byte) - 0x40)), into: &events)
        case 0x20...0x7E:
            sequenceLength += 1
            dropSequence()
        default:
            dropSequence()
            return false
        }
        return true
    }

    // MARK: Delivering

    /// Delivers a key made by the sequence in progress (Option added after
    /// ESC ESC) and returns to ground.
    mutating func deliverKey(_ key: KeyPress, into events: inout [InputEvent]) {
        var key = key
        if altPrefix { key.modifiers.insert(.option) }
        events.append(.key(key))
        finishSequence()
    }

    /// Delivers an event that is not a key; after ESC ESC the first ESC is
    /// delivered before it as the Escape key.
    mutating func deliverEvent(_ event: InputEvent, into events: inout [InputEvent]) {
        if altPrefix { events.append(.key(KeyPress(.escape))) }
        events.append(event)
        finishSequence()
    }

    // MARK: Dispatch

    mutating func dispatchControlSequence(final: UInt8, into events: inout [InputEvent]) {
        parameters.finish()
        guard !parameters.overflowed else { return dropSequence() }
        switch (privateMarker, intermediate) {
        case (0, 0):
            plainControlSequence(final: final, into: &events)
        case (InputSequence.mouseMarker, 0):
            mouse(final: final, into: &events)
        case (InputSequence.privateMarker, 0):
            privateReply(final: final, into: &events)
        case (0, InputSequence.dollar), (InputSequence.privateMarker, InputSequence.dollar):
            // DECRPM: CSI [?] mode ; value $ y
            guard final == InputSequence.modeReport, parameters.fieldCount == 2, !parameters.hasSubparameters,
                  let mode = parameters.value(0), let value = parameters.value(1)
            else { return dropSequence() }
            let reply = TerminalReply.modeReport(mode: mode, value: value, isPrivate: privateMarker != 0)
            deliverEvent(.reply(reply), into: &events)
        default:
            dropSequence()
        }
    }

    private mutating func plainControlSequence(final: UInt8, into events: inout [InputEvent]) {
        switch final {
        case InputSequence.cursorUp, InputSequence.cursorDown, InputSequence.cursorRight, InputSequence.cursorLeft,
             InputSequence.cursorHome, InputSequence.cursorEnd, 0x50, 0x51, 0x53:
            // CSI A … / CSI 1 ; m[:e] A; F1 F2 F4 as CSI 1 ; m P (xterm with modifiers, kitty).
            guard let key = Self.letterKey(final), parameters.fieldCount <= 2, leadingOneOrNothing,
                  let (modifiers, phase) = keyModifiers(field: 1)
            else { return dropSequence() }
            deliverKey(KeyPress(key, modifiers: modifiers, phase: phase), into: &events)
        case InputSequence.cursorPositionReport:
            cursorReportOrF3(into: &events)
        case InputSequence.backTab:
            // CBT: xterm's Shift-Tab; some terminals add modifiers (`CSI 1 ; 5 Z`).
            guard parameters.fieldCount <= 2, leadingOneOrNothing, let (modifiers, phase) = keyModifiers(field: 1)
            else { return dropSequence() }
            deliverKey(KeyPress(.tab, modifiers: modifiers.union(.shift), phase: phase), into: &events)
        case InputSequence.tilde:
            tildeSequence(into: &events)
        case InputSequence.kittyKey:
            kittyKeySequence(into: &events)
        case InputSequence.rxvtControl:
            rxvtKey(modifiers: .control, into: &events)
        case InputSequence.rxvtControlShift:
            rxvtKey(modifiers: [.control, .shift], into: &events)
        case 0x61...0x64:
            // rxvt: CSI a … d are Shift with up, down, right, left.
            guard parameters.isEmpty, let key = Self.letterKey(final - 0x20) else { return dropSequence() }
            deliverKey(KeyPress(key, modifiers: .shift), into: &events)
        case InputSequence.focusIn, InputSequence.focusOut:
            guard parameters.isEmpty else { return dropSequence() }
            deliverEvent(.focus(final == InputSequence.focusIn), into: &events)
        case InputSequence.mousePress where parameters.isEmpty:
            // X10 mouse: CSI M and three raw bytes, dropped.
            x10BytesLeft = 3
            state = .x10Mouse
        case InputSequence.linuxFunctionKey where parameters.isEmpty:
            state = .linuxFunctionKey
        case InputSequence.windowReport:
            windowSizeReport(into: &events)
        default:
            dropSequence()
        }
    }

    /// The first parameter is absent or 1, as in `CSI 1 ; 5 A`.
    private var leadingOneOrNothing: Bool {
        guard parameters.valueCount(inField: 0) <= 1 else { return false }
        let first = parameters.value(0)
        return first == nil || first == 1
    }

    /// `CSI row ; column R`: a cursor position report, or F3.
    ///
    /// xterm sends Ctrl-F3 as `CSI 1 ; 5 R`, which is also the report of a
    /// cursor at row 1, column 5. While ``expectsCursorPositionReport``
    /// two plain numbers are a report; otherwise row 1 (or none) is F3 and
    /// any other row a report. A sub-parameter (kitty's event type) makes
    /// it a key either way.
    private mutating func cursorReportOrF3(into events: inout [InputEvent]) {
        let fields = parameters.fieldCount
        let row = parameters.value(0), column = parameters.value(1)
        let plainPair = fields == 2 && !parameters.hasSubparameters && row != nil && column != nil
        if plainPair, let row, let column, expectsCursorPositionReport || row != 1 {
            deliverEvent(.reply(.cursorPosition(row: row, column: column)), into: &events)
            return
        }
        guard fields <= 2, leadingOneOrNothing, let (modifiers, phase) = keyModifiers(field: 1) else {
            return dropSequence()
        }
        deliverKey(KeyPress(.function(3), modifiers: modifiers, phase: phase), into: &events)
    }

    /// `CSI n [; m[:e]] ~`: VT220-style keys, modifyOtherKeys, paste start.
    private mutating func tildeSequence(into events: inout [InputEvent]) {
        guard parameters.valueCount(inField: 0) == 1, let number = parameters.value(0) else { return dropSequence() }
        switch number {
        case InputSequence.pasteStart where parameters.fieldCount == 1:
            beginPaste(into: &events)
        case InputSequence.modifyOtherKeys where parameters.fieldCount == 3:
            // xterm modifyOtherKeys: CSI 27 ; modifiers ; code ~
            guard parameters.valueCount(inField: 2) == 1, let code = parameters.value(2),
                  let (modifiers, phase) = keyModifiers(field: 1),
                  let keys = Self.codeKeys(code: code, shifted: nil, text: [], modifiers: modifiers, phase: phase)
            else { return dropSequence() }
            deliverKeys(keys, into: &events)
        default:
            guard parameters.fieldCount <= 2,
                  let key = Self.numberedKey(number) ?? (number >= 57344 ? Self.kittyFunctionalKey(number) : nil),
                  let (modifiers, phase) = keyModifiers(field: 1)
            else { return dropSequence() }
            deliverKey(KeyPress(key, modifiers: modifiers, phase: phase), into: &events)
        }
    }

    /// rxvt's modified keys: `CSI n $` Shift, `CSI n ^` Control, `CSI n @`
    /// Control-Shift, with n as in `CSI n ~`.
    private mutating func rxvtKey(modifiers: EventModifiers, into events: inout [InputEvent]) {
        guard parameters.fieldCount == 1, !parameters.hasSubparameters, let number = parameters.value(0),
              let key = Self.numberedKey(number)
        else { return dropSequence() }
        deliverKey(KeyPress(key, modifiers: modifiers), into: &events)
    }

    /// `CSI code[:shifted[:base]] [; modifiers[:event] [; text]] u`: the kitty
    /// keyboard protocol (and fixterms / xterm's `formatOtherKeys 1`).
    private mutating func kittyKeySequence(into events: inout [InputEvent]) {
        guard parameters.fieldCount <= 3, parameters.valueCount(inField: 0) <= 3,
              let code = parameters.value(0),
              let (modifiers, phase) = keyModifiers(field: 1)
        else { return dropSequence() }
        var text: [Int] = []
        let textCount = parameters.valueCount(inField: 2)
        if textCount > 0 {
            text.reserveCapacity(textCount)
            for i in 0..<textCount {
                guard let v = parameters.value(2, i) else { return dropSequence() }
                text.append(v)
            }
        }
        guard let keys = Self.codeKeys(code: code, shifted: parameters.value(0, 1), text: text,
                                       modifiers: modifiers, phase: phase)
        else { return dropSequence() }
        deliverKeys(keys, into: &events)
    }

    private mutating func deliverKeys(_ keys: [KeyPress], into events: inout [InputEvent]) {
        for var key in keys {
            if altPrefix { key.modifiers.insert(.option) }
            events.append(.key(key))
        }
        finishSequence()
    }

    /// The modifiers and event type in field `field`: xterm's `1 + bits`
    /// (shift 1, alt 2, ctrl 4, meta 8) and kitty's `1 + bits` with
    /// `:event` (super 8, hyper 16, meta 32, caps lock 64, num lock 128;
    /// event 1 press, 2 repeat, 3 release). ``EventModifiers`` has kitty's
    /// bit layout, so the bits map one to one; xterm's "meta" (8) is
    /// therefore ``EventModifiers/command``. `nil` when malformed.
    func keyModifiers(field: Int) -> (EventModifiers, KeyPress.Phase)? {
        guard parameters.valueCount(inField: field) <= 2 else { return nil }
        let encoded = parameters.value(field) ?? 1
        guard encoded <= 256 else { return nil }
        let modifiers = EventModifiers(rawValue: UInt8(max(encoded, 1) - 1))
        switch parameters.value(field, 1) ?? 1 {
        case 1: return (modifiers, .down)
        case 2: return (modifiers, .repeat)
        case 3: return (modifiers, .up)
        default: return nil
        }
    }

    // MARK: SS3

    private mutating func dispatchSingleShift(final: UInt8, into events: inout [InputEvent]) {
        parameters.finish()
        guard !parameters.overflowed, !parameters.hasSubparameters, parameters.fieldCount <= 2 else {
            return dropSequence()
        }
        // SS3 5 A (one parameter: the modifiers) or SS3 1 ; 5 A.
        let modifierField = parameters.fieldCount == 2 ? 1 : 0
        guard let (modifiers, _) = keyModifiers(field: modifierField),
              let key = Self.singleShiftKey(final)
        else { return dropSequence() }
        deliverKey(KeyPress(key.key, modifiers: modifiers.union(key.modifiers)), into: &events)
    }
}
