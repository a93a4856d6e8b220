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
        for s in [#"\e]11;rgb:0000/ffff/0000\e\\"#, #"\e]10;?\x07"#, #"\eP>|kitty(0.35)\e\\"#, #"\e_Gi=31;OK\e\\"#,
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

/// Decoding speed, printed (never asserted: wall time is not a test).
/// `INPUT_DECODER_THROUGHPUT=1 swift test -c release --filter InputDecoderThroughput`
@Suite("InputDecoderThroughput: bytes per second, printed")
struct InputDecoderThroughputTests {
    @Test("typing, key sequences and pastes", .enabled(if: InputDecoderFuzzTests.environment("INPUT_DECODER_THROUGHPUT") != nil))
    func throughput() {
        let typing = Array(String(repeating: "the quick brown fox jumps over the lazy dog ", count: 2000).utf8)
        let keys = Array(repeating: bytes(#"\e[1;5A\e[97;5u\eOP\e[<0;10;5M\x7f\r"#), count: 2000).flatMap { $0 }
        let text = Array(String(repeating: "héllo wörld 中文 👍🏽 ", count: 2000).utf8)
        let paste = bytes(#"\e[200~"#) + typing + bytes(#"\e[201~"#)
        for (name, input) in [("ASCII typing, 1 byte a read", typing), ("key sequences", keys), ("non-ASCII text", text),
                              ("paste", paste)]
        {
            let chunk = name.hasSuffix("a read") ? 1 : 4096
            var decoder = InputDecoder()
            var events: [InputEvent] = []
            events.reserveCapacity(input.count)
            let clock = ContinuousClock()
            let rounds = 20
            let elapsed = clock.measure {
                for _ in 0..<rounds {
                    events.removeAll(keepingCapacity: true)
                    var start = 0
                    while start < input.count {
                        let end = min(input.count, start + chunk)
                        input[start..<end].withUnsafeBufferPointer { decoder.decode($0, into: &events) }
                        start = end
                    }
                }
            }
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
            let megabytes = Double(input.count * rounds) / 1e6
            print("InputDecoderThroughput: \(name): \(Int(megabytes / seconds)) MB/s, "
                  + "\(Int(seconds * 1e9 / Double(events.count * rounds))) ns/event")
        }
    }
}
