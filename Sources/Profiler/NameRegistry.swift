#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The process-wide table behind ``SpanName``, ``SpanLabel`` and ``Counter``:
/// strings interned once to small integers, so recording stores integers only.
///
/// Append-only: an index, once handed out, names the same string for the life
/// of the process, which is what lets ``SpanName`` values be `static let`
/// constants shared by every ``Profiler``. Interning takes a lock and a hash
/// lookup, so it belongs at set-up time (a view type's label is interned once
/// per type), never per span.
///
/// Invariants (under the lock):
/// - `strings[i]` is the string of index `i`; `indices[strings[i]] == i`;
/// - `phaseSlotOfIndex.count == strings.count`; a phase slot `s` is
///   `phaseSlotOfIndex[phaseNames[s]]`;
/// - indices `0..<builtInNames.count` are the built-in names, in order, and
///   phase slots `0..<5` are the built-in phases.
final class NameRegistry: @unchecked Sendable {
    // @unchecked: every mutable member is read and written under `mutex`.

    static let shared = NameRegistry()

    /// Most phases a process may register (built-ins included); bounded so a
    /// ``FrameRecord`` stores phase times inline, without allocating.
    static let maxPhases = FrameSlots.count
    /// Most counters a process may register (built-ins included).
    static let maxCounters = FrameSlots.count
    /// Marks "not a phase" in a phase-slot byte.
    static let noPhase: UInt8 = .max
    /// Marks "no label" in a label index.
    static let noLabel: UInt32 = .max

    /// Built-in span names; the first is the frame, the rest the phases.
    static let builtInNames = ["frame", "evaluate", "layout", "draw", "diff", "write"]
    /// Built-in counters, in slot order.
    static let builtInCounters = ["nodesEvaluated", "cellsDiffed", "bytesWritten", "heapAllocations"]

    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var strings: [String] = []
    private var indices: [String: UInt32] = [:]
    private var phaseSlotOfIndex: [UInt8] = []
    private var phaseNames: [UInt32] = []
    private var counterNames: [String] = []

    private init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        for name in Self.builtInNames { _ = internLocked(name) }
        for index in 1..<UInt32(Self.builtInNames.count) { _ = registerPhaseLocked(index) }
        counterNames = Self.builtInCounters
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    private func withLock<R>(_ body: () -> R) -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }

    private func internLocked(_ string: String) -> UInt32 {
        if let index = indices[string] { return index }
        precondition(strings.count < Int(NameRegistry.noLabel), "NameRegistry: too many interned strings")
        let index = UInt32(strings.count)
        strings.append(string)
        indices[string] = index
        phaseSlotOfIndex.append(NameRegistry.noPhase)
        return index
    }

    private func registerPhaseLocked(_ index: UInt32) -> UInt8 {
        let existing = phaseSlotOfIndex[Int(index)]
        if existing != NameRegistry.noPhase { return existing }
        precondition(
            phaseNames.count < NameRegistry.maxPhases,
            "Profiler: at most \(NameRegistry.maxPhases) phases may be registered")
        let slot = UInt8(phaseNames.count)
        phaseNames.append(index)
        phaseSlotOfIndex[Int(index)] = slot
        return slot
    }

    /// Interns `string`, returning its index and its phase slot (or `noPhase`).
    func intern(_ string: String) -> (index: UInt32, phaseSlot: UInt8) {
        withLock {
            let index = internLocked(string)
            return (index, phaseSlotOfIndex[Int(index)])
        }
    }

    /// Interns `string` and makes it a phase.
    func internPhase(_ string: String) -> (index: UInt32, phaseSlot: UInt8) {
        withLock {
            let index = internLocked(string)
            return (index, registerPhaseLocked(index))
        }
    }

    /// Finds or registers the counter called `name`, returning its slot.
    func counterSlot(_ name: String) -> UInt8 {
        withLock {
            if let slot = counterNames.firstIndex(of: name) { return UInt8(slot) }
            precondition(
                counterNames.count < NameRegistry.maxCounters,
                "Profiler: at most \(NameRegistry.maxCounters) counters may be registered")
            counterNames.append(name)
            return UInt8(counterNames.count - 1)
        }
    }

    func string(at index: UInt32) -> String {
        withLock { Int(index) < strings.count ? strings[Int(index)] : "?" }
    }

    func counterName(_ slot: UInt8) -> String {
        withLock { Int(slot) < counterNames.count ? counterNames[Int(slot)] : "?" }
    }

    /// Every interned string, indexed by its index (a copy-on-write snapshot).
    func snapshotStrings() -> [String] { withLock { strings } }

    /// Every registered phase name, in slot order.
    func phases() -> [(index: UInt32, slot: UInt8)] {
        withLock { phaseNames.enumerated().map { ($0.element, UInt8($0.offset)) } }
    }

    var counterCount: Int { withLock { counterNames.count } }
}
