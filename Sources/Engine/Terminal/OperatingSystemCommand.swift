/// Operating System Commands (ECMA-48 8.3.89: `ESC ]` … ST) that the app
/// sends apart from frames, to the terminal's own UI: the clipboard
/// (OSC 52) and the progress indicator (OSC 9;4). OSC 8, which belongs to
/// cells, is the frame writer's.
enum OperatingSystemCommand {
    /// OSC 52 (xterm's "Manipulate Selection Data"): `ESC ] 52 ; c ; <base64> ST`
    /// sets the clipboard (`c`) to `text`'s UTF-8.
    static func setClipboard(_ text: String) -> [UInt8] {
        var out = Array("\u{1B}]52;c;".utf8)
        appendBase64(text.utf8, to: &out)
        out += Array("\u{1B}\\".utf8)
        return out
    }

    /// OSC 52 with `?` for the data: asks the terminal for the clipboard's
    /// text, which it answers (where allowed) as `ESC ] 52 ; c ; <base64> ST`.
    static let clipboardQuery = Array("\u{1B}]52;c;?\u{1B}\\".utf8)

    /// What OSC 9;4 (ConEmu's progress report, which Windows Terminal,
    /// Ghostty, WezTerm and others show in the tab or taskbar) says.
    enum Progress: Equatable {
        /// No progress shown (`9;4;0`).
        case cleared
        /// Work of unknown length (`9;4;3`).
        case indeterminate
        /// `percent` done, 0–100 (`9;4;1;percent`).
        case determinate(percent: Int)
    }

    /// `ESC ] 9 ; 4 ; state [; percent] ST`.
    static func progress(_ progress: Progress) -> [UInt8] {
        switch progress {
        case .cleared: return Array("\u{1B}]9;4;0\u{1B}\\".utf8)
        case .indeterminate: return Array("\u{1B}]9;4;3\u{1B}\\".utf8)
        case .determinate(let percent):
            return Array("\u{1B}]9;4;1;\(Swift.min(100, Swift.max(0, percent)))\u{1B}\\".utf8)
        }
    }

    /// RFC 4648 base64 (with padding) of `bytes`, appended to `out`.
    static func appendBase64<S: Sequence<UInt8>>(_ bytes: S, to out: inout [UInt8]) {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var group: UInt32 = 0
        var count = 0
        for b in bytes {
            group = group << 8 | UInt32(b)
            count += 1
            if count == 3 {
                for shift in stride(from: 18, through: 0, by: -6) { out.append(alphabet[Int(group >> UInt32(shift) & 63)]) }
                group = 0
                count = 0
            }
        }
        guard count > 0 else { return }
        group <<= UInt32(8 * (3 - count))
        for i in 0...count { out.append(alphabet[Int(group >> UInt32(18 - 6 * i) & 63)]) }
        for _ in count..<3 { out.append(0x3D) }  // =
    }
}
