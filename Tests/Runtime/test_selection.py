"""Mouse text selection and the clipboard, with the test playing the
terminal in a bare pty: a drag sent as SGR mouse reports selects text
(the border around the second line is skipped), its release writes the
text to the clipboard as OSC 52, the highlight is reverse video; `r` asks
for the clipboard (OSC 52 `?`, fenced by DA1) and shows the answer, or nil
when the terminal answers only the fence; a read still waiting when the
app quits has its late answer read by the app, not left for the shell."""
import base64
import fcntl
import os
import pty
import struct
import termios
import time

from conftest import binary
from test_silent_terminal import read_until


def spawn():
    pid, fd = pty.fork()
    if pid == 0:
        os.environ["TERM"] = "xterm-256color"
        os.execv(binary("runtime-probe"), ["runtime-probe", "--selection"])
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    return pid, fd


def sgr(button, column, row, release=False):
    """An SGR mouse report; column and row 0-based."""
    return b"\x1b[<%d;%d;%d%s" % (button, column + 1, row + 1, b"m" if release else b"M")


class Terminal:
    """The pty's terminal side: reads what the app writes, and answers
    every DA1 it asked (the app's link probes too), in order, when told."""

    def __init__(self):
        self.pid, self.fd = spawn()
        self.asked = 0
        self.answered = 0

    def read_until(self, predicate, timeout=5):
        data = read_until(self.fd, predicate, timeout)
        self.asked += data.count(b"\x1b[c")
        return data

    def write(self, data):
        os.write(self.fd, data)

    def answer_da1(self, before=b""):
        """`before` (a reply), then an answer to every DA1 asked so far."""
        self.write(before + b"\x1b[?62;22c" * (self.asked - self.answered))
        self.answered = self.asked

    def finish(self):
        self.write(b"q")
        read_until(self.fd, lambda d: False, 2)
        _, status = os.waitpid(self.pid, 0)
        assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0, status
        os.close(self.fd)


def start():
    term = Terminal()
    data = term.read_until(lambda d: b"clipboard=none" in d and b"\x1b]4;15;?" in d)
    assert b"\x1b[?1002h" in data or b"\x1b[?1000h" in data, data[-300:]
    # Start-up's DA1 and the fence of the palette query a 256-colour
    # terminal is sent after the first frame (no colours: xterm's stay).
    term.answer_da1()
    return term


def test_drag_copies_the_text_with_osc_52_and_skips_the_border():
    term = start()
    # Rows: 0 "alpha beta", 1 top border, 2 "│gamma delta│", 3 bottom border.
    # Press on "beta", drag down to "gamma", release.
    term.write(sgr(0, 6, 0) + sgr(32, 7, 0) + sgr(32, 7, 1) + sgr(32, 3, 2) + sgr(32, 5, 2))
    highlighted = term.read_until(lambda d: b"7m" in d)
    assert b"7m" in highlighted, highlighted
    term.write(sgr(0, 5, 2, release=True))
    expected = b"\x1b]52;c;" + base64.b64encode("beta\ngamma".encode()) + b"\x1b\\"
    data = term.read_until(lambda d: expected in d)
    assert expected in data, data
    # A click clears the highlight (the cells are written again), copies nothing.
    term.write(sgr(0, 20, 10) + sgr(0, 20, 10, release=True))
    cleared = term.read_until(lambda d: b"beta" in d)
    assert b"beta" in cleared and b"]52;" not in cleared, cleared
    term.finish()


def test_clipboard_read_resolves_with_the_answer_or_nil_at_the_fence():
    term = start()
    term.write(b"r")
    query = term.read_until(lambda d: b"\x1b]52;c;?" in d and b"\x1b[c" in d)
    assert query.index(b"\x1b]52;c;?") < query.rindex(b"\x1b[c"), query
    answer = base64.b64encode("héllo from the terminal".encode())
    term.answer_da1(before=b"\x1b]52;c;" + answer + b"\x07")
    # Only the changed cells are written: the text, not the label before it.
    data = term.read_until(lambda d: "héllo from the terminal".encode() in d)
    assert "héllo from the terminal".encode() in data, data
    # A terminal that refuses answers only the fence: nil at once, not after the timeout.
    term.write(b"r")
    term.read_until(lambda d: b"\x1b]52;c;?" in d and b"\x1b[c" in d)
    term.answer_da1()
    data = term.read_until(lambda d: b"nil" in d, timeout=1)
    assert b"nil" in data, data
    term.finish()


class ShellAfterApp(Terminal):
    """The app, then what a shell would read after it: the input left in
    the tty once the app gave it back, printed by `cat -v` between LEFT
    and END (a read of half a second, non-canonical)."""

    def __init__(self):
        pid, fd = pty.fork()
        if pid == 0:
            os.environ["TERM"] = "xterm-256color"
            script = '"$0" --selection; stty -icanon min 0 time 5; echo LEFT; cat -v; echo END'
            os.execv("/bin/sh", ["sh", "-c", script, binary("runtime-probe")])
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        self.pid, self.fd = pid, fd
        self.asked = 0
        self.answered = 0


def test_a_clipboard_read_waiting_at_exit_leaves_nothing_for_the_shell():
    term = ShellAfterApp()
    term.read_until(lambda d: b"clipboard=none" in d and b"\x1b]4;15;?" in d)
    term.answer_da1()
    term.write(b"r")
    term.read_until(lambda d: b"\x1b]52;c;?" in d and b"\x1b[c" in d)
    # The app quits before the terminal answers; the answer comes just after.
    term.write(b"q")
    time.sleep(0.05)
    term.answer_da1(before=b"\x1b]52;c;" + base64.b64encode(b"late") + b"\x1b\\")
    data = term.read_until(lambda d: b"END" in d, timeout=10)
    left = data[data.index(b"LEFT"):]
    assert b"52;" not in left and b"62;22c" not in left and b"^[" not in left, left
    _, status = os.waitpid(term.pid, 0)
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0, status
    os.close(term.fd)
