// SGR mouse reports (xterm "Mouse Tracking", mode 1006).

extension InputDecoder {
    /// SGR mouse (xterm mode 1006): `CSI < b ; x ; y M` (press, motion,
    /// wheel) or `m` (release), 1-based cell coordinates.
    ///
    /// `b`: low two bits the button (0 left, 1 middle, 2 right, 3 none);
    /// +4 Shift, +8 Meta (delivered as Option), +16 Control; +32 motion;
    /// +64 wheel (low bits up, down, left, right); +128 buttons 8–11
    /// (delivered as ``MouseEvent/Button/other(_:)`` 8…11). A wheel
    /// "release" and codes past 255 are dropped.
    mutating func mouse(final: UInt8, into events: inout [InputEvent]) {
        guard final == InputSequence.mousePress || final == InputSequence.mouseRelease,
              parameters.fieldCount == 3, !parameters.hasSubparameters,
              let code = parameters.value(0), let x = parameters.value(1), let y = parameters.value(2),
              code < 256, x >= 1, y >= 1
        else { return dropSequence() }
        var modifiers: EventModifiers = []
        if code & 4 != 0 { modifiers.insert(.shift) }
        if code & 8 != 0 { modifiers.insert(.option) }
        if code & 16 != 0 { modifiers.insert(.control) }
        let low = code & 3
        let motion = code & 32 != 0
        let isPress = final == InputSequence.mousePress
        let kind: MouseEvent.Kind
        let button: MouseEvent.Button
        switch code & 192 {
        case 64:
            guard isPress else { return dropSequence() }
            kind = [.scrollUp, .scrollDown, .scrollLeft, .scrollRight][low]
            button = .none
        case 128:
            button = .other(8 + low)
            kind = motion ? .drag : isPress ? .press : .release
        case 0:
            if low == 3 {
                // No button: motion with none held, or X10's "release".
                button = .none
                kind = motion ? .move : .release
            } else {
                button = [.left, .middle, .right][low]
                kind = motion ? .drag : isPress ? .press : .release
            }
        default:
            return dropSequence()
        }
        let event = MouseEvent(kind: kind, button: button, column: x - 1, row: y - 1, modifiers: modifiers)
        deliverEvent(.mouse(event), into: &events)
    }
}
