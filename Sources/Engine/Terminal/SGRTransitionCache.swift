/// Remembers the bytes of recent SGR transitions between interned styles,
/// so a frame that keeps switching among the same styles copies a few bytes
/// instead of re-deriving each sequence.
///
/// Direct-mapped: 4,096 slots of (from-id, to-id) key and up to
/// ``SGREncoder/maxLength`` bytes, one allocation made once. A collision
/// simply replaces the slot. The owner clears it when the colour level
/// changes, since the bytes depend on down-sampling.
struct SGRTransitionCache: ~Copyable {
    static let slots = 4096
    private let keys: UnsafeMutablePointer<UInt64>
    private let lengths: UnsafeMutablePointer<UInt8>
    private let bytes: UnsafeMutablePointer<UInt8>

    init() {
        keys = .allocate(capacity: SGRTransitionCache.slots)
        keys.initialize(repeating: .max, count: SGRTransitionCache.slots)
        lengths = .allocate(capacity: SGRTransitionCache.slots)
        lengths.initialize(repeating: 0, count: SGRTransitionCache.slots)
        bytes = .allocate(capacity: SGRTransitionCache.slots * SGREncoder.maxLength)
    }

    deinit {
        keys.deallocate()
        lengths.deallocate()
        bytes.deallocate()
    }

    @inline(__always)
    static func key(from: StyleID, to: StyleID) -> UInt64 { UInt64(from) << 32 | UInt64(to) }

    @inline(__always)
    static func slot(_ key: UInt64) -> Int { Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 52) }

    /// The cached bytes for `key`, if present.
    @inline(__always)
    func lookup(_ key: UInt64) -> UnsafeBufferPointer<UInt8>? {
        let s = SGRTransitionCache.slot(key)
        guard keys[s] == key else { return nil }
        return UnsafeBufferPointer(start: bytes + s * SGREncoder.maxLength, count: Int(lengths[s]))
    }

    @inline(__always)
    func store(_ key: UInt64, _ value: UnsafeBufferPointer<UInt8>) {
        guard value.count <= SGREncoder.maxLength, let src = value.baseAddress else { return }
        let s = SGRTransitionCache.slot(key)
        keys[s] = key
        lengths[s] = UInt8(value.count)
        (bytes + s * SGREncoder.maxLength).update(from: src, count: value.count)
    }

    func removeAll() { keys.update(repeating: .max, count: SGRTransitionCache.slots) }
}
