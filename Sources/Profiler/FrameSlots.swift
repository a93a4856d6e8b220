/// Sixteen `UInt64`s stored inline — a frame's phase times or counts — so a
/// ``FrameRecord`` is plain data and recording a frame never allocates.
///
/// A homogeneous tuple is laid out contiguously with the element's stride,
/// which is what the subscript's raw-bytes access relies on.
struct FrameSlots: Sendable, Hashable {
    static let count = 16

    private var storage: (
        UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
        UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64
    ) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)

    init() {}

    subscript(slot: Int) -> UInt64 {
        get {
            precondition(slot >= 0 && slot < FrameSlots.count, "FrameSlots: slot out of range")
            return withUnsafeBytes(of: storage) {
                $0.load(fromByteOffset: slot &* 8, as: UInt64.self)
            }
        }
        set {
            precondition(slot >= 0 && slot < FrameSlots.count, "FrameSlots: slot out of range")
            withUnsafeMutableBytes(of: &storage) {
                $0.storeBytes(of: newValue, toByteOffset: slot &* 8, as: UInt64.self)
            }
        }
    }

    static func == (lhs: FrameSlots, rhs: FrameSlots) -> Bool {
        for slot in 0..<count where lhs[slot] != rhs[slot] { return false }
        return true
    }

    func hash(into hasher: inout Hasher) {
        for slot in 0..<FrameSlots.count { hasher.combine(self[slot]) }
    }
}
