import Testing
@testable import tuibench

@Suite("tuibench messages")
struct DiagnosticsTests {
    @Test("strerror reasons are plain text")
    func reason() {
        #expect(Diagnostics.reason(28) == "No space left on device")
    }
}
