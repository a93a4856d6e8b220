// The inverse of the decoder: the bytes a terminal sends for an event.

extension InputEvent {
    /// The bytes a terminal sends for this event, or `nil` when it cannot
    /// send it.
    ///
    /// - Keys: ``KeyPress/terminalBytes(keyboard:)``.
    /// - Paste: `CSI 200 ~`, the text's UTF-8, `CSI 201 ~` (xterm bracketed
    ///   paste); `nil` when the text holds an ESC, which could end the
    ///   paste early.
    /// - Mouse: SGR (`CSI < b ; x ; y M`/`m`, 1-based); `nil` for negative
    ///   coordinates, modifiers other than Shift, Option and Control, and
    ///   combinations SGR has no code for (a press with no button, a
    ///   scroll with a button, ``MouseEvent/Button/other(_:)`` outside 8…11).
    /// - Focus: `CSI I` / `CSI O`.
    /// - Replies: the terminal's reply (`CSI ? 62 ; 22 c`,
    ///   `CSI ? 2026 ; 2 $ y`, `CSI 5 ; 10 R`, `CSI ? 1 u`); `nil` for
    ///   negative numbers. A report of row 1 decodes as a report only while
    ///   the decoder ``InputDecoder/expectsCursorPositionReport``.
    ///
    /// `keyboard` matters only for keys.
    public func terminalBytes(keyboard: KeyboardEncoding = .legacy) -> [UInt8]? {
        switch self {
        case .key(let key):
            return key.terminalBytes(keyboard: keyboard)
        case .paste(let text):
            guard !text.utf8.contains(InputSequence.escape) else { return nil }
            var out: [UInt8] = [InputSequence.escape, InputSequence.csi]
            KeyBytes.appendDecimal(InputSequence.pasteStart, to: &out)
            out.append(InputSequence.tilde)
            out.append(contentsOf: text.utf8)
            out.append(contentsOf: [InputSequence.escape, InputSequence.csi])
            KeyBytes.appendDecimal(InputSequence.pasteEnd, to: &out)
            out.append(InputSequence.tilde)
            return out
        case .mouse(let mouse):
            return Self.sgrMouseBytes(mouse)
        case .focus(let gained):
            return KeyBytes.csi(final: gained ? InputSequence.focusIn : InputSequence.focusOut)
        case .reply(let reply):
            return Self.replyBytes(reply)
        }
    }

    private static func sgrMouseBytes(_ m: MouseEvent) -> [UInt8]? {
        guard m.column >= 0, m.row >= 0, m.column < Int(Int32.max), m.row < Int(Int32.max),
              m.modifiers.isSubset(of: [.shift, .option, .control])
        else { return nil }
        let buttonCode: Int?
        switch m.button {
        case .none: buttonCode = nil
        case .left: buttonCode = 0
        case .middle: buttonCode = 1
        case .right: buttonCode = 2
        case .other(let n): buttonCode = (8...11).contains(n) ? 128 + n - 8 : -1
        }
        if buttonCode == -1 { return nil }
        var code: Int
        switch m.kind {
        case .press:
            guard let buttonCode else { return nil }
            code = buttonCode
        case .release:
            code = buttonCode ?? 3
        case .drag:
            guard let buttonCode else { return nil }
            code = buttonCode + 32
        case .move:
            guard buttonCode == nil else { return nil }
            code = 3 + 32
        case .scrollUp, .scrollDown, .scrollLeft, .scrollRight:
            guard buttonCode == nil else { return nil }
            code = m.kind == .scrollUp ? 64 : m.kind == .scrollDown ? 65 : m.kind == .scrollLeft ? 66 : 67
        }
        if m.modifiers.contains(.shift) { code += 4 }
        if m.modifiers.contains(.option) { code += 8 }
        if m.modifiers.contains(.control) { code += 16 }
        var out: [UInt8] = [InputSequence.escape, InputSequence.csi, InputSequence.mouseMarker]
        KeyBytes.appendDecimal(code, to: &out)
        out.append(0x3B)
        KeyBytes.appendDecimal(m.column + 1, to: &out)
        out.append(0x3B)
        KeyBytes.appendDecimal(m.row + 1, to: &out)
        out.append(m.kind == .release ? InputSequence.mouseRelease : InputSequence.mousePress)
        return out
    }

    private static func replyBytes(_ reply: TerminalReply) -> [UInt8]? {
        var out: [UInt8] = [InputSequence.escape, InputSequence.csi]
        func numbers(_ values: [Int]) -> Bool {
            for (i, v) in values.enumerated() {
                guard v >= 0 && v <= ControlSequenceParameters.maximumValue else { return false }
                if i > 0 { out.append(0x3B) }
                KeyBytes.appendDecimal(v, to: &out)
            }
            return true
        }
        switch reply {
        case .primaryDeviceAttributes(let values):
            out.append(InputSequence.privateMarker)
            guard numbers(values) else { return nil }
            out.append(InputSequence.deviceAttributes)
        case .modeReport(let mode, let value, let isPrivate):
            if isPrivate { out.append(InputSequence.privateMarker) }
            guard numbers([mode, value]) else { return nil }
            out.append(InputSequence.dollar)
            out.append(InputSequence.modeReport)
        case .cursorPosition(let row, let column):
            guard numbers([row, column]) else { return nil }
            out.append(InputSequence.cursorPositionReport)
        case .keyboardFlags(let flags):
            out.append(InputSequence.privateMarker)
            guard numbers([flags]) else { return nil }
            out.append(InputSequence.kittyKey)
        case .color(let code, let red, let green, let blue):
            guard code >= 0 && code <= ControlSequenceParameters.maximumValue else { return nil }
            out = [InputSequence.escape, InputSequence.osc]
            KeyBytes.appendDecimal(code, to: &out)
            out += Array(";rgb:".utf8)
            for (i, channel) in [red, green, blue].enumerated() {
                if i > 0 { out.append(0x2F) }
                let hex = String(channel, radix: 16)
                out += Array((String(repeating: "0", count: 4 - hex.count) + hex).utf8)
            }
            out += [InputSequence.escape, InputSequence.stringTerminator]
        case .paletteColor(let index, let red, let green, let blue):
            guard index >= 0 && index <= 255 else { return nil }
            out = [InputSequence.escape, InputSequence.osc, 0x34, 0x3B]
            KeyBytes.appendDecimal(index, to: &out)
            out += Array(";rgb:".utf8)
            for (i, channel) in [red, green, blue].enumerated() {
                if i > 0 { out.append(0x2F) }
                let hex = String(channel, radix: 16)
                out += Array((String(repeating: "0", count: 4 - hex.count) + hex).utf8)
            }
            out += [InputSequence.escape, InputSequence.stringTerminator]
        case .colorScheme(let isDark):
            out.append(InputSequence.privateMarker)
            guard numbers([InputSequence.colorSchemeReport, isDark ? 1 : 2]) else { return nil }
            out.append(InputSequence.deviceStatusReport)
        case .windowSize(let rows, let columns, let pixelHeight, let pixelWidth):
            guard numbers([InputSequence.inBandResize, rows, columns, pixelHeight, pixelWidth]) else { return nil }
            out.append(InputSequence.windowReport)
        case .clipboard(let text):
            out = [InputSequence.escape, InputSequence.osc] + Array("52;c;".utf8) + Base64.encode(Array(text.utf8))
            out += [InputSequence.escape, InputSequence.stringTerminator]
        case .kittyGraphics(let id, let message):
            guard id >= 0, !message.isEmpty, message.utf8.allSatisfy({ (0x20...0x7E).contains($0) }) else {
                return nil
            }
            out = [InputSequence.escape, InputSequence.apc] + Array("Gi=\(id);\(message)".utf8)
            out += [InputSequence.escape, InputSequence.stringTerminator]
        case .graphicsAttribute(let item, let status, let values):
            out.append(InputSequence.privateMarker)
            guard numbers([item, status] + values) else { return nil }
            out.append(InputSequence.graphicsAttributes)
        case .cellPixelSize(let width, let height):
            guard numbers([InputSequence.cellPixelsReport, height, width]) else { return nil }
            out.append(InputSequence.windowReport)
        case .textAreaPixelSize(let width, let height):
            guard numbers([InputSequence.textAreaPixelsReport, height, width]) else { return nil }
            out.append(InputSequence.windowReport)
        }
        return out
    }
}
