#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing

@testable import Engine

/// Seeded property-based fuzzing of the decoder.
///
/// Runs `INPUT_FUZZ_COUNT` inputs (default 20,000) from seed
/// `INPUT_FUZZ_SEED` (default fixed). A million:
///
///     INPUT_FUZZ_COUNT=1000000 swift test -c release --filter InputDecoderFuzz
///
/// A failure names the input's index and bytes; rerun with the same seed
/// and count to replay it.
@Suite("InputDecoderFuzz: random and mutated input keeps the decoder's rules")
struct InputDecoderFuzzTests {
    static func environment(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        return String(cString: value)
    }

    static var count: Int { environment("INPUT_FUZZ_COUNT").flatMap { Int($0) } ?? 20_000 }
    static var seed: UInt64 { environment("INPUT_FUZZ_SEED").flatMap { UInt64($0) } ?? 0x1A2B_3C4D }

    /// Well-formed inputs to mutate: every kind of event in every encoding,
    /// and the replies and strings a terminal sends.
    static let corpus: [[UInt8]] = {
        var generator = EventGenerator(rng: SplitMix64(seed: 7))
        var corpus: [[UInt8]] = []
        for encoding in roundTripEncodings {
            while corpus.count < 60 * (roundTripEncodings.firstIndex(of: encoding)! + 1) {
                if let b = generator.event(for: encoding).terminalBytes(keyboard: encoding) { corpus.append(b) }
            }
        }
        for s in [#"\e]11;rgb:0000/ffff/0000\e\\"#, #"\e]10;?\x07"#, #"\e]52;c;aMOpbGxv\x07"#, #"\eP>|kitty(0.35)\e\\"#, #"\e_Gi=31;OK\e\\"#,
                  #"\e[200~a\r\nb\e[201~"#, #"\e[?62;4;22c"#, #"\e[?2026;1$y"#, #"\e[3;7R"#, #"\e[?15u"#,
                  #"\e[M !!"#, #"\e[[C"#, #"\eOj"#, #"\e[2$"#, "👨‍👩‍👧🇺🇸e\u{301}", #"\xc2\x85\xff\xed\xa0\x80"#]
        {
            corpus.append(bytes(s))
        }
        return corpus
    }()

    /// Bytes that matter to the decoder, to bias random input toward
    /// sequences that almost parse.
    static let interesting: [UInt8] = Array(#"[O]P\_^X<?>=;:$~u@^MmARcyIZ0123456789"#.utf8)
        + [0x1B, 0x1B, 0x1B, 0x07, 0x18, 0x1A, 0x00, 0x0D, 0x0A, 0x09, 0x7F, 0xC2, 0xE2, 0x80, 0x8D, 0xF0, 0x9F, 0xFF]

    @Test("no crash, no control in text, every byte accounted for, bounded, chunking-independent")
    func fuzz() {
        let count = Self.count
        var rng = SplitMix64(seed: Self.seed)
        var failures = 0
        for index in 0..<count {
            let input = makeInput(&rng)
            if let problem = check(input, &rng) {
                failures += 1
                Issue.record("input \(index) (seed \(Self.seed)): \(problem)\n  \(escaped(input))")
                if failures >= 5 { break }
            }
        }
        print("InputDecoderFuzz: \(count) inputs, seed \(Self.seed), \(failures) failures")
    }

    private func makeInput(_ rng: inout SplitMix64) -> [UInt8] {
        switch Int.random(in: 0..<8, using: &rng) {
        case 0:
            return (0..<Int.random(in: 0...64, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
        case 1:
            return (0..<Int.random(in: 0...64, using: &rng)).map { _ in
                Self.interesting.randomElement(using: &rng)!
            }
        default:
            var input: [UInt8] = []
            for _ in 0..<Int.random(in: 1...5, using: &rng) { input += Self.corpus.randomElement(using: &rng)! }
            for _ in 0..<Int.random(in: 1...3, using: &rng) { mutate(&input, &rng) }
            return input
        }
    }

    /// Truncate, splice, flip, duplicate or delete.
    private func mutate(_ input: inout [UInt8], _ rng: inout SplitMix64) {
        guard !input.isEmpty else { return }
        let at = Int.random(in: 0..<input.count, using: &rng)
        switch Int.random(in: 0..<6, using: &rng) {
        case 0:
            input.removeSubrange(at...)
        case 1:
            input.insert(contentsOf: Self.corpus.randomElement(using: &rng)!, at: at)
        case 2:
            input[at] = Bool.random(using: &rng) ? input[at] ^ (1 << UInt8.random(in: 0...7, using: &rng))
                : Self.interesting.randomElement(using: &rng)!
        case 3:
            let end = min(input.count, at + Int.random(in: 1...16, using: &rng))
            input.insert(contentsOf: input[at..<end], at: end)
        case 4:
            input.removeSubrange(at..<min(input.count, at + Int.random(in: 1...8, using: &rng)))
        default:
            let extra = (0..<Int.random(in: 1...6, using: &rng)).map { _ in Self.interesting.randomElement(using: &rng)! }
            input.insert(contentsOf: extra, at: at)
        }
    }

    /// Decodes `input` in random chunks, checking the rules after every
    /// chunk, then whole, and compares. Returns the first broken rule.
    private func check(_ input: [UInt8], _ rng: inout SplitMix64) -> String? {
        var decoder = InputDecoder()
        var events: [InputEvent] = []
        var fed = 0
        while fed < input.count {
            let end = min(input.count, fed + Int.random(in: 1...24, using: &rng))
            input[fed..<end].withUnsafeBufferPointer { decoder.decode($0, into: &events) }
            fed = end
            if decoder.bytesConsumed + decoder.pendingByteCount != fed { return "bytes unaccounted for after \(fed)" }
            if decoder.pendingByteCount > InputDecoder.maximumPendingBytes { return "pending over the cap" }
            if decoder.bytesDropped > decoder.bytesConsumed { return "dropped more than consumed" }
        }
        decoder.flush(into: &events)
        if decoder.hasPendingInput || decoder.pendingByteCount != 0 { return "pending after flush" }
        if decoder.bytesConsumed != input.count { return "consumed \(decoder.bytesConsumed) of \(input.count)" }
        if decoder.bytesDropped > input.count { return "dropped more than fed" }
        // Independent of how the decoder counts: no event means every byte
        // was dropped, and every event takes at least one byte.
        if events.isEmpty && decoder.bytesDropped != input.count { return "no events but bytes not dropped" }
        if decoder.bytesConsumed - decoder.bytesDropped < events.count { return "more events than delivered bytes" }
        for event in events {
            if let rule = brokenRule(event) { return "\(rule) in \(event)" }
        }
        let whole = decodeAll(input)
        if normalized(whole.events) != normalized(events) {
            return "chunked \(normalized(events)) != whole \(normalized(whole.events))"
        }
        if whole.decoder.bytesDropped != decoder.bytesDropped { return "dropped counts differ with chunking" }
        return nil
    }
}

/// Long inputs read the way a terminal delivers them — typing a byte a
/// read, everything else in 4096-byte reads that cut sequences and
/// clusters anywhere — decode to exactly the events encoded in them, every
/// byte consumed and none dropped. (Decoding speed is not a test: tuibench
/// measures speed.)
@Suite("InputDecoderLongInput: long inputs in terminal-sized reads decode to exactly what was encoded")
struct InputDecoderLongInputTests {
    static let repeats = 2000

    /// Decodes `input` in reads of `chunk` bytes, then flushes.
    static func decode(_ input: [UInt8], chunk: Int) -> (events: [InputEvent], decoder: InputDecoder) {
        var decoder = InputDecoder()
        var events: [InputEvent] = []
        var start = 0
        while start < input.count {
            let end = min(input.count, start + chunk)
            input[start..<end].withUnsafeBufferPointer { decoder.decode($0, into: &events) }
            start = end
        }
        decoder.flush(into: &events)
        return (events, decoder)
    }

    /// Records where `events` first differ from `want` (not the whole lists: they are long).
    static func expectEvents(_ events: [InputEvent], _ want: [InputEvent], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(events.count == want.count, sourceLocation: sourceLocation)
        if let i = zip(events, want).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
            Issue.record("event \(i): \(events[i]) ≠ \(want[i])", sourceLocation: sourceLocation)
        }
    }

    /// One event per character typed, read a byte at a time: 88,000 events.
    @Test("ASCII typing, a byte a read")
    func typing() {
        let line = "the quick brown fox jumps over the lazy dog "
        let input = Array(String(repeating: line, count: Self.repeats).utf8)
        let (events, decoder) = Self.decode(input, chunk: 1)
        #expect(events.count == 44 * Self.repeats)
        Self.expectEvents(events, String(repeating: line, count: Self.repeats).map { char($0) })
        #expect(decoder.bytesConsumed == input.count && decoder.bytesDropped == 0)
    }

    /// Six sequences a repetition (Control-Up, kitty Control-a, F1, an SGR
    /// mouse press, Backspace, Return), cut anywhere by the reads: 12,000 events.
    @Test("key and mouse sequences, 4096 bytes a read")
    func keySequences() {
        let one = bytes(#"\e[1;5A\e[97;5u\eOP\e[<0;10;5M\x7f\r"#)
        let input = Array(repeating: one, count: Self.repeats).flatMap { $0 }
        #expect(one.count == 28 && 4096 % 28 != 0)  // reads end mid-sequence
        let (events, decoder) = Self.decode(input, chunk: 4096)
        let want: [InputEvent] = [key(.up, .control), char("a", .control), key(.function(1)),
                                  mouse(.press, .left, 9, 4), key(.backspace), key(.enter)]
        #expect(events.count == 6 * Self.repeats)
        Self.expectEvents(events, Array(Array(repeating: want, count: Self.repeats).joined()))
        #expect(decoder.bytesConsumed == input.count && decoder.bytesDropped == 0)
    }

    /// One event per grapheme cluster, clusters of up to 8 bytes cut by the
    /// reads: 17 a repetition. A read that ends inside a scalar holds its
    /// bytes for the next; but one that ends inside, or just before, a
    /// scalar extending a cluster nothing has to continue (a skin tone after
    /// its emoji) delivers the cluster so far, and the rest arrives as a
    /// cluster of its own: ``InputDecoder`` waits only for a ZWJ sequence or
    /// half a flag, as a terminal sends a typed cluster in one write. 👍🏽
    /// is cut so twice in 2,000.
    @Test("non-ASCII text, 4096 bytes a read")
    func nonASCIIText() {
        let phrase = "héllo wörld 中文 👍🏽 "
        let text = String(repeating: phrase, count: Self.repeats)
        let input = Array(text.utf8)
        let (events, decoder) = Self.decode(input, chunk: 4096)
        #expect(phrase.count == 17)
        var want: [InputEvent] = [], offset = 0, splits = 0
        for cluster in text {
            // The cluster's scalars, cut before one a read ends at or in.
            var part = String.UnicodeScalarView()
            for scalar in cluster.unicodeScalars {
                let length = String(scalar).utf8.count
                // A read ends at a byte of offset..<offset + length: at or inside this scalar.
                if !part.isEmpty && (offset + length - 1) / 4096 > (offset - 1) / 4096 {
                    want.append(char(Character(String(part))))
                    part.removeAll()
                    splits += 1
                }
                part.append(scalar)
                offset += length
            }
            want.append(char(Character(String(part))))
        }
        #expect(splits == 2)
        #expect(events.count == 17 * Self.repeats + splits)
        Self.expectEvents(events, want)
        #expect(decoder.bytesConsumed == input.count && decoder.bytesDropped == 0)
    }

    /// A bracketed paste of 88,000 bytes is one event holding all of them.
    @Test("a long bracketed paste, 4096 bytes a read")
    func longPaste() {
        let typed = String(repeating: "the quick brown fox jumps over the lazy dog ", count: Self.repeats)
        let input = bytes(#"\e[200~"#) + Array(typed.utf8) + bytes(#"\e[201~"#)
        let (events, decoder) = Self.decode(input, chunk: 4096)
        #expect(events == [.paste(typed)])
        #expect(decoder.bytesConsumed == input.count && decoder.bytesDropped == 0)
    }
}
