"""A terminal that answers nothing (no DA1, no CPR, no mode reports): on the
alternate screen the app draws at once (its queries go out with the modes
and nobody waits for them), takes keys and quits cleanly, and leaves
nothing it did not set (no kitty keyboard pop, no 2026 reset); inline it
starts after one query timeout (it needs the cursor row). Driven through a
bare pty that stays silent, not tmux (which answers)."""
import fcntl
import os
import pty
import select
import struct
import termios
import time

from conftest import binary


def read_until(fd, predicate, timeout):
    data = b""
    deadline = time.time() + timeout
    while time.time() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.05)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            data += chunk
            if predicate(data):
                return data
    return data


def spawn(*args):
    pid, fd = pty.fork()
    if pid == 0:
        os.environ["TERM"] = "xterm-256color"
        os.execv(binary("runtime-probe"), ["runtime-probe", *args])
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    return pid, fd


def test_silent_terminal_draws_without_waiting_for_answers():
    # A query timeout of 3 s: a start-up that waited for the answers would
    # take at least that long.
    pid, fd = spawn("--query-timeout", "3000")
    started = time.time()
    data = read_until(fd, lambda d: b"probe count=0" in d, 10)
    elapsed = time.time() - started
    assert b"probe count=0" in data, data[-300:]
    assert elapsed < 1.5, elapsed
    # The queries went out with the modes, DA1 last, before the first frame.
    queries = data.split(b"probe count=0", 1)[0]
    assert b"\x1b[?2026$p\x1b[?u" in queries and b"\x1b[c" in queries, queries[-200:]
    # The key arrives (the frame writes only what changed: the count's digit
    # and the last event).
    os.write(fd, b"+")
    data += read_until(fd, lambda d: b"key U+2b" in d, 5)
    assert b"key U+2b" in data
    os.write(fd, b"q")
    data += read_until(fd, lambda d: False, 2)
    _, status = os.waitpid(pid, 0)
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0, status
    # It left the alternate screen and showed the cursor again; it popped no
    # kitty keyboard flags it never pushed, and used no synchronized output.
    assert data.rfind(b"\x1b[?1049l") > data.rfind(b"\x1b[?1049h")
    assert b"\x1b[?25h" in data
    assert b"\x1b[<u" not in data and b"\x1b[>1u" not in data
    assert b"\x1b[?2026h" not in data
    assert b"\x1b[?2031h" not in data and b"\x1b[?2031l" not in data and b"\x1b[?2048h" not in data
    os.close(fd)


def test_silent_terminal_inline_starts_after_one_timeout():
    pid, fd = spawn("--inline")
    started = time.time()
    data = read_until(fd, lambda d: b"probe count=0" in d, 10)
    elapsed = time.time() - started
    assert b"probe count=0" in data, data[-300:]
    # The default query timeout is 200 ms: one wait, and inline never probes emoji.
    assert 0.15 < elapsed < 1.5, elapsed
    assert b"\x1b[8m" not in data and "😀".encode() not in data, data[:400]
    os.write(fd, b"q")
    data += read_until(fd, lambda d: False, 2)
    _, status = os.waitpid(pid, 0)
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0, status
    os.close(fd)


def test_late_answers_are_applied_and_restored():
    # The answers come after the first frame: synchronized output is used
    # from then on, the kitty flags are pushed once and popped on leaving.
    pid, fd = spawn()
    data = read_until(fd, lambda d: b"probe count=0" in d, 5)
    assert b"probe count=0" in data
    os.write(fd, b"\x1b[?2026;2$y\x1b[?0u\x1b[?62;22c")
    os.write(fd, b"+")
    data += read_until(fd, lambda d: b"key U+2b" in d, 5)
    assert b"key U+2b" in data, data[-300:]
    after = data.split(b"probe count=0", 1)[1]
    assert after.count(b"\x1b[>1u") == 1, after
    assert b"\x1b[?2026h" in after
    # The replies were not taken for keys.
    assert b"key U+3f" not in data and b"key U+75" not in data
    os.write(fd, b"q")
    data += read_until(fd, lambda d: False, 2)
    _, status = os.waitpid(pid, 0)
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0, status
    tail = data[data.rfind(b"\x1b[?1049h"):]
    assert b"\x1b[<u" in tail and tail.rfind(b"\x1b[<u") < tail.rfind(b"\x1b[?1049l")
    os.close(fd)
