import Testing

@testable import Engine

/// A stream of every kind of input, one after the other.
let mixedStream: [UInt8] = bytes(
    #"héllo 👨‍👩‍👧 \e[1;5A\eOP\e[15;2~\ea\e\x01\r\t\x7f"#
        + #"\e[97:65;2u\e[57399u\e[1;1:3A\e[<0;10;5M\e[<64;3;3M\e[I"#
        + #"\e[200~pasted\r\ntext \e[31m\xff\e[201~\e]11;rgb:1/2/3\e\\\e[?62;22c"#
        + "e\u{301}🇺🇸x👍🏽" + #"\e[27;5;105~\eOA\e[[B\e[0n\xc3(\e\e[B\e[2$z\e"#
)

@Suite("InputDecoder: chunking does not change what is decoded")
struct InputDecoderSplitTests {
    @Test("a stream cut at any one byte decodes as the whole stream")
    func everySplit() {
        let whole = decodeAll(mixedStream)
        #expect(whole.events.count > 30)
        for cut in 0...mixedStream.count {
            let split = decodeChunked(mixedStream, cuts: [cut])
            #expect(normalized(split.events) == normalized(whole.events), "cut at \(cut)")
            #expect(split.decoder.bytesDropped == whole.decoder.bytesDropped, "cut at \(cut)")
            #expect(split.decoder.bytesConsumed == mixedStream.count)
        }
    }

    @Test("a stream fed one byte at a time decodes as the whole stream")
    func byteAtATime() {
        let whole = decodeAll(mixedStream)
        let split = decodeChunked(mixedStream, cuts: Array(0...mixedStream.count))
        #expect(normalized(split.events) == normalized(whole.events))
        #expect(split.decoder.bytesDropped == whole.decoder.bytesDropped)
    }

    @Test("random chunkings decode as the whole stream")
    func randomChunks() {
        var rng = SplitMix64(seed: 0x5EED_C4A7)
        let whole = decodeAll(mixedStream)
        for _ in 0..<500 {
            var cuts: [Int] = []
            var at = 0
            while at < mixedStream.count {
                at += Int.random(in: 1...12, using: &rng)
                cuts.append(min(at, mixedStream.count))
            }
            let split = decodeChunked(mixedStream, cuts: cuts)
            #expect(normalized(split.events) == normalized(whole.events), "cuts \(cuts)")
        }
    }

    @Test("the whole stream decodes to these events")
    func wholeStream() {
        let events = decodeAll(mixedStream).events
        let expected: [InputEvent] =
            "héllo ".map { char($0) } + [char("👨‍👩‍👧"), char(" "), key(.up, .control), key(.function(1)),
                                      key(.function(5), .shift), char("a", .option), char("a", [.option, .control]),
                                      key(.enter), key(.tab), key(.backspace), char("A"), char("0"),
                                      key(.up, [], .up), mouse(.press, .left, 9, 4), mouse(.scrollUp, .none, 2, 2),
                                      .focus(true), .paste("pasted\ntext \u{FFFD}"),
                                      .reply(.color(code: 11, red: 0x1111, green: 0x2222, blue: 0x3333)),
                                      .reply(.primaryDeviceAttributes([62, 22])), char("e\u{301}"), char("🇺🇸"),
                                      char("x"), char("👍🏽"), char("i", .control), key(.up), key(.function(2)),
                                      char("("), key(.down, .option), key(.insert, .shift), char("z"), key(.escape)]
        #expect(events == expected)
    }

    // MARK: Clusters across chunk boundaries

    @Test("a cluster cut after its ZWJ is held until the rest comes")
    func zwjHeld() {
        var decoder = InputDecoder()
        let first = decoder.decode(Array("👨\u{200D}".utf8))
        #expect(first.isEmpty)
        #expect(decoder.hasPendingInput)
        let second = decoder.decode(Array("👩 ".utf8))
        #expect(second == [char("👨\u{200D}👩"), char(" ")])
        #expect(!decoder.hasPendingInput)
    }

    @Test("half a flag is held; the flush delivers it alone")
    func regionalIndicatorHeld() {
        var decoder = InputDecoder()
        #expect(decoder.decode(Array("a🇺".utf8)) == [char("a")])
        #expect(decoder.decode(Array("🇸".utf8)) == [char("🇺🇸")])
        #expect(decoder.decode(Array("🇫".utf8)).isEmpty)
        #expect(decoder.flush() == [char("🇫")])
    }

    @Test("a combining mark in the next chunk is its own cluster; the text is the same")
    func combiningMarkNotWaitedFor() {
        var decoder = InputDecoder()
        var events = decoder.decode(Array("e".utf8))
        #expect(events == [char("e")])
        events += decoder.decode(Array("\u{301}".utf8))
        #expect(events == [char("e"), char("\u{301}")])
        #expect(normalized(events) == normalized([char("e\u{301}")]))
    }

    @Test("a UTF-8 scalar cut anywhere is completed by the next chunk")
    func scalarAcrossChunks() {
        let text = Array("€😀".utf8)
        for cut in 1..<text.count {
            let events = decodeChunked(text, cuts: [cut]).events
            #expect(events == [char("€"), char("😀")], "cut at \(cut)")
        }
    }

    @Test("an escape sequence cut anywhere waits for its end without a flush")
    func sequenceHeldWithoutFlush() {
        let input = bytes(#"\e[1;5:3A"#)
        for cut in 1..<input.count {
            var decoder = InputDecoder()
            #expect(decoder.decode(Array(input[..<cut])).isEmpty)
            #expect(decoder.hasPendingInput)
            #expect(decoder.pendingByteCount == cut)
            #expect(decoder.decode(Array(input[cut...])) == [key(.up, .control, .up)])
            #expect(!decoder.hasPendingInput)
        }
    }
}
