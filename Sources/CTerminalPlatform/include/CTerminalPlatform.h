#ifndef C_TERMINAL_PLATFORM_H
#define C_TERMINAL_PLATFORM_H

/*
 * The system calls whose Swift import differs between Linux (Glibc, Musl)
 * and Darwin, done once in C: termios (field types and the size of c_cc
 * differ), the window size (TIOCGWINSZ is a macro Swift cannot import on
 * Darwin), sigaction (its handler lives in a union named differently by
 * each libc), the process environment (Darwin libraries reach `environ`
 * through _NSGetEnviron) and the async-signal-safe terminal restore.
 *
 * Signal numbers stay on the Swift side (Platform.Signal): SIGWINCH is not
 * POSIX, and Darwin's <signal.h> hides it in strict POSIX mode.
 *
 * Only Sources/Engine/Platform/ imports this module (.ci/platform checks).
 * The source is strict C11 and POSIX.1-2008: .ci/platform compiles it with
 * -std=c11 -D_POSIX_C_SOURCE=200809L -Werror -Wall -Wextra -pedantic.
 * Functions that report an error return 0 or an errno value.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <termios.h>

/* MARK: Terminal attributes */

/// Reads the terminal attributes of `fd` into `attributes`: 0 or errno.
int ctp_terminal_get_attributes(int fd, struct termios *attributes);

/// Sets the attributes of `fd` now (TCSANOW), retrying EINTR: 0 or errno.
/// Async-signal-safe.
int ctp_terminal_set_attributes(int fd, const struct termios *attributes);

/// Turns `attributes` into raw mode with the POSIX flags alone (cfmakeraw
/// is not POSIX): no input processing, echo, signals from keys or output
/// processing; 8-bit characters; a read returns after one byte.
void ctp_terminal_make_raw(struct termios *attributes);

/// The window size of the terminal `fd` (TIOCGWINSZ): 0 or errno.
int ctp_terminal_window_size(int fd, unsigned short *columns, unsigned short *rows);

/// The window's text area in pixels (TIOCGWINSZ's ws_xpixel and
/// ws_ypixel; 0 where the terminal does not fill them in): 0 or errno.
int ctp_terminal_window_pixels(int fd, unsigned short *width, unsigned short *height);

/* MARK: Writing */

/// Writes all `count` bytes to `fd`: retries short writes and EINTR; on
/// EAGAIN waits (poll, up to a second at a time) until `fd` takes more.
/// Returns 0 or errno (EIO when a write wrote nothing). Async-signal-safe.
int ctp_write_all(int fd, const void *bytes, size_t count);

/// Writes `count` bytes to `fd`, retrying short writes and EINTR, and
/// gives up at the first other error (diagnostics to stderr: never block).
/// Async-signal-safe.
void ctp_write_until_error(int fd, const void *bytes, size_t count);

/* MARK: Signals and the process */

/// Ignores `signal` (SIG_IGN).
void ctp_signal_ignore(int signal);

/// Gives `signal` its default action (SIG_DFL).
void ctp_signal_default(int signal);

/// Ends the process by `signal` as its default action would: the action is
/// reset to SIG_DFL, the signal unblocked in the calling thread (a dispatch
/// worker thread blocks signals), then raised. Returns only if the default
/// action does not end the process.
void ctp_signal_die(int signal);

/// Stops the process group with SIGTSTP under its default action (job
/// control), then puts the SIGTSTP action found before back. Returns when
/// the process is continued.
void ctp_stop_process_group(void);

/// The process environment, a NULL-terminated array of "NAME=value".
char *const *ctp_environment(void);

/* MARK: Restoring the terminal on every way out */

/// The most bytes a restore writes.
#define CTP_RESTORE_CAPACITY 256

/// Makes a restore write `bytes` (at most CTP_RESTORE_CAPACITY of them) to
/// `fd` and set `attributes` on it, and installs, once per process, the
/// handlers that restore on a fatal signal and at exit(). Call it from one
/// thread, while no other restore call runs.
void ctp_restore_arm(int fd, const struct termios *attributes, const uint8_t *bytes, size_t count);

/// Replaces the bytes an armed (or disarmed) restore writes.
void ctp_restore_update(const uint8_t *bytes, size_t count);

/// Forgets the restore (the session gave the terminal back itself).
void ctp_restore_disarm(void);

/// Restores now if armed, once however many paths race to it: writes the
/// bytes, sets the attributes. Returns whether it did. Async-signal-safe:
/// no allocation, no lock. The write gives up after about 200 ms of a
/// terminal that does not read (output suspended): a signal's restore never
/// hangs the process.
bool ctp_restore_now(void);

/* MARK: The run loop */

/// Delivers `signals` to the run loop: each sets its bit in a pending set
/// and, when the bit was clear, writes a byte to a pipe whose read end this
/// returns (or -errno). Of them, `ending` are the signals that end the app:
/// when one arrives and the loop has not called ctp_loop_signal_answered()
/// within `grace_ms`, a watchdog thread restores the terminal
/// (ctp_restore_now) and ends the process by that signal. Call once, from
/// the main thread, before the loop runs.
int ctp_loop_signals_watch(const int *signals, size_t count, const int *ending, size_t ending_count, long grace_ms);

/// Drains the pipe and returns the pending signals' bits (bit n: signal n), clearing them.
uint64_t ctp_loop_signals_take(void);

/// The loop took an ending signal and is ending the app itself: the watchdog stands down.
void ctp_loop_signal_answered(void);

/// Puts back the actions the watched signals had before ctp_loop_signals_watch.
void ctp_loop_signals_unwatch(void);

/// Waits (poll) up to `timeout_ms` (-1: without limit) until one of `fds`
/// (at most 8) can be read; `ready` gets each one's revents. Returns how
/// many are ready, 0 on timeout or EINTR, or -errno.
int ctp_wait(int *fds, short *ready, int count, int timeout_ms);

/// The descriptor that becomes readable when work is queued on the main
/// dispatch queue (libdispatch's run-loop handle; Linux), or -1 where the
/// loop cannot drain the main queue itself.
int ctp_main_queue_handle(void);

/// Clears `handle` and runs the work queued on the main queue. Call it only
/// on the main thread, and only if dispatch_main() was never called.
void ctp_main_queue_drain(int handle);

#endif
