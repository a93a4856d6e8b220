import CAllocationCounter
import Engine

/// Counts heap allocations (malloc, calloc, realloc, aligned allocations)
/// made between ``start()`` and ``stop()``, on every thread, through the
/// allocation functions tuibench defines (the `CAllocationCounter` target).
enum AllocationCounter: AllocationProbe {
    static func start() {
        tui_allocation_counter_start()
    }

    static func stop() -> Int {
        Int(tui_allocation_counter_stop())
    }
}
