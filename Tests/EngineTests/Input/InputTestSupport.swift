@testable import Engine

/// Bytes written the way the tests read them: `\e` ESC, `\r` `\n` `\t`
/// `\b`, `\xNN` any byte, `\\` a backslash; everything else as UTF-8.
func bytes(_ escaped: String) -> [UInt8] {
    var out: [UInt8] = []
    var it = Array(escaped.utf8)[...]
    while let b = it.popFirst() {
        guard b == 0x5C, let next = it.popFirst() else {
            out.append(b)
            continue
        }
        switch next {
        case 0x65: out.append(0x1B)  // e
        case 0x72: out.append(0x0D)  // r
        case 0x6E: out.append(0x0A)  // n
        case 0x74: out.append(0x09)  // t
        case 0x62: out.append(0x08)  // b
        case 0x78:  // xNN
            let hex = String(decoding: it.prefix(2), as: UTF8.self)
            it = it.dropFirst(2)
            out.append(UInt8(hex, radix: 16)!)
        default: out.append(next)
        }
    }
    return out
}

/// A key event.
func key(_ k: Key, _ modifiers: EventModifiers = [], _ phase: KeyPress.Phase = .down) -> InputEvent {
    .key(KeyPress(k, modifiers: modifiers, phase: phase))
}

/// A character key event.
func char(_ c: Character, _ modifiers: EventModifiers = [], _ phase: KeyPress.Phase = .down) -> InputEvent {
    .key(KeyPress(.character(c), modifiers: modifiers, phase: phase))
}

/// A mouse event.
func mouse(_ kind: MouseEvent.Kind, _ button: MouseEvent.Button, _ column: Int, _ row: Int,
           _ modifiers: EventModifiers = []) -> InputEvent {
    .mouse(MouseEvent(kind: kind, button: button, column: column, row: row, modifiers: modifiers))
}

/// Decodes `input` in one chunk and flushes.
func decodeAll(_ input: [UInt8], expectingCursorReport: Bool = false) -> (events: [InputEvent], decoder: InputDecoder) {
    var decoder = InputDecoder()
    decoder.expectsCursorPositionReport = expectingCursorReport
    var events = decoder.decode(input)
    decoder.flush(into: &events)
    return (events, decoder)
}

/// Decodes `input` cut at `cuts` (increasing offsets), then flushes.
func decodeChunked(_ input: [UInt8], cuts: [Int]) -> (events: [InputEvent], decoder: InputDecoder) {
    var decoder = InputDecoder()
    var events: [InputEvent] = []
    var start = 0
    for cut in cuts + [input.count] where cut >= start {
        input[start..<cut].withUnsafeBufferPointer { decoder.decode($0, into: &events) }
        start = cut
    }
    decoder.flush(into: &events)
    return (events, decoder)
}

/// What the tests compare across chunkings: unmodified typed characters
/// merged into runs of text (a chunk boundary may split a cluster before
/// a combining mark), everything else as is.
enum NormalizedEvent: Equatable, CustomStringConvertible {
    case text(String)
    case event(InputEvent)

    var description: String {
        switch self {
        case .text(let s): "text(\(s.unicodeScalars.map { String($0.value, radix: 16) }))"
        case .event(let e): "\(e)"
        }
    }
}

func normalized(_ events: [InputEvent]) -> [NormalizedEvent] {
    var out: [NormalizedEvent] = []
    for e in events {
        if case .key(let k) = e, case .character(let c) = k.key, k.modifiers.isEmpty, k.phase == .down {
            if case .text(let s)? = out.last {
                out[out.count - 1] = .text(s + String(c))
            } else {
                out.append(.text(String(c)))
            }
        } else {
            out.append(.event(e))
        }
    }
    return out
}

/// Whether `s` holds a C0 control, DEL or a C1 control.
func holdsControl(_ s: some StringProtocol) -> Bool {
    s.unicodeScalars.contains { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) }
}

/// The rules every decoded event keeps, whatever the input: a
/// `.character` is one cluster with no control; pasted text has no
/// control but LF and HT; mouse coordinates are not negative. Returns the
/// first broken rule.
func brokenRule(_ event: InputEvent) -> String? {
    switch event {
    case .key(let k):
        if case .character(let c) = k.key {
            if holdsControl(String(c)) { return "control in .character: \(c.unicodeScalars.map(\.value))" }
            if String(c).count != 1 { return "not one cluster: \(c)" }
        }
        if case .function(let n) = k.key, !(1...35).contains(n) { return "F\(n)" }
    case .paste(let s):
        if s.unicodeScalars.contains(where: { ($0.value < 0x20 && $0.value != 0x0A && $0.value != 0x09)
            || (0x7F..<0xA0).contains($0.value) })
        {
            return "control in paste"
        }
    case .mouse(let m):
        if m.column < 0 || m.row < 0 { return "negative mouse coordinate" }
    case .focus, .reply:
        break
    }
    return nil
}
