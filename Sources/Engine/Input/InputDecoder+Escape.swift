// After ESC: Alt with a key, the introducers of sequences and strings, and
// the control strings (OSC, DCS, SOS, PM, APC; ECMA-48 5.6), dropped whole
// except the OSC 10/11 colour replies (InputDecoder+Replies.swift).
//
// ESC ESC: rxvt and some others send Alt with a special key as ESC before
// the key's sequence (`ESC ESC [ A` is Alt-Up). So the first ESC of a pair
// is Option for the key that a CSI or SS3 after it makes; before anything
// else (or at the flush) the pair is Option-Escape and what follows is
// read afresh.

extension InputDecoder {
    /// A byte after ESC (or ESC ESC).
    mutating func escapeByte(_ byte: UInt8, into events: inout [InputEvent]) -> Bool {
        switch byte {
        case InputSequence.csi, InputSequence.ss3:
            sequenceLength += 1
            introducer = byte
            parameters.reset()
            privateMarker = 0
            intermediate = 0
            state = byte == InputSequence.csi ? .controlSequence : .singleShift
            return true
        case InputSequence.escape:
            if altPrefix {
                // ESC ESC ESC: Option-Escape, and the third ESC starts anew.
                events.append(.key(KeyPress(.escape, modifiers: .option)))
                beginEscape()
            } else {
                altPrefix = true
                sequenceLength += 1
            }
            return true
        case _ where altPrefix:
            // ESC ESC then something that is not a key sequence: Option-Escape,
            // and the byte is read afresh.
            events.append(.key(KeyPress(.escape, modifiers: .option)))
            finishSequence()
            return false
        case InputSequence.osc, InputSequence.dcs, InputSequence.sos, InputSequence.pm, InputSequence.apc:
            sequenceLength += 1
            introducer = byte
            replyString.removeAll(keepingCapacity: true)
            replyStringTooLong = false
            state = .controlString
            return true
        case 0x20..<0x7F:
            sequenceLength += 1
            events.append(.key(KeyPress(.character(Character(Unicode.Scalar(byte))), modifiers: .option)))
            finishSequence()
            return true
        case 0x00..<0x20, InputSequence.delete:
            // Alt with Enter, Tab, Backspace, Ctrl-letter …
            sequenceLength += 1
            var key = Self.controlKey(byte)
            key.modifiers.insert(.option)
            events.append(.key(key))
            finishSequence()
            return true
        default:
            if startScalar(byte) {
                sequenceLength += 1
                escapeScalar = UInt32(byte) & (utf8Needed == 1 ? 0x1F : utf8Needed == 2 ? 0x0F : 0x07)
                state = .escapeUTF8
                return true
            }
            // ESC then a byte that cannot start UTF-8: the Escape key, and
            // the byte is dropped in ground.
            events.append(.key(KeyPress(.escape)))
            finishSequence()
            return false
        }
    }

    /// A continuation byte of the scalar after ESC.
    mutating func escapeUTF8Byte(_ byte: UInt8, into events: inout [InputEvent]) -> Bool {
        guard byte >= utf8Lower && byte <= utf8Upper else {
            // Broken scalar: the ESC was Escape, its partial scalar is dropped.
            events.append(.key(KeyPress(.escape)))
            bytesDropped += sequenceLength - 1
            sequenceLength = 0
            finishSequence()
            resetUTF8()
            return false
        }
        sequenceLength += 1
        escapeScalar = escapeScalar << 6 | UInt32(byte & 0x3F)
        utf8Needed -= 1
        utf8Lower = 0x80
        utf8Upper = 0xBF
        if utf8Needed > 0 { return true }
        resetUTF8()
        if escapeScalar < 0xA0 {
            dropSequence()  // ESC and a C1 control: nothing anyone typed.
        } else if let scalar = Unicode.Scalar(escapeScalar) {
            events.append(.key(KeyPress(.character(Character(scalar)), modifiers: .option)))
            finishSequence()
        } else {
            dropSequence()
        }
        return true
    }

    // MARK: Control strings (OSC, DCS, SOS, PM, APC)

    mutating func controlStringByte(_ byte: UInt8, into events: inout [InputEvent]) -> Bool {
        switch byte {
        case InputSequence.bell:
            // BEL ends the string (xterm): an OSC colour reply is read.
            sequenceLength += 1
            endControlString(into: &events)
        case InputSequence.cancel, InputSequence.substitute:
            // CAN and SUB cancel it (ECMA-48 8.3.6).
            sequenceLength += 1
            replyString.removeAll(keepingCapacity: true)
            dropSequence()
        case InputSequence.escape:
            sequenceLength += 1
            state = .controlStringEscape
        default:
            keepReplyStringByte(byte)
            if isClipboardReply && !replyStringTooLong {
                // A clipboard reply is held to its own limit, past the
                // sequence cap (``maximumClipboardReplyLength``).
                sequenceLength += 1
            } else {
                holdOrDrop()
            }
        }
        return true
    }

    mutating func controlStringEscapeByte(_ byte: UInt8, into events: inout [InputEvent]) -> Bool {
        if byte == InputSequence.stringTerminator {
            sequenceLength += 1
            endControlString(into: &events)
            return true
        }
        replyString.removeAll(keepingCapacity: true)
        // An ESC that is not ST ends the broken string and starts a new sequence.
        bytesDropped += sequenceLength - 1
        beginEscape()
        return false
    }

    /// Counts one more byte of a sequence that is dropped in the end: held
    /// while the sequence is short, dropped at once past the cap.
    @inline(__always)
    mutating func holdOrDrop() {
        if overflowed {
            bytesDropped += 1
            return
        }
        sequenceLength += 1
        if sequenceLength > Self.maximumSequenceLength {
            bytesDropped += sequenceLength
            sequenceLength = 0
            overflowed = true
        }
    }
}
