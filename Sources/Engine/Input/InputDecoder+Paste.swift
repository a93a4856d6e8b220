// Bracketed paste (xterm mode 2004): CSI 200 ~ … CSI 201 ~.
//
// What is between the markers is data, never keys: no byte inside is
// decoded as a key, and only the exact end marker `ESC [ 201 ~` ends it.
// The text goes into text fields, so it is cleaned the way a text field
// needs it:
//
// - CR LF and lone CR become LF; LF and HT are kept.
// - Other C0 controls, DEL and C1 controls are removed.
// - An escape sequence inside (`ESC [ … final`) is removed whole; any other
//   ESC is removed alone (the byte after it is kept as text).
// - Invalid UTF-8 becomes U+FFFD: the user pasted something, and it should
//   show as something.
//
// A paste longer than `pasteChunkLength` is delivered in pieces, each cut at
// a UTF-8 boundary, so memory stays bounded; consecutive `.paste` events
// are one paste. A paste that stalls is delivered as it stands and goes on
// as a paste (`deliverStalledPaste`); only `flush` ends one without its
// marker.

extension InputDecoder {
    /// `CSI 200 ~` has just been read.
    mutating func beginPaste(into events: inout [InputEvent]) {
        if altPrefix {
            // ESC ESC [200~: the first ESC was the Escape key.
            events.append(.key(KeyPress(.escape)))
            sequenceLength -= 1
            altPrefix = false
        }
        state = .paste
        pasteText.removeAll(keepingCapacity: true)
        pasteAfterCarriageReturn = false
    }

    mutating func pasteByte(_ byte: UInt8, into events: inout [InputEvent]) -> Bool {
        sequenceLength += 1
        let afterCarriageReturn = pasteAfterCarriageReturn
        pasteAfterCarriageReturn = false
        switch byte {
        case InputSequence.escape:
            state = .pasteEscape
        case InputSequence.carriageReturn:
            pasteText.append(InputSequence.lineFeed)
            pasteAfterCarriageReturn = true
        case InputSequence.lineFeed:
            if !afterCarriageReturn { pasteText.append(InputSequence.lineFeed) }
        case InputSequence.tab:
            pasteText.append(byte)
        case 0x00..<0x20, InputSequence.delete:
            break
        default:
            pasteText.append(byte)
        }
        if sequenceLength >= Self.pasteChunkLength { deliverPasteChunk(into: &events) }
        return true
    }

    mutating func pasteEscapeByte(_ byte: UInt8) -> Bool {
        guard byte == InputSequence.csi else {
            // A lone ESC is removed; the byte after it is pasted text.
            state = .paste
            return false
        }
        sequenceLength += 1
        pasteMarkerNumber = 0
        pasteMarkerDigits = 0
        pasteMarkerIsNumber = true
        state = .pasteControlSequence
        return true
    }

    mutating func pasteControlSequenceByte(_ byte: UInt8, into events: inout [InputEvent]) -> Bool {
        switch byte {
        case 0x30...0x39:
            pasteMarkerNumber = min(pasteMarkerNumber * 10 + Int(byte - 0x30), 1_000_000)
            pasteMarkerDigits += 1
        case 0x20...0x3F:
            pasteMarkerIsNumber = false
        case 0x40...0x7E:
            sequenceLength += 1
            // Only the exact bytes `ESC [ 201 ~` end a paste: `ESC [ 0201 ~`
            // (the same number to a parser of parameters) is pasted data.
            if byte == InputSequence.tilde && pasteMarkerIsNumber && pasteMarkerDigits == 3
                && pasteMarkerNumber == InputSequence.pasteEnd {
                deliverPaste(into: &events)
            } else {
                // Another sequence inside the paste: removed whole.
                state = .paste
                if sequenceLength >= Self.pasteChunkLength { deliverPasteChunk(into: &events) }
            }
            return true
        default:
            // Broken off: what there was is removed, the byte is read as paste.
            state = .paste
            return false
        }
        sequenceLength += 1
        if sequenceLength >= Self.pasteChunkLength { deliverPasteChunk(into: &events) }
        return true
    }

    /// Ends the paste (end marker or flush) and delivers its text.
    mutating func deliverPaste(into events: inout [InputEvent]) {
        events.append(.paste(Self.pastedString(pasteText[...])))
        if pasteText.capacity > 1 << 16 {
            pasteText = []
        } else {
            pasteText.removeAll(keepingCapacity: true)
        }
        finishSequence()
    }

    /// A paste that stalled (its end marker has not come): delivers what
    /// arrived so far as a ``InputEvent/paste(_:)`` (up to a UTF-8
    /// boundary) and stays in the paste, so what follows is pasted text too,
    /// never keys. Nothing happens outside a paste. ``flush(into:)`` instead
    /// ends the paste.
    public mutating func deliverStalledPaste(into events: inout [InputEvent]) {
        guard isInsideBracketedPaste, !pasteText.isEmpty else { return }
        deliverPasteChunk(into: &events)
    }

    /// Delivers the paste so far (up to a UTF-8 boundary) and stays in the
    /// paste: memory stays bounded however long the paste.
    private mutating func deliverPasteChunk(into events: inout [InputEvent]) {
        let cut = Self.utf8Boundary(pasteText)
        if cut > 0 {
            events.append(.paste(Self.pastedString(pasteText[0..<cut])))
            pasteText.removeFirst(cut)
        }
        sequenceLength = pasteText.count
    }

    /// The length of `bytes` without a trailing incomplete UTF-8 sequence.
    private static func utf8Boundary(_ bytes: [UInt8]) -> Int {
        var i = bytes.count
        var continuations = 0
        while i > 0 && continuations < 3 && bytes[i - 1] & 0xC0 == 0x80 {
            i -= 1
            continuations += 1
        }
        guard i > 0 else { return bytes.count }
        let lead = bytes[i - 1]
        let needed = lead >= 0xF0 ? 3 : lead >= 0xE0 ? 2 : lead >= 0xC0 ? 1 : 0
        return needed > continuations ? i - 1 : bytes.count
    }

    /// Pasted bytes as text: invalid UTF-8 repaired to U+FFFD, C1 controls
    /// removed (C0 controls were removed as the bytes came).
    static func pastedString(_ bytes: ArraySlice<UInt8>) -> String {
        let string = String(decoding: bytes, as: UTF8.self)
        // C1 controls are C2 80 … C2 9F in UTF-8.
        guard bytes.contains(0xC2), string.unicodeScalars.contains(where: { (0x80..<0xA0).contains($0.value) })
        else { return string }
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: string.unicodeScalars.lazy.filter { !(0x80..<0xA0).contains($0.value) })
        return String(scalars)
    }
}
