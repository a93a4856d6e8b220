"""In-band resize (mode 2048) and grapheme clustering (mode 2027), with the
test playing the terminal in a bare pty: each is set only where DECRQM says
it can be, an in-band report of a new size is a resize, and both are reset
on leaving."""
import fcntl
import os
import pty
import struct
import termios

from conftest import binary
from test_silent_terminal import read_until


def spawn(*args):
    pid, fd = pty.fork()
    if pid == 0:
        os.environ["TERM"] = "xterm-256color"
        os.execv(binary("runtime-probe"), ["runtime-probe", *args])
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    return pid, fd


def quit(pid, fd):
    os.write(fd, b"q")
    data = read_until(fd, lambda d: False, 2)
    _, status = os.waitpid(pid, 0)
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0, status
    os.close(fd)
    return data


def test_modes_set_where_settable_and_reset_on_leaving():
    pid, fd = spawn("--wide")
    data = read_until(fd, lambda d: b"probe count=0" in d, 5)
    queries = data.split(b"probe count=0", 1)[0]
    assert b"\x1b[?2048$p" in queries and b"\x1b[?2027$p" in queries, queries
    os.write(fd, b"\x1b[?2048;2$y\x1b[?2027;2$y\x1b[?62;22c")
    more = read_until(fd, lambda d: b"\x1b[?2048h" in d and b"\x1b[?2027h" in d, 5)
    assert b"\x1b[?2048h" in more and b"\x1b[?2027h" in more, more
    # The terminal resizes the pty and reports it in-band; the row of `=` is as wide as the screen.
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 1000, 600))
    os.write(fd, b"\x1b[48;30;100;600;1000t")
    wide = (b"=\x1b[99b", b"=" * 100)  # with REP, or without
    more = read_until(fd, lambda d: b"last: resize 100x30" in d and any(w in d for w in wide), 5)
    assert b"last: resize 100x30" in more and any(w in more for w in wide), more[-300:]
    # The report was not taken for a key.
    assert b"last: key" not in more
    tail = quit(pid, fd)
    assert b"\x1b[?2048l" in tail and b"\x1b[?2027l" in tail, tail


def test_modes_left_alone_where_not_settable():
    pid, fd = spawn()
    read_until(fd, lambda d: b"probe count=0" in d, 5)
    # 0: not recognised; 4: permanently reset.
    os.write(fd, b"\x1b[?2048;0$y\x1b[?2027;4$y\x1b[?2031;0$y\x1b[?62;22c")
    os.write(fd, b"+")
    more = read_until(fd, lambda d: b"key U+2b" in d, 5)
    assert b"key U+2b" in more
    tail = quit(pid, fd)
    everything = more + tail
    for mode in (b"2048", b"2027", b"2031"):
        assert b"\x1b[?" + mode + b"h" not in everything and b"\x1b[?" + mode + b"l" not in everything, mode
