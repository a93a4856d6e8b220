import Testing
@testable import Engine

/// OSC 52 clipboard replies are read up to their own limit, far past the
/// sequence cap, and anything longer or malformed is dropped whole: never
/// keys, never text, memory bounded.
@Suite("Clipboard replies (OSC 52)")
struct InputDecoderClipboardTests {
    /// `OSC 52 ; c ; base64(text)` ended by ST.
    func reply(_ text: String) -> [UInt8] {
        bytes(#"\e]52;c;"#) + Base64.encode(Array(text.utf8)) + bytes(#"\e\\"#)
    }

    @Test("a reply of 100,000 bytes of text, past the 4,096-byte sequence cap, is read whole")
    func largeReply() {
        let text = String(repeating: "héllo wörld ", count: 100_000 / 14)
        let input = reply(text) + bytes("x")
        let (events, decoder) = decodeAll(input)
        #expect(events == [.reply(.clipboard(text)), char("x")])
        #expect(decoder.bytesDropped == 0)
    }

    @Test("a reply past the limit is dropped whole, bytes counted, and what follows is read")
    func hugeReplyDropped() {
        let text = String(repeating: "a", count: 120_000)
        let input = reply(text) + bytes("y")
        #expect(input.count > InputDecoder.maximumClipboardReplyLength)
        let (events, decoder) = decodeAll(input)
        #expect(events == [char("y")])
        #expect(decoder.bytesDropped == input.count - 1)
        // Chunked as a terminal's reads would cut it, the same, and never more held than the cap.
        var chunked = InputDecoder()
        var got: [InputEvent] = []
        var start = 0
        var mostHeld = 0
        while start < input.count {
            let end = min(start + 4096, input.count)
            input[start..<end].withUnsafeBufferPointer { chunked.decode($0, into: &got) }
            mostHeld = max(mostHeld, chunked.pendingByteCount)
            start = end
        }
        chunked.flush(into: &got)
        #expect(got == [char("y")])
        #expect(mostHeld <= InputDecoder.maximumClipboardReplyLength + 8)
    }

    @Test("hostile replies: random bytes inside an OSC 52 never become keys or text")
    func hostile() {
        var rng = SplitMix64(seed: 52)
        let alphabet = Array("ABCz09+/=;?c\u{7}".utf8) + [0x00, 0x1B, 0x5C, 0xC3, 0xFF]
        for _ in 0..<500 {
            let body = (0..<Int.random(in: 0...200, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! }
            // An OSC 52 with random contents, then ST, then a known key.
            let input = bytes(#"\e]52;"#) + body.filter { $0 != 0x1B && $0 != 0x07 && $0 != 0x18 && $0 != 0x1A }
                + bytes(#"\e\\z"#)
            let (events, decoder) = decodeAll(input)
            #expect(events.last == char("z"))
            for event in events.dropLast() {
                guard case .reply(.clipboard) = event else {
                    Issue.record("\(escaped(input)) gave \(event)")
                    continue
                }
            }
            #expect(decoder.bytesConsumed == input.count)
        }
    }
}
