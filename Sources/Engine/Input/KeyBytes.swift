/// Assembles the parameterised key sequences of ``KeyPress/terminalBytes(keyboard:)``
/// (xterm's modifier parameter, kitty's `CSI … u`).
enum KeyBytes {
    static func csi(final: UInt8) -> [UInt8] {
        [InputSequence.escape, InputSequence.csi, final]
    }

    /// `CSI X`, or `CSI 1 ; m[:e] X` with modifiers or an event type.
    static func letterForm(_ final: UInt8, modifiers m: Int, event: Int) -> [UInt8] {
        var out: [UInt8] = [InputSequence.escape, InputSequence.csi]
        if m != 1 || event != 1 {
            out.append(0x31)
            appendModifiers(m, event: event, to: &out)
        }
        out.append(final)
        return out
    }

    /// `CSI n ~`, or `CSI n ; m[:e] ~`.
    static func tildeForm(_ n: Int, modifiers m: Int, event: Int) -> [UInt8] {
        var out: [UInt8] = [InputSequence.escape, InputSequence.csi]
        appendDecimal(n, to: &out)
        if m != 1 || event != 1 { appendModifiers(m, event: event, to: &out) }
        out.append(InputSequence.tilde)
        return out
    }

    /// `CSI code[:shifted] [; m[:e] [; text]] u`.
    static func kittyForm(_ code: Int, shifted: Int?, modifiers m: Int, event: Int, text: [Int]?) -> [UInt8] {
        var out: [UInt8] = [InputSequence.escape, InputSequence.csi]
        appendDecimal(code, to: &out)
        if let shifted {
            out.append(0x3A)
            appendDecimal(shifted, to: &out)
        }
        if m != 1 || event != 1 || text != nil { appendModifiers(m, event: event, to: &out) }
        if let text {
            for (i, v) in text.enumerated() {
                out.append(i == 0 ? 0x3B : 0x3A)
                appendDecimal(v, to: &out)
            }
        }
        out.append(InputSequence.kittyKey)
        return out
    }

    /// `; m` and, for repeat or release, `:e`.
    private static func appendModifiers(_ m: Int, event: Int, to out: inout [UInt8]) {
        out.append(0x3B)
        appendDecimal(m, to: &out)
        if event != 1 {
            out.append(0x3A)
            appendDecimal(event, to: &out)
        }
    }

    static func appendDecimal(_ n: Int, to out: inout [UInt8]) {
        if n >= 10 { appendDecimal(n / 10, to: &out) }
        out.append(UInt8(0x30 + n % 10))
    }
}
