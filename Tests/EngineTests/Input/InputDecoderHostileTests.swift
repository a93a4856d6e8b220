import Testing

@testable import Engine

/// Feeds `input` in chunks of `chunk` bytes, checking after each that the
/// decoder holds no more than its cap; returns the events and decoder
/// (not flushed).
private func feed(_ input: [UInt8], chunk: Int, into decoder: inout InputDecoder) -> (events: [InputEvent], maxPending: Int) {
    var events: [InputEvent] = []
    var maxPending = 0
    var start = 0
    while start < input.count {
        let end = min(input.count, start + chunk)
        input[start..<end].withUnsafeBufferPointer { decoder.decode($0, into: &events) }
        maxPending = max(maxPending, decoder.pendingByteCount)
        start = end
    }
    return (events, maxPending)
}

@Suite("InputDecoder: hostile input stays bounded and keeps what follows")
struct InputDecoderHostileTests {
    @Test("1 MB of ESC [ makes no key and holds 3 bytes at most")
    func megabyteOfCSIIntroducers() {
        let input: [UInt8] = (0..<(1 << 20)).map { $0 % 2 == 0 ? 0x1B : 0x5B }
        for chunk in [input.count, 4096, 7] {
            var decoder = InputDecoder()
            let (events, maxPending) = feed(input, chunk: chunk, into: &decoder)
            #expect(events.isEmpty)
            #expect(maxPending <= 3)
            // The last ESC [ is a bare introducer: Alt-[ at the flush.
            #expect(decoder.flush() == [char("[", .option)])
            #expect(decoder.bytesDropped == input.count - 2)
            #expect(decoder.decode(Array("x".utf8)) == [char("x")])
        }
    }

    @Test("an unterminated 10 MB OSC is dropped as it comes; input after it decodes")
    func tenMegabyteOSC() {
        var decoder = InputDecoder()
        let body = [UInt8](repeating: 0x61, count: 10 << 20)
        var (events, maxPending) = feed(bytes(#"\e]52;c;"#), chunk: 64, into: &decoder)
        let more = feed(body, chunk: 1 << 16, into: &decoder)
        events += more.events
        maxPending = max(maxPending, more.maxPending)
        #expect(events.isEmpty)
        // An OSC 52 may be a clipboard reply: it is held to that limit, no further.
        #expect(maxPending <= InputDecoder.maximumClipboardReplyLength + 8)
        #expect(decoder.hasPendingInput)
        // Terminated late: still nothing, and a key after it is a key.
        #expect(decoder.decode(bytes(#"\x07\e[A"#)) == [key(.up)])
        #expect(decoder.bytesDropped == 7 + body.count + 1)
        #expect(decoder.bytesConsumed == 7 + body.count + 4)

        // Never terminated: the flush drops it.
        var other = InputDecoder()
        let otherPending = feed(bytes(#"\e]"#) + body, chunk: 1 << 16, into: &other).maxPending
        #expect(otherPending <= InputDecoder.maximumSequenceLength)
        #expect(other.flush().isEmpty)
        #expect(other.bytesDropped == body.count + 2)
    }

    @Test("a paste with no end keeps the keys typed into it as text; after the flush keys are keys")
    func pasteWithoutEnd() {
        var decoder = InputDecoder()
        #expect(decoder.decode(bytes(#"\e[200~hello\e[A\r\x03q"#)).isEmpty)
        #expect(decoder.isInsideBracketedPaste)
        #expect(decoder.flush() == [.paste("hello\nq")])
        #expect(!decoder.isInsideBracketedPaste)
        #expect(decoder.decode(bytes(#"\e[A\x03"#)) == [key(.up), char("c", .control)])
        #expect(decoder.bytesDropped == 0)
    }

    @Test("a stalled paste is delivered as it stands and goes on as a paste: what follows is never keys")
    func stalledPasteStaysAPaste() {
        var decoder = InputDecoder()
        #expect(decoder.decode(bytes(#"\e[200~rm -rf x\r"#)).isEmpty)
        var events: [InputEvent] = []
        decoder.deliverStalledPaste(into: &events)
        #expect(events == [.paste("rm -rf x\n")])
        #expect(decoder.isInsideBracketedPaste)
        // Stalled mid-marker: the marker still ends it when it completes.
        #expect(decoder.decode(bytes(#"q\e[20"#)).isEmpty)
        events = []
        decoder.deliverStalledPaste(into: &events)
        #expect(events == [.paste("q")])
        #expect(decoder.decode(bytes(#"1~"#)) == [.paste("")])
        #expect(!decoder.isInsideBracketedPaste)
        #expect(decoder.decode(bytes("q")) == [char("q")])
        // Outside a paste it does nothing.
        events = []
        decoder.deliverStalledPaste(into: &events)
        #expect(events.isEmpty)
    }

    @Test("only the exact bytes ESC [ 201 ~ end a paste: 0201 and 00201 are the same number, not the marker",
          arguments: [#"\e[0201~"#, #"\e[00201~"#, #"\e[201;1~"#, #"\e[2010~"#])
    func pasteEndsOnlyOnItsExactMarker(lookalike: String) {
        var decoder = InputDecoder()
        let events = decoder.decode(bytes(#"\e[200~del "# + lookalike + #"q x\e[201~"#))
        // The look-alike is a sequence inside the paste (removed whole); the
        // `q` after it is pasted text, never a key.
        #expect(events == [.paste("del q x")])
        #expect(!decoder.isInsideBracketedPaste)
    }

    @Test("a 3 MB paste comes in bounded pieces that make up the whole text")
    func hugePaste() {
        let line = Array("ünïcødé text 👍🏽 and more\r\n".utf8)
        var content: [UInt8] = []
        while content.count < 3 << 20 { content += line }
        var decoder = InputDecoder()
        let input = bytes(#"\e[200~"#) + content + bytes(#"\e[201~"#)
        let (events, maxPending) = feed(input, chunk: 1 << 15, into: &decoder)
        #expect(maxPending <= InputDecoder.maximumPendingBytes)
        #expect(events.count >= 3)
        var pasted = ""
        for event in events {
            guard case .paste(let s) = event else {
                Issue.record("not a paste: \(event)")
                return
            }
            pasted += s
        }
        // The content's only CRs are in CR LF, which the paste makes LF.
        let expected = String(decoding: content.filter { $0 != 0x0D }, as: UTF8.self)
        #expect(pasted == expected)
        #expect(!pasted.contains("\u{FFFD}"), "a piece was cut inside a scalar")
        #expect(!decoder.hasPendingInput)
    }

    @Test("500-digit numbers saturate; the sequence is dropped and what follows decodes")
    func hugeNumbers() {
        let digits = String(repeating: "9", count: 500)
        for sequence in [#"\e["# + digits + ";5A", #"\e[1;"# + digits + "A", #"\e["# + digits + "u",
                         #"\e[<"# + digits + ";1;1M", #"\e[?"# + digits + "c", #"\e["# + digits + ";" + digits + "R",
                         #"\e[200~\e["# + digits + "~x" + #"\e[201~"#]
        {
            let input = bytes(sequence) + Array("z".utf8)
            let (events, decoder) = decodeAll(input)
            if sequence.hasPrefix(#"\e[200~"#) {
                #expect(events == [.paste("x"), char("z")])
            } else {
                #expect(events == [char("z")], "\(sequence.prefix(12))")
                #expect(decoder.bytesDropped == input.count - 1)
            }
        }
    }

    @Test("a CSI with 10,000 parameters is dropped whole without holding it")
    func tenThousandParameters() {
        let parameters = Array(repeating: "1", count: 10_000).joined(separator: ";")
        for final in ["A", "u", "~", "M"] {
            let input = bytes(#"\e["# + parameters + final + #"\e[B"#)
            for chunk in [input.count, 100] {
                var decoder = InputDecoder()
                let (events, maxPending) = feed(input, chunk: chunk, into: &decoder)
                #expect(events == [key(.down)])
                #expect(maxPending <= InputDecoder.maximumSequenceLength)
                #expect(decoder.bytesDropped == input.count - 3)
            }
        }
        // Under the length cap but over 32 numbers: dropped too.
        let (events, _) = decodeAll(bytes(#"\e[<"# + Array(repeating: "1", count: 40).joined(separator: ";") + "M"))
        #expect(events.isEmpty)
    }

    @Test("an endless ZWJ chain is not held past the cap")
    func endlessJoiners() {
        var decoder = InputDecoder()
        let input = Array(("a" + String(repeating: "\u{200D}", count: 100_000)).utf8)
        let (events, maxPending) = feed(input, chunk: 999, into: &decoder)
        #expect(maxPending <= InputDecoder.maximumHeldClusterLength + 4)
        let all = events + decoder.flush()
        #expect(normalized(all) == [.text(String(decoding: input, as: UTF8.self))])
    }

    @Test("unterminated strings and sequences of every kind end at the flush")
    func everyStateFlushes() {
        for s in [#"\e[1;2"#, #"\eO5"#, #"\ePabc"#, #"\e]abc\e"#, #"\e[["#, #"\e[M!"#, #"\e[1 "#, #"\e\xc3"#,
                  #"\e[200~x\e"#, #"\e[200~x\e[20"#, #"\xf0\x9f"#, #"\e[?"#, #"\e[<1;2"#]
        {
            var decoder = InputDecoder()
            _ = decoder.decode(bytes(s))
            #expect(decoder.hasPendingInput, "\(s)")
            _ = decoder.flush()
            #expect(!decoder.hasPendingInput, "\(s)")
            #expect(decoder.bytesConsumed == bytes(s).count)
            #expect(decoder.decode(Array("k".utf8)) == [char("k")], "\(s)")
        }
    }
}
