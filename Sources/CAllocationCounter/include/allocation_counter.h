#ifndef TUI_ALLOCATION_COUNTER_H
#define TUI_ALLOCATION_COUNTER_H

#include <stdbool.h>
#include <stdint.h>

/// Whether this build counts allocations: glibc on Linux, no address or
/// thread sanitizer (which bring their own allocator). When false, the
/// count is always 0.
bool tui_allocation_counter_available(void);

/// Sets the count to zero and starts counting, on every thread.
void tui_allocation_counter_start(void);

/// Stops counting; returns the allocations made since the last start
/// (successful malloc, calloc, realloc to a non-zero size, posix_memalign,
/// aligned_alloc, memalign, valloc).
int64_t tui_allocation_counter_stop(void);

#endif
