// Counts heap allocations for tuibench (allocations per frame, per encode).
//
// tuibench defines the C allocation functions itself; the executable comes
// first in the dynamic linker's search order, so every call to them in the
// process (Swift runtime, Foundation, the engine) lands here. Each one
// forwards to glibc's own entry point, which glibc exports under a second
// name (`__libc_malloc` & co.) for exactly this purpose, so no dlsym, no
// bootstrap allocator and no recursion; blocks are glibc's, unchanged (no
// header), so `free`, `malloc_usable_size` and `mallopt` need no wrapper
// and the allocation pattern measured is the real one.
//
// Counting is one relaxed atomic add while switched on and one relaxed load
// while off: the count is a total over all threads, read after the measured
// region, so no ordering with other memory is needed.
//
// Only tuibench (and the test process that links its module) depends on
// this target: a package depending on Engine never links it.

#include "allocation_counter.h"

#if defined(__has_feature)
#  if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#    define TUI_SANITIZED 1
#  endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#  define TUI_SANITIZED 1
#endif

#if defined(__linux__) && defined(__GLIBC__) && !defined(TUI_SANITIZED)

#include <errno.h>
#include <stdatomic.h>
#include <stddef.h>

// glibc's allocator under its internal names (GLIBC_2.2.5 on x86-64).
// aligned_alloc and memalign are both __libc_memalign in glibc 2.36;
// posix_memalign has no such alias and is built on it below, as glibc does.
extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void *__libc_valloc(size_t size);

static _Atomic bool counting = false;
static _Atomic int64_t allocations = 0;

static inline void *counted(void *pointer) {
    if (pointer && atomic_load_explicit(&counting, memory_order_relaxed)) {
        atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
    }
    return pointer;
}

void *malloc(size_t size) { return counted(__libc_malloc(size)); }

void *calloc(size_t count, size_t size) { return counted(__libc_calloc(count, size)); }

void *realloc(void *pointer, size_t size) {
    void *result = __libc_realloc(pointer, size);
    // realloc(p, 0) frees p (glibc returns NULL): not an allocation.
    return size == 0 && pointer ? result : counted(result);
}

void *aligned_alloc(size_t alignment, size_t size) { return counted(__libc_memalign(alignment, size)); }

void *memalign(size_t alignment, size_t size) { return counted(__libc_memalign(alignment, size)); }

void *valloc(size_t size) { return counted(__libc_valloc(size)); }

int posix_memalign(void **result, size_t alignment, size_t size) {
    // POSIX: a power of two and a multiple of sizeof(void *); errno unchanged.
    if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0 || alignment == 0) {
        return EINVAL;
    }
    int saved = errno;
    void *pointer = counted(__libc_memalign(alignment, size));
    errno = saved;
    if (!pointer) return ENOMEM;
    *result = pointer;
    return 0;
}

bool tui_allocation_counter_available(void) { return true; }

void tui_allocation_counter_start(void) {
    atomic_store_explicit(&allocations, 0, memory_order_relaxed);
    atomic_store_explicit(&counting, true, memory_order_relaxed);
}

int64_t tui_allocation_counter_stop(void) {
    atomic_store_explicit(&counting, false, memory_order_relaxed);
    return atomic_load_explicit(&allocations, memory_order_relaxed);
}

#else

bool tui_allocation_counter_available(void) { return false; }
void tui_allocation_counter_start(void) {}
int64_t tui_allocation_counter_stop(void) { return 0; }

#endif
