/// A growable byte buffer reused across frames: the writer's only output.
///
/// One allocation that only grows; ``removeAll()`` keeps the capacity, so a
/// steady-state frame allocates nothing.
///
/// Invariant: `0 <= count <= capacity`; bytes `0..<count` are initialised.
public final class ByteBuffer {
    @usableFromInline var storage: UnsafeMutablePointer<UInt8>
    @usableFromInline var capacity: Int
    /// Bytes written so far.
    public private(set) var count = 0

    public init(capacity: Int = 4096) {
        self.capacity = Swift.max(capacity, 16)
        storage = .allocate(capacity: self.capacity)
    }

    deinit { storage.deallocate() }

    /// Forgets the contents, keeping the memory.
    @inline(__always) public func removeAll() { count = 0 }

    @inline(__always)
    func reserve(_ extra: Int) {
        if count + extra > capacity { grow(count + extra) }
    }

    @inline(never)
    private func grow(_ needed: Int) {
        var c = capacity * 2
        while c < needed { c *= 2 }
        let fresh = UnsafeMutablePointer<UInt8>.allocate(capacity: c)
        fresh.update(from: storage, count: count)
        storage.deallocate()
        storage = fresh
        capacity = c
    }

    @inline(__always)
    public func append(_ byte: UInt8) {
        reserve(1)
        storage[count] = byte
        count += 1
    }

    @inline(__always)
    public func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let src = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        (storage + count).update(from: src, count: bytes.count)
        count += bytes.count
    }

    /// Appends the ASCII bytes of a static string (escape-sequence constants).
    @inline(__always)
    public func append(_ s: StaticString) {
        append(UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount))
    }

    /// Appends the decimal digits of `n` (n ≥ 0).
    @inline(__always)
    public func appendDecimal(_ n: Int) {
        let d = ByteBuffer.digits(n)
        reserve(d)
        var v = n
        var i = count + d - 1
        repeat {
            storage[i] = UInt8(truncatingIfNeeded: 0x30 + v % 10)
            v /= 10
            i -= 1
        } while v > 0
        count += d
    }

    /// Appends the UTF-8 encoding of a scalar.
    @inline(__always)
    public func appendScalar(_ value: UInt32) {
        reserve(4)
        count += TextSegmenter.encodeUTF8(value, into: storage + count)
    }

    /// Number of decimal digits of `n` (n ≥ 0).
    @inline(__always)
    public static func digits(_ n: Int) -> Int {
        n < 10 ? 1 : n < 100 ? 2 : n < 1000 ? 3 : n < 10000 ? 4 : String(n).utf8.count
    }

    /// The bytes written so far; valid until the next mutation.
    @inline(__always)
    public var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: storage, count: count) }

    /// A copy of the contents (tests, raw dumps).
    public var array: [UInt8] { Array(bytes) }

    /// Moves the last `count - from` bytes right by `by`, opening a gap at `from`.
    func insertGap(at from: Int, count by: Int) {
        reserve(by)
        (storage + from + by).update(from: storage + from, count: count - from)
        count += by
    }

    /// Overwrites bytes starting at `at` (which must be within `count`).
    func overwrite(at: Int, with s: StaticString) {
        (storage + at).update(from: s.utf8Start, count: s.utf8CodeUnitCount)
    }
}
