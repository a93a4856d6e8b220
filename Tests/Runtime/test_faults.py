"""The runtime under faults (issue 27): signals while the app is busy or
starting, a terminal that stopped reading, resizes during start-up, and job
control. Driven through a bare pty whose slave this process keeps open, so
that termios can be compared before and after from outside."""
import fcntl
import os
import select
import signal
import struct
import subprocess
import termios
import time

import pytest

from conftest import binary

DA1 = b"\x1b[?62;c"


class Pty:
    """The probe on a pty of its own (its controlling terminal), this process as the terminal."""

    def __init__(self, *args, columns=80, rows=24):
        self.master, self.slave = os.openpty()
        self.resize(columns, rows)
        self.before = termios.tcgetattr(self.slave)
        env = dict(os.environ, TERM="xterm-256color", SWIFT_BACKTRACE="enable=no")
        slave = self.slave

        def controlling_terminal():
            os.setsid()
            fcntl.ioctl(slave, termios.TIOCSCTTY, 0)

        self.process = subprocess.Popen([binary("runtime-probe"), *args], stdin=slave, stdout=slave, stderr=slave,
                                        env=env, preexec_fn=controlling_terminal, close_fds=True)
        self.output = b""

    def resize(self, columns, rows):
        fcntl.ioctl(self.master, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))

    def read_until(self, predicate, timeout, answer=True):
        deadline = time.time() + timeout
        while time.time() < deadline:
            if predicate(self.output):
                return True
            ready, _, _ = select.select([self.master], [], [], 0.05)
            if not ready:
                continue
            try:
                chunk = os.read(self.master, 65536)
            except OSError:
                break
            if not chunk:
                break
            if answer and b"\x1b[c" in chunk:
                os.write(self.master, DA1)
            self.output += chunk
        return predicate(self.output)

    def write(self, data):
        os.write(self.master, data)

    def wait(self, timeout):
        """How the process ended: ('signal', n) or ('exit', status); None if still running after `timeout`."""
        deadline = time.time() + timeout
        while time.time() < deadline:
            # Keep reading: a blocked writer must not be what holds it up
            # (tests that want the terminal silent do not call this early).
            code = self.process.poll()
            if code is not None:
                return ("signal", -code) if code < 0 else ("exit", code)
            time.sleep(0.02)
        return None

    def restored(self):
        return termios.tcgetattr(self.slave) == self.before

    def close(self):
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        os.close(self.master)
        os.close(self.slave)


@pytest.fixture
def probe():
    made = []

    def start(*args, **kwargs):
        p = Pty(*args, **kwargs)
        made.append(p)
        return p

    yield start
    for p in made:
        p.close()


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT, signal.SIGHUP])
def test_a_wedged_app_still_ends_on_a_signal_with_the_terminal_restored(probe, sig):
    # Item 2: the main thread is stuck in a handler for 30 s; the signal's
    # watchdog gives the terminal back after its grace period (1 s) and the
    # process dies by the signal.
    p = probe("--mouse")
    assert p.read_until(lambda d: b"probe count=0" in d, 10), p.output[-300:]
    p.write(b"W")
    time.sleep(0.3)
    sent = time.time()
    p.process.send_signal(sig)
    p.read_until(lambda d: False, 0.5)
    ended = p.wait(5)
    assert ended == ("signal", sig), ended
    assert time.time() - sent < 4
    p.read_until(lambda d: False, 0.3)
    assert p.restored(), "termios changed"
    assert p.output.rfind(b"\x1b[?1049l") > p.output.rfind(b"\x1b[?1049h"), p.output[-200:]
    assert p.output.rfind(b"\x1b[?1000l") > p.output.rfind(b"\x1b[?1000h"), p.output[-200:]


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGSEGV, signal.SIGQUIT])
def test_a_terminal_that_stopped_reading_does_not_hang_the_way_out(probe, sig):
    # Item 3: the terminal stops reading while the app repaints a full
    # 200x60 screen on every resize: the pty's buffer fills and the app's
    # write blocks. A signal still ends it, and termios is restored (the
    # restore's write gives up instead of hanging).
    p = probe("--tree", columns=200, rows=60)
    assert p.read_until(lambda d: b"\x1b[?1049h" in d and len(d) > 4000, 10), p.output[-300:]
    for i in range(40):  # not reading from here on
        p.resize(200 - i % 2, 60)
        time.sleep(0.03)
    with open(f"/proc/{p.process.pid}/wchan") as f:
        assert f.read() != "do_sys_poll", "the app is not blocked: the test did not fill the terminal's buffer"
    p.process.send_signal(sig)
    ended = p.wait(6)
    assert ended == ("signal", sig), ended
    assert p.restored(), "termios changed"


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT, signal.SIGHUP])
def test_a_signal_during_the_start_up_wait_restores_and_ends(probe, sig):
    # Item 5: the terminal has not answered yet (the probe waits up to 3 s
    # for DA1): the tty is raw; a signal then must restore it.
    p = probe("--query-timeout", "3000")
    assert p.read_until(lambda d: b"\x1b[c" in d, 5, answer=False), p.output
    time.sleep(0.2)
    p.process.send_signal(sig)
    ended = p.wait(3)
    assert ended == ("signal", sig), ended
    assert p.restored(), "termios left raw"


def test_a_resize_during_the_start_up_wait_is_seen(probe):
    # Item 6: the window changes while start-up waits for the terminal's
    # answers; the app draws at the new size once it runs.
    p = probe("--query-timeout", "3000")
    assert p.read_until(lambda d: b"\x1b[c" in d, 5, answer=False), p.output
    time.sleep(0.1)
    p.resize(100, 30)
    time.sleep(0.1)
    p.write(DA1)
    assert p.read_until(lambda d: b"resize 100x30" in d, 5), p.output[-400:]
    p.write(b"q")
    assert p.wait(5) == ("exit", 0)
    assert p.restored()


def test_a_resize_right_after_the_first_frame_is_seen(probe):
    # Item 6: a resize within a millisecond of the first frame.
    for columns in (90, 101, 77):
        p = probe()
        assert p.read_until(lambda d: b"probe count=0" in d, 10), p.output[-300:]
        p.resize(columns, 20)
        assert p.read_until(lambda d, c=columns: f"resize {c}x20".encode() in d, 5), p.output[-400:]
        p.write(b"q")
        assert p.wait(5) == ("exit", 0)


def test_sigterm_right_after_the_first_frame_ends_the_app(probe):
    # Item 6: SIGTERM within a millisecond of the first frame is not dropped.
    for _ in range(5):
        p = probe("--mouse")
        assert p.read_until(lambda d: b"probe count=0" in d, 10), p.output[-300:]
        p.process.send_signal(signal.SIGTERM)
        p.read_until(lambda d: False, 0.2)
        assert p.wait(3) == ("signal", signal.SIGTERM)
        assert p.restored()


def test_the_async_entry_point_runs_keys_resizes_and_signals(probe):
    # `TerminalHost.run` awaited from a task (dispatch sources instead of the
    # own loop): keys, a resize, the escape timeout and an ending signal.
    p = probe("--async", "--mouse")
    assert p.read_until(lambda d: b"probe count=0" in d, 10), p.output[-300:]
    p.write(b"+")
    assert p.read_until(lambda d: b"key U+2b" in d, 5), p.output[-300:]
    p.resize(90, 20)
    assert p.read_until(lambda d: b"resize 90x20" in d, 5), p.output[-300:]
    p.write(b"\x1b")  # a lone Esc: delivered after the escape timeout
    assert p.read_until(lambda d: b"key U+1b" in d or b"escape" in d, 5), p.output[-300:]
    p.process.send_signal(signal.SIGTERM)
    assert p.wait(5) == ("signal", signal.SIGTERM)
    p.read_until(lambda d: False, 0.3)
    assert p.restored()
    assert p.output.rfind(b"\x1b[?1049l") > p.output.rfind(b"\x1b[?1049h")


def test_inline_mode_draws_on_when_the_cursor_report_never_comes(probe):
    # Item 8: after a resize the region asks where the cursor is; a terminal
    # that never answers must not freeze the app.
    p = probe("--inline")
    assert p.read_until(lambda d: b"probe count=0" in d, 10), p.output[-300:]
    p.output = b""
    p.resize(70, 24)
    assert p.read_until(lambda d: b"\x1b[6n" in d, 5), p.output
    p.write(b"+")
    assert p.read_until(lambda d: b"count=1" in d, 5), p.output[-300:]
    p.write(b"q")
    assert p.wait(5) == ("exit", 0)
    assert p.restored()


def test_inline_mode_takes_a_cursor_report_split_in_two(probe):
    # Item 8: the report's halves arrive 100 ms apart (past the escape
    # timeout): still one report, not keys, and the region draws on.
    p = probe("--inline")
    assert p.read_until(lambda d: b"probe count=0" in d, 10), p.output[-300:]
    p.output = b""
    p.resize(70, 24)
    assert p.read_until(lambda d: b"\x1b[6n" in d, 5), p.output
    p.write(b"\x1b[5")
    time.sleep(0.1)
    p.write(b";1R")
    time.sleep(0.1)
    p.write(b"+")
    assert p.read_until(lambda d: b"key U+2b" in d, 5), p.output[-300:]
    assert b"key U+5b" not in p.output and b"key U+3b" not in p.output, p.output[-300:]
    p.write(b"q")
    assert p.wait(5) == ("exit", 0)


def test_a_paste_stalled_past_two_seconds_stays_a_paste(probe):
    # Item 10: the paste pauses for 2.5 s mid-way (a slow link); its rest,
    # a `q` among it, is pasted text, never a key that quits the app.
    p = probe()
    assert p.read_until(lambda d: b"probe count=0" in d, 10), p.output[-300:]
    p.write(b"\x1b[200~first half ")
    time.sleep(2.5)
    p.write(b"q then the rest\x1b[201~")
    assert p.read_until(lambda d: b"q then the rest" in d, 5), p.output[-400:]
    assert p.process.poll() is None, "a pasted q quit the app"
    p.write(b"+")
    assert p.read_until(lambda d: b"key U+2b" in d, 5)
    p.write(b"q")
    assert p.wait(5) == ("exit", 0)


@pytest.mark.parametrize("halves", [
    (b"\x1b[?2026;2$y\x1b[?62", b";22c"),   # DA1 split past the escape timeout
    (b"\x1b", b"[?62;22c"),                 # split right after ESC
    (b"\x1b[?1u\x1b[1;", b"1R"),            # kitty flags, then a cursor report at row 1 (F3's bytes)
])
def test_late_start_up_replies_are_never_keys(probe, halves):
    # Item 11: the terminal answers start-up's queries after the app
    # started (a slow link), in pieces 100 ms apart: nothing of them may
    # reach the app as keys or text.
    p = probe("--inline", "--query-timeout", "100")
    assert p.read_until(lambda d: b"probe count=0" in d, 10, answer=False), p.output[-300:]
    p.output = b""
    p.write(halves[0])
    time.sleep(0.1)
    p.write(halves[1])
    time.sleep(0.2)
    p.write(b"+")
    assert p.read_until(lambda d: b"key U+2b" in d, 5, answer=False), p.output[-300:]
    for shown in (b"U+3b", b"U+32", b"U+63", b"escape", b"function"):
        assert shown not in p.output, (shown, p.output)
    p.write(b"q")
    assert p.wait(5) == ("exit", 0)


FAULT_SIGNALS = [signal.SIGTERM, signal.SIGINT, signal.SIGHUP, signal.SIGUSR1, signal.SIGQUIT, signal.SIGALRM]


def test_signals_at_random_moments_always_restore(probe):
    # Fault injection: a signal at a random moment from spawn on (start-up
    # waits, the first frames, a busy handler, a burst of keys), 24 runs
    # with a fixed seed: each ends by that signal with termios restored.
    import random
    rng = random.Random(27)
    for run in range(24):
        sig = rng.choice(FAULT_SIGNALS)
        delay = rng.uniform(0, 0.4)
        p = probe("--mouse", "--query-timeout", str(rng.choice([50, 200, 400])))
        started = time.time()
        keys = rng.choice([b"", b"+++", b"w", b"++w++"])
        while time.time() - started < delay:
            p.read_until(lambda d: False, 0.01)
            if keys and b"probe count=" in p.output:
                p.write(keys)
                keys = b""
        p.process.send_signal(sig)
        p.read_until(lambda d: False, 0.2)
        ended = p.wait(4)
        assert ended == ("signal", sig), (run, sig, delay, ended)
        p.read_until(lambda d: False, 0.1)
        assert p.restored(), (run, sig, delay)
        if p.output.count(b"\x1b[?1049h"):
            assert p.output.rfind(b"\x1b[?1049l") > p.output.rfind(b"\x1b[?1049h"), (run, sig, delay)


def test_a_resize_storm_converges_to_the_last_size(probe):
    # Fault injection: 300 resizes, A->B->A among them, some to 1x1, while
    # keys arrive; the app keeps running and its last frame is at the last size.
    import random
    rng = random.Random(6)
    p = probe()
    assert p.read_until(lambda d: b"probe count=0" in d, 10), p.output[-300:]
    for i in range(300):
        if i % 50 == 25:
            p.resize(80, 24); p.resize(10, 5); p.resize(80, 24)
        else:
            p.resize(rng.randint(1, 250), rng.randint(1, 80))
        if i % 7 == 0:
            p.write(b"+")
        p.read_until(lambda d: False, 0.002)
    p.resize(91, 33)
    assert p.read_until(lambda d: b"resize 91x33" in d, 10), p.output[-300:]
    assert p.process.poll() is None
    p.write(b"q")
    assert p.wait(5) == ("exit", 0)
    assert p.restored()
