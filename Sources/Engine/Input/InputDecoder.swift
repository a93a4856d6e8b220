/// Turns the bytes a terminal sends into ``InputEvent``s: a pure value with
/// no I/O and no clock.
///
/// Feed it whatever `read(2)` returned, in any chunking:
///
/// ```swift
/// var decoder = InputDecoder()
/// var events: [InputEvent] = []
/// decoder.decode(chunk, into: &events)
/// if decoder.hasPendingInput { /* arm the escape timeout */ }
/// // … when the timeout fires with no more input:
/// decoder.flush(into: &events)
/// ```
///
/// ## Partial input and the escape timeout
///
/// A sequence cut by the end of a chunk is held until more bytes come
/// (``hasPendingInput``). The decoder cannot tell a lone ESC (the Escape
/// key) from the start of a sequence whose rest is still in flight, and it
/// knows nothing of time, so the session decides: when no byte arrives
/// for a short while (25–50 ms is usual; longer over slow links), it calls
/// ``flush(into:)``, which resolves what is held:
///
/// - ESC alone is the Escape key; ESC ESC is Escape with ``EventModifiers/option``.
/// - ESC followed only by a sequence introducer (`[`, `O`, `]`, `P`, `X`,
///   `^`, `_`) is that character with Option: a terminal writes a whole
///   sequence at once, so a bare introducer after a pause was Alt-[ and
///   so on. Any longer incomplete CSI, SS3 or control string is dropped
///   whole.
/// - An unterminated bracketed paste is delivered as ``InputEvent/paste(_:)``
///   with what arrived: pasted data is never lost nor turned into keys.
///   While ``isInsideBracketedPaste`` a session may wait longer before
///   flushing (a big paste over ssh can pause mid-way).
/// - Text: a complete cluster held back (see below) is delivered; an
///   incomplete UTF-8 sequence is dropped and counted.
///
/// ## Text
///
/// Text arrives as one ``Key/character(_:)`` key event per grapheme
/// cluster (Swift's segmentation). A cluster is delivered as soon as its
/// bytes are complete at the end of a chunk, with one exception: a trailing
/// cluster that must continue — one ending in ZERO WIDTH JOINER, or a lone
/// regional indicator (half a flag) — is held until more bytes or
/// ``flush(into:)``. So the same bytes in other chunks give the same
/// *text* (the concatenation of the characters), and the same clusters
/// except where a chunk boundary falls before a combining mark. A
/// `.character` never holds a C0 control, DEL or a C1 control; invalid
/// UTF-8 and UTF-8-encoded C1 controls are dropped and counted (no U+FFFD
/// key events: a replacement character is not something the user typed).
/// 8-bit C1 controls (0x9B as CSI) are not recognised: they are invalid
/// UTF-8.
///
/// ## Byte accounting
///
/// Every byte handed to ``decode(_:into:)`` is, at any moment, either held
/// (``pendingByteCount``) or consumed (``bytesConsumed``):
/// `bytesConsumed + pendingByteCount` is the total handed in. A consumed
/// byte either belongs to a delivered event or was dropped
/// (``bytesDropped``): malformed, unknown or unsupported sequences dropped
/// whole, recognised sequences that make no event (OSC/DCS/APC/PM/SOS
/// strings, kitty's lock/media/modifier-only keys, keypad Begin), invalid
/// UTF-8, and bytes past a length cap. The bytes of a paste, including its
/// markers and the controls it strips, belong to the paste event.
///
/// ## Limits
///
/// A hostile stream cannot grow memory without bound: a control sequence
/// or string longer than ``maximumSequenceLength`` (an OSC 52 clipboard
/// reply: ``maximumClipboardReplyLength``) stops being held (its
/// bytes are dropped as they come until it ends); a sequence with more
/// than 32 numbers or a number past 2³¹−1 is dropped whole; a paste longer
/// than ``pasteChunkLength`` is delivered as several consecutive
/// ``InputEvent/paste(_:)`` events; a held cluster is at most
/// ``maximumHeldClusterLength`` bytes. ``pendingByteCount`` never exceeds
/// ``maximumPendingBytes``.
///
/// The sequences, and the choices made where terminals disagree, are listed
/// in `InputDecoder+ControlSequence.swift` and `InputDecoder+Keys.swift`.
///
/// - Complexity: O(n) in the bytes decoded; printable ASCII makes no
///   allocation and builds no `String`.
public struct InputDecoder: Sendable {
    // MARK: Limits

    /// The longest control sequence or control string held as pending;
    /// beyond it the sequence's bytes are dropped as they come until its end.
    public static let maximumSequenceLength = 4096
    /// A bracketed paste longer than this many bytes is delivered in
    /// pieces of about this size, each a ``InputEvent/paste(_:)``.
    public static let pasteChunkLength = 1 << 20
    /// The longest trailing cluster held back at the end of a chunk
    /// (an emoji ZWJ sequence is well under it).
    public static let maximumHeldClusterLength = 128
    /// The most bytes the decoder ever holds between calls.
    public static let maximumPendingBytes = max(pasteChunkLength, maximumSequenceLength, maximumClipboardReplyLength,
                                                maximumHeldClusterLength + 4)

    // MARK: Session state

    /// Set by the session while it waits for a cursor position report.
    ///
    /// `CSI 1 ; 5 R` is both Ctrl-F3 (xterm) and "cursor at row 1, column
    /// 5". While this is `true`, `CSI row ; column R` is a
    /// ``TerminalReply/cursorPosition(row:column:)``; while `false` it is F3
    /// when the row is 1 (or absent) and a cursor report otherwise. The
    /// decoder never changes it. Kitty avoids the clash (F3 is `CSI 13 ~`).
    public var expectsCursorPositionReport = false

    // MARK: Statistics

    /// Bytes handed in and no longer held: delivered in events or dropped.
    public var bytesConsumed: Int { bytesReceived - pendingByteCount }
    /// Consumed bytes that made no event (see "Byte accounting" above).
    public internal(set) var bytesDropped = 0
    /// Bytes held for a sequence or cluster not yet complete.
    public var pendingByteCount: Int { sequenceLength + text.count }

    /// Bytes are held: the session should call ``flush(into:)`` if nothing
    /// more arrives within its escape timeout.
    public var hasPendingInput: Bool { state != .ground || !text.isEmpty }

    /// A bracketed paste has started and not ended.
    public var isInsideBracketedPaste: Bool {
        state == .paste || state == .pasteEscape || state == .pasteControlSequence
    }

    // MARK: Internal state

    /// Where the byte machine is. Text is only held in ``State/ground``.
    enum State: UInt8, Sendable {
        case ground
        /// After ESC (`altPrefix`: after ESC ESC).
        case escape
        /// ESC and the first bytes of a UTF-8 scalar: Alt plus that scalar.
        case escapeUTF8
        /// ESC `[` and parameters: a control sequence.
        case controlSequence
        /// ESC `O` and parameters.
        case singleShift
        /// A malformed or over-long control sequence, dropped up to its final byte.
        case ignoringControlSequence
        /// ESC `[` `[`: one more byte names a Linux console F-key.
        case linuxFunctionKey
        /// `CSI M`: three raw bytes of X10 mouse follow, dropped.
        case x10Mouse
        /// Inside an OSC, DCS, SOS, PM or APC string.
        case controlString
        /// ESC inside a control string: ST when `\` follows.
        case controlStringEscape
        /// Inside a bracketed paste.
        case paste
        /// ESC inside a paste.
        case pasteEscape
        /// ESC `[` inside a paste: the end marker, or a sequence to strip.
        case pasteControlSequence
    }

    var state = State.ground
    /// Bytes handed to ``decode(_:into:)`` in all.
    var bytesReceived = 0
    /// Bytes of the sequence in progress that are held (0 in ground).
    var sequenceLength = 0
    /// ESC ESC: the first ESC is Option for the key the sequence after it makes.
    var altPrefix = false
    /// The control string or sequence passed ``maximumSequenceLength``; its
    /// bytes are dropped as they come.
    var overflowed = false

    // Control sequences.
    var parameters = ControlSequenceParameters()
    /// `<`, `=`, `>` or `?` right after CSI, else 0.
    var privateMarker: UInt8 = 0
    /// The intermediate byte (0x20–0x2F), else 0; 0xFF when there were several.
    var intermediate: UInt8 = 0
    /// The introducer after ESC of the sequence or string in progress.
    var introducer: UInt8 = 0
    var x10BytesLeft = 0
    /// The OSC string in progress, while it is short enough to be a colour
    /// reply (at most ``maximumReplyStringLength`` bytes; emptied past it).
    var replyString: [UInt8] = []
    var replyStringTooLong = false

    // Text and UTF-8.
    /// Text bytes not yet delivered: complete scalars, then the first bytes
    /// of an incomplete one (`utf8Partial` of them).
    var text: [UInt8] = []
    var utf8Partial = 0
    var utf8Needed = 0
    var utf8Lower: UInt8 = 0x80
    var utf8Upper: UInt8 = 0xBF
    /// The scalar being read after ESC (Alt plus a non-ASCII character).
    var escapeScalar: UInt32 = 0

    // Bracketed paste.
    /// The pasted text so far, controls already stripped, CR and CR LF as LF.
    var pasteText: [UInt8] = []
    var pasteAfterCarriageReturn = false
    var pasteMarkerNumber = 0
    /// Digits read of the sequence that may end the paste (`201` has three).
    var pasteMarkerDigits = 0
    var pasteMarkerIsNumber = true

    /// A decoder with nothing held.
    public init() {}

    // MARK: Decoding

    /// Decodes `bytes`, appending complete events to `events` in order.
    ///
    /// Bytes of an incomplete sequence at the end are held for the next
    /// call (see ``hasPendingInput`` and ``flush(into:)``).
    ///
    /// - Complexity: O(`bytes.count`).
    public mutating func decode(_ bytes: UnsafeBufferPointer<UInt8>, into events: inout [InputEvent]) {
        bytesReceived += bytes.count
        let end = bytes.count
        var i = 0
        while i < end {
            let byte = bytes[i]
            // Printable ASCII that nothing after it in this chunk can extend
            // into a larger cluster: deliver it without building a String.
            if state == .ground && byte >= 0x20 && byte < 0x7F && text.isEmpty
                && (i + 1 == end || bytes[i + 1] < 0x80)
            {
                events.append(.key(KeyPress(.character(Character(Unicode.Scalar(byte))))))
                i += 1
                continue
            }
            if step(byte, into: &events) { i += 1 }
        }
        if state == .ground { deliverText(holdingTail: true, into: &events) }
    }

    /// Decodes `bytes` and returns the complete events.
    public mutating func decode(_ bytes: [UInt8]) -> [InputEvent] {
        var events: [InputEvent] = []
        bytes.withUnsafeBufferPointer { decode($0, into: &events) }
        return events
    }

    /// Resolves everything held, as the session does when its escape
    /// timeout fires with no new input; afterwards nothing is pending.
    ///
    /// See the type's documentation for what each kind of partial input
    /// becomes.
    public mutating func flush(into events: inout [InputEvent]) {
        switch state {
        case .ground:
            dropPartialScalar()
            deliverText(holdingTail: false, into: &events)
        case .escape:
            let modifiers: EventModifiers = altPrefix ? .option : []
            events.append(.key(KeyPress(.escape, modifiers: modifiers)))
            finishSequence()
        case .escapeUTF8:
            // The ESC was the Escape key; the partial scalar after it is dropped.
            events.append(.key(KeyPress(.escape)))
            bytesDropped += sequenceLength - 1
            sequenceLength = 0
            finishSequence()
        case .controlSequence, .singleShift:
            if !altPrefix && parameters.isEmpty && privateMarker == 0 && intermediate == 0 {
                events.append(.key(KeyPress(.character(Character(Unicode.Scalar(introducer))), modifiers: .option)))
                finishSequence()
            } else {
                dropSequence()
            }
        case .controlString:
            if !overflowed && sequenceLength == 2 {
                events.append(.key(KeyPress(.character(Character(Unicode.Scalar(introducer))), modifiers: .option)))
                finishSequence()
            } else {
                dropSequence()
            }
        case .ignoringControlSequence, .linuxFunctionKey, .x10Mouse, .controlStringEscape:
            dropSequence()
        case .paste, .pasteEscape, .pasteControlSequence:
            deliverPaste(into: &events)
        }
    }

    /// Resolves everything held and returns the events.
    public mutating func flush() -> [InputEvent] {
        var events: [InputEvent] = []
        flush(into: &events)
        return events
    }

    // MARK: The byte machine

    /// Reads one byte in the current state. Returns `false` when the byte
    /// ended the state without being part of it and must be read again
    /// (in the new state).
    @inline(__always)
    mutating func step(_ byte: UInt8, into events: inout [InputEvent]) -> Bool {
        switch state {
        case .ground: return groundByte(byte, into: &events)
        case .escape: return escapeByte(byte, into: &events)
        case .escapeUTF8: return escapeUTF8Byte(byte, into: &events)
        case .controlSequence: return controlSequenceByte(byte, into: &events)
        case .singleShift: return singleShiftByte(byte, into: &events)
        case .ignoringControlSequence: return ignoredByte(byte)
        case .linuxFunctionKey: return linuxFunctionKeyByte(byte, into: &events)
        case .x10Mouse:
            sequenceLength += 1
            x10BytesLeft -= 1
            if x10BytesLeft == 0 { dropSequence() }
            return true
        case .controlString: return controlStringByte(byte, into: &events)
        case .controlStringEscape: return controlStringEscapeByte(byte, into: &events)
        case .paste: return pasteByte(byte, into: &events)
        case .pasteEscape: return pasteEscapeByte(byte)
        case .pasteControlSequence: return pasteControlSequenceByte(byte, into: &events)
        }
    }

    private mutating func groundByte(_ byte: UInt8, into events: inout [InputEvent]) -> Bool {
        if byte >= 0x20 && byte != InputSequence.delete || utf8Needed > 0 {
            return textByte(byte)
        }
        deliverText(holdingTail: false, into: &events)
        if byte == InputSequence.escape {
            beginEscape()
        } else {
            events.append(.key(Self.controlKey(byte)))
        }
        return true
    }

    /// Starts an escape sequence at an ESC just read.
    @inline(__always)
    mutating func beginEscape() {
        state = .escape
        sequenceLength = 1
        altPrefix = false
        overflowed = false
    }

    // MARK: Finishing sequences

    /// The sequence in progress made its events: back to ground.
    @inline(__always)
    mutating func finishSequence() {
        state = .ground
        sequenceLength = 0
        altPrefix = false
        overflowed = false
    }

    /// The sequence in progress made no event: its bytes are dropped.
    @inline(__always)
    mutating func dropSequence() {
        bytesDropped += sequenceLength
        finishSequence()
    }

    /// The key a C0 control or DEL stands for (not ESC).
    ///
    /// CR Enter, HT Tab, DEL Backspace; NUL Ctrl-Space; 0x01–0x1A Ctrl with
    /// the lowercase letter, including BS as Ctrl-H and LF as Ctrl-J (as
    /// crossterm and Bubble Tea read them in raw mode; kitty sends BS for
    /// Ctrl-Backspace, which it cannot be told from); 0x1C–0x1F Ctrl with
    /// `\` `]` `^` `_`.
    static func controlKey(_ byte: UInt8) -> KeyPress {
        switch byte {
        case InputSequence.carriageReturn: return KeyPress(.enter)
        case InputSequence.tab: return KeyPress(.tab)
        case InputSequence.delete: return KeyPress(.backspace)
        case InputSequence.nul: return KeyPress(.character(" "), modifiers: .control)
        case 0x01...0x1A: return KeyPress(.character(Character(Unicode.Scalar(byte + 0x60))), modifiers: .control)
        default: return KeyPress(.character(Character(Unicode.Scalar(byte + 0x40))), modifiers: .control)
        }
    }
}
