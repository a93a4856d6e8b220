"""A terminal that answers nothing (no DA1, no CPR, no mode reports): the
app starts after one query timeout, never sends the emoji width probe (it
would cost a second timeout), draws, takes keys and quits cleanly. Driven
through a bare pty that stays silent, not tmux (which answers)."""
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


def test_silent_terminal_starts_after_one_timeout_without_the_probe():
    pid, fd = pty.fork()
    if pid == 0:
        os.environ["TERM"] = "xterm-256color"
        os.execv(binary("runtime-probe"), ["runtime-probe"])
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    started = time.time()
    data = read_until(fd, lambda d: b"probe count=0" in d, 10)
    elapsed = time.time() - started
    assert b"probe count=0" in data, data[-300:]
    # The default query timeout is 200 ms: one wait, not two.
    assert elapsed < 1.5, elapsed
    assert b"\x1b[8m" not in data and "😀".encode() not in data, data[:400]
    # The key arrives (the frame writes only what changed: the count's digit
    # and the last event).
    os.write(fd, b"+")
    data += read_until(fd, lambda d: b"key U+2b" in d, 5)
    assert b"key U+2b" in data
    os.write(fd, b"q")
    data += read_until(fd, lambda d: False, 2)
    _, status = os.waitpid(pid, 0)
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0, status
    # It left the alternate screen and showed the cursor again.
    assert data.rfind(b"\x1b[?1049l") > data.rfind(b"\x1b[?1049h")
    assert b"\x1b[?25h" in data
    os.close(fd)
