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

/* MARK: Writing */

/* Writes all of `bytes`, retrying short writes and EINTR. With `wait_when_full`
 * a full non-blocking descriptor (EAGAIN) is polled until writable; without
 * it (the signal-time restore, which must not hang on a terminal that stopped
 * reading) the write gives up there. Returns 0 or an errno value. */
static int write_loop(int fd, const void *bytes, size_t count, int wait_when_full) {
    const unsigned char *p = bytes;
    while (count > 0) {
        ssize_t n = write(fd, p, count);
        if (n > 0) {
            p += n;
            count -= (size_t)n;
            continue;
        }
        if (n < 0 && errno == EINTR) continue;
        if (wait_when_full && n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            struct pollfd ready = {.fd = fd, .events = POLLOUT, .revents = 0};
            (void)poll(&ready, 1, 1000);
            continue;
        }
        return n < 0 ? errno : EIO;
    }
    return 0;
}

int ctp_write_all(int fd, const void *bytes, size_t count) { return write_loop(fd, bytes, count, 1); }

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

bool ctp_restore_now(void) {
    if (atomic_exchange(&armed, 0) != 1) return false;
    ctp_write_until_error(restore_fd, restore_bytes, restore_length);
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
