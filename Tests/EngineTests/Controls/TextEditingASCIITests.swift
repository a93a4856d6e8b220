import Testing
@testable import Engine

/// The ASCII fast path of `visibleLine` gives what the general path gives.
@Suite("TextEditingState ASCII fast path")
struct TextEditingASCIITests {
    @Test func fastPathAgreesWithTheGeneralPath() {
        var seed: UInt64 = 0x5EED
        func next(_ n: Int) -> Int {
            seed &+= 0x9E37_79B9_7F4A_7C15
            var z = seed
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(n))
        }
        let keys: [KeyPress] = [KeyPress(.left), KeyPress(.right), KeyPress(.home), KeyPress(.end), KeyPress(.backspace),
                                KeyPress(.delete), KeyPress(.left, modifiers: .shift), KeyPress(.right, modifiers: .option)]
        for round in 0..<300 {
            var state = TextEditingState()
            var fastOffset = 0, slowOffset = 0
            let width = 1 + next(12)
            let secure = round % 5 == 0
            for _ in 0..<80 {
                if next(3) == 0 {
                    _ = state.handle(keys[next(keys.count)], multiline: false)
                } else {
                    state.insert(String(repeating: "abc xyz!"[String.Index(utf16Offset: next(8), in: "abc xyz!")], count: 1 + next(3)),
                                 multiline: false)
                }
                let fast = state.visibleLine(width: width, scrollOffset: &fastOffset, secure: secure, asciiFastPath: true)
                let slow = state.visibleLine(width: width, scrollOffset: &slowOffset, secure: secure, asciiFastPath: false)
                #expect(fast == slow, "round \(round) width \(width) text \(state.text.debugDescription)")
                #expect(fastOffset == slowOffset)
                if fast != slow { return }
            }
        }
    }
}
