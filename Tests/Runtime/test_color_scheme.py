"""Colours that follow the terminal, with the test playing the terminal in
a bare pty: the app asks for the background colour (OSC 11), the scheme
(DSR 996) and whether theme changes are reported (DECRQM 2031) without
waiting; a light background repaints the adaptive line in its light colour,
a theme change reported by mode 2031 (`CSI ? 997 ; 1 n`) in its dark one,
and only that line; leaving unsubscribes."""
import fcntl
import os
import pty
import struct
import termios

from conftest import binary
from test_silent_terminal import read_until

LIGHT = b"38;2;10;20;30"
DARK = b"38;2;200;210;220"


def spawn():
    pid, fd = pty.fork()
    if pid == 0:
        os.environ["TERM"] = "xterm-256color"
        os.environ["COLORTERM"] = "truecolor"
        os.execv(binary("runtime-probe"), ["runtime-probe", "--scheme"])
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    return pid, fd


def test_light_background_then_a_reported_theme_change():
    pid, fd = spawn()
    data = read_until(fd, lambda d: b"scheme=dark" in d and b"adaptive" in d, 5)
    assert b"scheme=dark" in data and DARK in data, data[-400:]
    queries = data.split(b"scheme=dark", 1)[0]
    for query in (b"\x1b]10;?\x1b\\", b"\x1b]11;?\x1b\\", b"\x1b[?996n", b"\x1b[?2031$p"):
        assert query in queries, (query, queries)
    assert queries.index(b"\x1b]11;?") < queries.rindex(b"\x1b[c")  # fenced by DA1
    # A light background, 2031 supported, DA1.
    os.write(fd, b"\x1b]11;rgb:ffff/ffff/ffff\x1b\\\x1b[?2031;2$y\x1b[?62;22c")
    more = read_until(fd, lambda d: b"light" in d and LIGHT in d, 5)
    assert b"light" in more and LIGHT in more, more
    assert b"\x1b[?2031h" in more
    # The terminal switches to a dark theme and says so.
    os.write(fd, b"\x1b[?997;1n")
    flip = read_until(fd, lambda d: b"dark" in d and DARK in d, 5)
    assert DARK in flip, flip
    # Only what changed is drawn: the scheme's name and the adaptive line.
    assert b"fixed" not in flip and b"1;2;3" not in flip, flip
    os.write(fd, b"q")
    data = read_until(fd, lambda d: False, 2)
    _, status = os.waitpid(pid, 0)
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0, status
    assert b"\x1b[?2031l" in data
    os.close(fd)


def test_scheme_report_outranks_the_background_and_keys_stay_keys():
    pid, fd = spawn()
    data = read_until(fd, lambda d: b"scheme=dark" in d and b"adaptive" in d, 5)
    # The scheme report (light) and a dark background in the same read: the report decides.
    os.write(fd, b"\x1b[?997;2n\x1b]11;rgb:0000/0000/0000\x07\x1b[?62;22c")
    more = read_until(fd, lambda d: b"light" in d and LIGHT in d, 5)
    assert b"light" in more and LIGHT in more, more
    os.write(fd, b"q")
    read_until(fd, lambda d: False, 2)
    _, status = os.waitpid(pid, 0)
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0, status
    os.close(fd)
