/*
 * Strict C11 and POSIX.1-2008: nothing here may need _GNU_SOURCE or
 * _DARWIN_C_SOURCE (.ci/platform compiles it with -std=c11
 * -D_POSIX_C_SOURCE=200809L -Werror -Wall -Wextra -pedantic). What only
 * one system has is guarded by #ifdef.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include "CTerminalPlatform.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <time.h>
#include <poll.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#if defined(__APPLE__)
#include <crt_externs.h>
#endif

/* MARK: Terminal attributes */

int ctp_terminal_get_attributes(int fd, struct termios *attributes) {
    return tcgetattr(fd, attributes) == 0 ? 0 : errno;
}

int ctp_terminal_set_attributes(int fd, const struct termios *attributes) {
    while (tcsetattr(fd, TCSANOW, attributes) != 0) {
        if (errno != EINTR) return errno;
    }
    return 0;
}

void ctp_terminal_make_raw(struct termios *attributes) {
    attributes->c_iflag &= ~(tcflag_t)(IGNBRK | BRKINT | PARMRK | ISTRIP | INLCR | IGNCR | ICRNL | IXON);
    attributes->c_oflag &= ~(tcflag_t)OPOST;
    attributes->c_lflag &= ~(tcflag_t)(ECHO | ECHONL | ICANON | ISIG | IEXTEN);
    attributes->c_cflag &= ~(tcflag_t)(CSIZE | PARENB);
    attributes->c_cflag |= (tcflag_t)CS8;
    attributes->c_cc[VMIN] = 1;
    attributes->c_cc[VTIME] = 0;
}

int ctp_terminal_window_size(int fd, unsigned short *columns, unsigned short *rows) {
    /* TIOCGWINSZ is not POSIX, but <sys/ioctl.h> declares it (and ioctl)
     * in strict POSIX mode on glibc, musl and Darwin alike. */
    struct winsize size;
    memset(&size, 0, sizeof size);
    if (ioctl(fd, TIOCGWINSZ, &size) != 0) return errno;
    *columns = size.ws_col;
    *rows = size.ws_row;
    return 0;
}

int ctp_terminal_window_pixels(int fd, unsigned short *width, unsigned short *height) {
    struct winsize size;
    memset(&size, 0, sizeof size);
    if (ioctl(fd, TIOCGWINSZ, &size) != 0) return errno;
    *width = size.ws_xpixel;
    *height = size.ws_ypixel;
    return 0;
}

/* MARK: Writing */

/* Writes all of `bytes`, retrying short writes and EINTR. A full
 * non-blocking descriptor (EAGAIN) is polled until writable, for at most
 * `wait_ms` milliseconds in all (-1: without limit; 0: not at all — the
 * signal-time diagnostics, which must not hang). Returns 0 or an errno value. */
static int write_loop(int fd, const void *bytes, size_t count, int wait_ms) {
    const unsigned char *p = bytes;
    int waited = 0;
    while (count > 0) {
        ssize_t n = write(fd, p, count);
        if (n > 0) {
            p += n;
            count -= (size_t)n;
            continue;
        }
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) && (wait_ms < 0 || waited < wait_ms)) {
            int slice = wait_ms < 0 ? 1000 : (wait_ms - waited < 10 ? wait_ms - waited : 10);
            struct pollfd ready = {.fd = fd, .events = POLLOUT, .revents = 0};
            (void)poll(&ready, 1, slice);
            waited += slice;
            continue;
        }
        return n < 0 ? errno : EIO;
    }
    return 0;
}

int ctp_write_all(int fd, const void *bytes, size_t count) { return write_loop(fd, bytes, count, -1); }

void ctp_write_until_error(int fd, const void *bytes, size_t count) { (void)write_loop(fd, bytes, count, 0); }

/* MARK: Signals and the process */

void ctp_signal_ignore(int signal_number) { (void)signal(signal_number, SIG_IGN); }

void ctp_signal_default(int signal_number) { (void)signal(signal_number, SIG_DFL); }

void ctp_signal_die(int signal_number) {
    struct sigaction default_action;
    memset(&default_action, 0, sizeof default_action);
    default_action.sa_handler = SIG_DFL;
    sigemptyset(&default_action.sa_mask);
    (void)sigaction(signal_number, &default_action, NULL);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, signal_number);
    (void)pthread_sigmask(SIG_UNBLOCK, &set, NULL);
    (void)raise(signal_number);
}

void ctp_stop_process_group(void) {
    struct sigaction default_action, saved;
    memset(&default_action, 0, sizeof default_action);
    memset(&saved, 0, sizeof saved);
    default_action.sa_handler = SIG_DFL;
    sigemptyset(&default_action.sa_mask);
    if (sigaction(SIGTSTP, &default_action, &saved) != 0) return;
    (void)kill(0, SIGTSTP);
    (void)sigaction(SIGTSTP, &saved, NULL);
}

#if !defined(__APPLE__)
/* POSIX: the application declares it (glibc's <unistd.h> does only under _GNU_SOURCE). */
extern char **environ;
#endif

char *const *ctp_environment(void) {
#if defined(__APPLE__)
    /* A Darwin library does not link `environ` directly. */
    return *_NSGetEnviron();
#else
    return environ;
#endif
}

/* MARK: Restoring the terminal on every way out */

/* Written only while disarmed (ctp_restore_arm, ctp_restore_update), read
 * by whoever takes `armed` from 1 to 0. */
static int restore_fd = -1;
static struct termios restore_attributes;
static unsigned char restore_bytes[CTP_RESTORE_CAPACITY];
static size_t restore_length = 0;
/* 1 while a restore is pending; exchanged to 0 by whoever restores. A
 * signal handler may touch it only if it never takes a lock. */
static atomic_int armed = 0;
_Static_assert(ATOMIC_INT_LOCK_FREE == 2, "the restore flag must be lock-free to be used in a signal handler");

/* The signals that end a process with a core dump or a crash report. */
static const int fatal_signals[] = {
    SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT,
#ifdef SIGTRAP
    SIGTRAP,
#endif
#ifdef SIGSYS
    SIGSYS,
#endif
    SIGQUIT,
};
#define FATAL_SIGNAL_COUNT (sizeof fatal_signals / sizeof fatal_signals[0])
/* Their actions before ours, in the same order. */
static struct sigaction previous_actions[FATAL_SIGNAL_COUNT];
static bool handlers_installed = false;

/* The other signals whose default action ends the process (the runtime
 * handles INT, TERM and HUP itself). The terminal is restored before one
 * of them ends the app, but only where nothing else took the signal: a
 * signal the app (or a library) handles or ignores is left to it. */
static const int terminating_signals[] = {
    SIGUSR1, SIGUSR2, SIGALRM,
#ifdef SIGVTALRM
    SIGVTALRM,
#endif
#ifdef SIGPROF
    SIGPROF,
#endif
#ifdef SIGXCPU
    SIGXCPU,
#endif
#ifdef SIGXFSZ
    SIGXFSZ,
#endif
#ifdef SIGPWR
    SIGPWR,
#endif
#ifdef SIGSTKFLT
    SIGSTKFLT,
#endif
#if defined(SIGIO) && (!defined(SIGPOLL) || SIGIO == SIGPOLL)
    SIGIO,
#endif
#ifdef SIGLOST
    SIGLOST,
#endif
};
#define TERMINATING_SIGNAL_COUNT (sizeof terminating_signals / sizeof terminating_signals[0])

static void copy_restore_bytes(const uint8_t *bytes, size_t count) {
    size_t n = count < CTP_RESTORE_CAPACITY ? count : CTP_RESTORE_CAPACITY;
    if (n > 0) memcpy(restore_bytes, bytes, n);
    restore_length = n;
}

/* Writes `count` bytes without waiting for a terminal that stopped reading
 * (output suspended with Ctrl-S, a stopped tmux client) for more than about
 * 200 ms in all: the descriptor is made non-blocking for the write, and its
 * flags are put back after. */
static void write_without_hanging(int fd, const unsigned char *p, size_t count) {
    int flags = fcntl(fd, F_GETFL);
    if (flags >= 0 && (flags & O_NONBLOCK) == 0) (void)fcntl(fd, F_SETFL, flags | O_NONBLOCK);
    (void)write_loop(fd, p, count, 200);
    if (flags >= 0 && (flags & O_NONBLOCK) == 0) (void)fcntl(fd, F_SETFL, flags);
}

bool ctp_restore_now(void) {
    if (atomic_exchange(&armed, 0) != 1) return false;
    write_without_hanging(restore_fd, restore_bytes, restore_length);
    (void)ctp_terminal_set_attributes(restore_fd, &restore_attributes);
    return true;
}

static void restore_on_terminating_signal(int signal_number) {
    int saved_errno = errno;
    ctp_restore_now();
    /* The default action ends the process by the signal, as without us. */
    struct sigaction default_action;
    memset(&default_action, 0, sizeof default_action);
    default_action.sa_handler = SIG_DFL;
    sigemptyset(&default_action.sa_mask);
    (void)sigaction(signal_number, &default_action, NULL);
    (void)raise(signal_number);
    errno = saved_errno;
}

static void restore_on_fatal_signal(int signal_number) {
    int saved_errno = errno;
    ctp_restore_now();
    /* Put back whatever was there before (the default action, or the Swift
     * runtime's backtracer) and let it handle the signal: re-raised, it is
     * delivered when this handler returns (a faulting instruction faults
     * again then). */
    for (size_t i = 0; i < FATAL_SIGNAL_COUNT; i++) {
        if (fatal_signals[i] == signal_number) {
            (void)sigaction(signal_number, &previous_actions[i], NULL);
            break;
        }
    }
    (void)raise(signal_number);
    errno = saved_errno;
}

static void restore_at_exit(void) { (void)ctp_restore_now(); }

static void install_handlers(void) {
    if (handlers_installed) return;
    handlers_installed = true;
    for (size_t i = 0; i < FATAL_SIGNAL_COUNT; i++) {
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_handler = restore_on_fatal_signal;
        sigemptyset(&action.sa_mask);
        action.sa_flags = 0;
        (void)sigaction(fatal_signals[i], &action, &previous_actions[i]);
    }
    for (size_t i = 0; i < TERMINATING_SIGNAL_COUNT; i++) {
        struct sigaction current;
        if (sigaction(terminating_signals[i], NULL, &current) != 0) continue;
        if (current.sa_handler != SIG_DFL || (current.sa_flags & SA_SIGINFO)) continue;
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_handler = restore_on_terminating_signal;
        sigemptyset(&action.sa_mask);
        action.sa_flags = 0;
        (void)sigaction(terminating_signals[i], &action, NULL);
    }
    (void)atexit(restore_at_exit);
}

void ctp_restore_arm(int fd, const struct termios *attributes, const uint8_t *bytes, size_t count) {
    atomic_store(&armed, 0);
    restore_fd = fd;
    restore_attributes = *attributes;
    copy_restore_bytes(bytes, count);
    install_handlers();
    /* Published last: a handler that sees it armed sees everything above. */
    atomic_store(&armed, 1);
}

void ctp_restore_update(const uint8_t *bytes, size_t count) {
    int was = atomic_exchange(&armed, 0);
    copy_restore_bytes(bytes, count);
    if (was != 0) atomic_store(&armed, 1);
}

void ctp_restore_disarm(void) { atomic_store(&armed, 0); }

/* MARK: Signals delivered to the run loop */

/* The runtime's signals reach its loop through a pipe: the handler sets the
 * signal's bit and, when the bit was clear, writes one byte (so a storm of
 * resizes is one byte and one bit). The loop drains the pipe, then takes
 * the bits. Both ends are non-blocking: a full pipe loses a byte, never a
 * signal (the bit stays). */
static int loop_pipe[2] = {-1, -1};
static atomic_uint_least64_t loop_pending = 0;
_Static_assert(ATOMIC_LLONG_LOCK_FREE == 2, "the pending-signal bits must be lock-free to be used in a signal handler");
/* The signals the loop watches, and their actions before it did. */
#define LOOP_SIGNAL_CAPACITY 16
static int loop_signals[LOOP_SIGNAL_CAPACITY];
static struct sigaction loop_previous[LOOP_SIGNAL_CAPACITY];
static size_t loop_signal_count = 0;
/* The signals that end the app: when the loop does not answer one within
 * the grace period (the main thread is busy or blocked), the watchdog
 * restores the terminal and ends the process by that signal. */
static atomic_uint_least64_t loop_ending_signals = 0;
static int watchdog_pipe[2] = {-1, -1};
static atomic_int watchdog_signal = 0;
static atomic_int loop_answered = 0;
static long watchdog_grace_ms = 1000;

static void note_loop_signal(int signal_number) {
    int saved_errno = errno;
    uint_least64_t bit = (uint_least64_t)1 << (unsigned)signal_number;
    uint_least64_t before = atomic_fetch_or(&loop_pending, bit);
    if ((before & bit) == 0 && loop_pipe[1] >= 0) {
        unsigned char byte = (unsigned char)signal_number;
        (void)write(loop_pipe[1], &byte, 1);
    }
    if ((atomic_load(&loop_ending_signals) & bit) != 0 && watchdog_pipe[1] >= 0) {
        int none = 0;
        if (atomic_compare_exchange_strong(&watchdog_signal, &none, signal_number)) {
            unsigned char byte = (unsigned char)signal_number;
            (void)write(watchdog_pipe[1], &byte, 1);
        }
    }
    errno = saved_errno;
}

static int make_pipe(int fds[2]) {
    if (pipe(fds) != 0) return errno;
    for (int i = 0; i < 2; i++) {
        int flags = fcntl(fds[i], F_GETFL);
        (void)fcntl(fds[i], F_SETFL, flags | O_NONBLOCK);
        (void)fcntl(fds[i], F_SETFD, FD_CLOEXEC);
    }
    return 0;
}

/* Sleeps `ms` milliseconds, whatever signals arrive meanwhile. */
static void sleep_milliseconds(long ms) {
    struct timespec left = {.tv_sec = ms / 1000, .tv_nsec = (ms % 1000) * 1000000L};
    while (nanosleep(&left, &left) != 0 && errno == EINTR) {}
}

static void *watchdog_main(void *unused) {
    (void)unused;
    sigset_t all;
    sigfillset(&all);
    (void)pthread_sigmask(SIG_BLOCK, &all, NULL);
    for (;;) {
        struct pollfd ready = {.fd = watchdog_pipe[0], .events = POLLIN, .revents = 0};
        if (poll(&ready, 1, -1) < 0) continue;
        unsigned char byte;
        while (read(watchdog_pipe[0], &byte, 1) == 1) {}
        int signal_number = atomic_load(&watchdog_signal);
        if (signal_number == 0) continue;
        sleep_milliseconds(watchdog_grace_ms);
        if (atomic_load(&loop_answered) != 0) return NULL;
        /* The main thread did not take the signal: give the terminal back
         * (without waiting on a terminal that stopped reading) and end the
         * process as the signal would. */
        (void)ctp_restore_now();
        ctp_signal_die(signal_number);
        _exit(128 + signal_number);
    }
}

int ctp_loop_signals_watch(const int *signals, size_t count, const int *ending, size_t ending_count, long grace_ms) {
    if (loop_pipe[0] < 0) {
        int code = make_pipe(loop_pipe);
        if (code != 0) return -code;
    }
    if (watchdog_pipe[0] < 0 && ending_count > 0) {
        int code = make_pipe(watchdog_pipe);
        if (code != 0) return -code;
        pthread_t thread;
        pthread_attr_t attributes;
        pthread_attr_init(&attributes);
        pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
        pthread_attr_setstacksize(&attributes, 64 * 1024);
        code = pthread_create(&thread, &attributes, watchdog_main, NULL);
        pthread_attr_destroy(&attributes);
        if (code != 0) return -code;
    }
    watchdog_grace_ms = grace_ms;
    /* A new session: the last one's answer does not stand down this one's watchdog. */
    atomic_store(&loop_answered, 0);
    atomic_store(&watchdog_signal, 0);
    uint_least64_t ending_bits = 0;
    for (size_t i = 0; i < ending_count; i++) {
        if (ending[i] > 0 && ending[i] < 64) ending_bits |= (uint_least64_t)1 << (unsigned)ending[i];
    }
    atomic_store(&loop_ending_signals, ending_bits);
    for (size_t i = 0; i < count && loop_signal_count < LOOP_SIGNAL_CAPACITY; i++) {
        if (signals[i] <= 0 || signals[i] >= 64) continue;
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_handler = note_loop_signal;
        sigemptyset(&action.sa_mask);
        action.sa_flags = SA_RESTART;
        if (sigaction(signals[i], &action, &loop_previous[loop_signal_count]) != 0) continue;
        loop_signals[loop_signal_count++] = signals[i];
        /* A signal blocked in this thread (inherited) would never arrive. */
        sigset_t set;
        sigemptyset(&set);
        sigaddset(&set, signals[i]);
        (void)pthread_sigmask(SIG_UNBLOCK, &set, NULL);
    }
    return loop_pipe[0];
}

uint64_t ctp_loop_signals_take(void) {
    unsigned char bytes[64];
    while (read(loop_pipe[0], bytes, sizeof bytes) > 0) {}
    return (uint64_t)atomic_exchange(&loop_pending, 0);
}

void ctp_loop_signal_answered(void) { atomic_store(&loop_answered, 1); }

void ctp_loop_signals_unwatch(void) {
    atomic_store(&loop_ending_signals, 0);
    for (size_t i = 0; i < loop_signal_count; i++) (void)sigaction(loop_signals[i], &loop_previous[i], NULL);
    loop_signal_count = 0;
}

/* MARK: The wait */

int ctp_wait(int *fds, short *ready, int count, int timeout_ms) {
    struct pollfd polled[8];
    if (count > 8) count = 8;
    for (int i = 0; i < count; i++) {
        polled[i].fd = fds[i];
        polled[i].events = POLLIN;
        polled[i].revents = 0;
    }
    int n = poll(polled, (nfds_t)count, timeout_ms);
    if (n < 0) {
        for (int i = 0; i < count; i++) ready[i] = 0;
        return errno == EINTR ? 0 : -errno;
    }
    for (int i = 0; i < count; i++) ready[i] = polled[i].revents;
    return n;
}

/* MARK: The main queue, drained by the loop */

#if defined(__linux__)
/* libdispatch's hooks for a run loop that owns the main thread (the ones
 * CoreFoundation's run loop uses): an eventfd that becomes readable when
 * work is queued on the main queue, and the call that runs that work. */
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *message);

int ctp_main_queue_handle(void) { return _dispatch_get_main_queue_handle_4CF(); }

void ctp_main_queue_drain(int handle) {
    uint64_t count;
    if (handle >= 0) (void)read(handle, &count, sizeof count);
    _dispatch_main_queue_callback_4CF(NULL);
}
#else
int ctp_main_queue_handle(void) { return -1; }
void ctp_main_queue_drain(int handle) { (void)handle; }
#endif
