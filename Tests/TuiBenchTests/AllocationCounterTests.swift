import Foundation
import Testing
@testable import tuibench

@Suite("tuibench counts heap allocations with its own malloc")
struct AllocationCounterTests {
    // The count is a total over all threads and tests run in parallel, so
    // the test asserts a lower bound: without the interposition it is 0.
    @Test("malloc, calloc, realloc and posix_memalign are counted and work as glibc's")
    func countsEachAllocationFunction() throws {
        AllocationCounter.start()
        let a = try #require(malloc(24))
        let b = try #require(calloc(4, 8))
        let c = try #require(realloc(a, 4096))
        var d: UnsafeMutableRawPointer?
        let status = posix_memalign(&d, 64, 100)
        let count = AllocationCounter.stop()
        defer { free(b); free(c); free(d) }
        #expect(count >= 4)
        #expect(status == 0)
        #expect(Int(bitPattern: d) % 64 == 0)
        #expect(b.load(fromByteOffset: 24, as: UInt64.self) == 0)  // calloc zeroes
    }
}
