"""The link probes behind frame pacing, with this test as the terminal: it
answers DA1 and the synchronized-output query after a round trip of its
choosing. Over a slow link every frame carries a probe; a local terminal
is probed at most once a second; TUI_PACING=0 and a terminal that answers
nothing get no probe after start-up's; an app quitting with an answer
still out reads it before it gives the terminal back (else the shell would
get it as typed text). That frames are held and dropped when the link is
full is checked with bandwidth too, by `tuibench link`
(Fixtures/tools/check_link_pacing.py) and LinkMonitorTests."""
import fcntl
import os
import pty
import select
import struct
import termios
import time

from conftest import binary

FRAME_END = b"\x1b[?2026l"
QUERIES = {b"\x1b[c": b"\x1b[?62;22c", b"\x1b[?2026$p": b"\x1b[?2026;2$y"}


class RemoteTerminal:
    """Reads the app's output and answers its queries `round_trip` later."""

    def __init__(self, fd, round_trip):
        self.fd = fd
        self.round_trip = round_trip
        self.data = b""
        self.scanned = 0
        self.answers = []  # (due, bytes)
        self.last_answer_at = None

    def pump(self, seconds, until=None):
        """Reads and answers for `seconds` or until `until(self)`; False once the app has gone."""
        deadline = time.time() + seconds
        while time.time() < deadline:
            now = time.time()
            while self.answers and self.answers[0][0] <= now:
                _, answer = self.answers.pop(0)
                try:
                    os.write(self.fd, answer)
                except OSError:
                    return False
                self.last_answer_at = time.time()
            wait = 0.01 if not self.answers else max(0.0, min(0.01, self.answers[0][0] - now))
            ready, _, _ = select.select([self.fd], [], [], wait)
            if ready:
                try:
                    chunk = os.read(self.fd, 65536)
                except OSError:
                    return False
                if not chunk:
                    return False
                self.data += chunk
                self.scan()
            if until and until(self):
                return True
        return True

    def scan(self):
        while True:
            index = self.data.find(b"\x1b[", self.scanned)
            if index < 0:
                self.scanned = max(self.scanned, len(self.data) - 12)
                return
            rest = self.data[index:]
            for query, answer in QUERIES.items():
                if rest.startswith(query):
                    self.answers.append((time.time() + self.round_trip, answer))
                    self.scanned = index + len(query)
                    break
            else:
                if len(rest) < 12 and any(q.startswith(rest) for q in QUERIES):
                    return  # the rest of a query has not come yet
                self.scanned = index + 2

    def frames(self):
        return self.data.count(FRAME_END)


def start(round_trip, environment=None):
    pid, fd = pty.fork()
    if pid == 0:
        os.environ["TERM"] = "xterm-256color"
        for key, value in (environment or {}).items():
            os.environ[key] = value
        os.execv(binary("runtime-probe"), ["runtime-probe"])
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    terminal = RemoteTerminal(fd, round_trip)
    assert terminal.pump(5, until=lambda t: t.frames() >= 1), terminal.data[-300:]
    terminal.pump(0.3 + 2 * round_trip)  # start-up's answers, the frames after the first
    return pid, fd, terminal


def press(terminal, keys, spacing):
    """Presses `+` `keys` times; returns the bytes the app wrote from the first press on."""
    start = len(terminal.data)
    frames = terminal.frames()
    for _ in range(keys):
        os.write(terminal.fd, b"+")
        terminal.pump(spacing)
    assert terminal.pump(3, until=lambda t: t.frames() > frames), "no frame for the keys"
    terminal.pump(2 * terminal.round_trip + 0.05)
    return terminal.data[start:]


def quit(pid, terminal):
    os.write(terminal.fd, b"q")
    terminal.pump(2, until=lambda t: False)
    _, status = os.waitpid(pid, 0)
    os.close(terminal.fd)
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0, status


def test_over_a_slow_link_every_frame_carries_a_probe():
    pid, fd, terminal = start(0.12)
    written = press(terminal, 5, 0.05)
    frames = written.count(FRAME_END)
    assert frames >= 2, written
    assert written.count(FRAME_END + b"\x1b[c") == frames, written
    quit(pid, terminal)


def test_a_local_terminal_is_probed_at_most_once_a_second():
    pid, fd, terminal = start(0.0)
    written = press(terminal, 20, 0.05)  # a second of keys
    assert written.count(FRAME_END) >= 10, written
    assert written.count(b"\x1b[c") <= 2, written
    quit(pid, terminal)


def test_unpaced_sends_no_probe_after_start_up():
    pid, fd, terminal = start(0.12, {"TUI_PACING": "0"})
    written = press(terminal, 5, 0.05)
    assert written.count(FRAME_END) >= 2
    assert b"\x1b[c" not in written, written
    quit(pid, terminal)


def test_quitting_reads_the_answer_still_out_first():
    pid, fd, terminal = start(0.12)
    frames = terminal.frames()
    os.write(fd, b"+")
    assert terminal.pump(3, until=lambda t: t.frames() > frames)
    assert terminal.answers, "the frame's probe is not out"
    quit_at = time.time()
    os.write(fd, b"q")
    exited_at = None
    status = None
    while time.time() < quit_at + 3:
        alive = terminal.pump(0.005)
        finished, status = os.waitpid(pid, os.WNOHANG)
        if finished:
            exited_at = time.time()
            break
        if not alive:
            _, status = os.waitpid(pid, 0)
            exited_at = time.time()
            break
    os.close(fd)
    assert exited_at is not None, "the app did not exit"
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0, status
    # It did not leave before the answer came (read in raw mode, not by the shell) …
    assert terminal.last_answer_at is not None and exited_at >= terminal.last_answer_at, (exited_at, terminal.last_answer_at)
    # … and did not wait much longer than that.
    assert exited_at - quit_at < 1.0, exited_at - quit_at


def test_a_terminal_that_answers_nothing_is_not_probed_after_start_up():
    pid, fd = pty.fork()
    if pid == 0:
        os.environ["TERM"] = "xterm-256color"
        os.execv(binary("runtime-probe"), ["runtime-probe"])
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    data = b""

    def read_for(seconds):
        nonlocal data
        deadline = time.time() + seconds
        while time.time() < deadline:
            ready, _, _ = select.select([fd], [], [], 0.05)
            if ready:
                data += os.read(fd, 65536)

    read_for(1.5)
    start_up = len(data)
    assert b"probe count=0" in data
    for _ in range(5):
        os.write(fd, b"+")
        time.sleep(0.05)
    read_for(1.5)
    assert b"key U+2b" in data[start_up:]
    # Start-up's own, and the fence of the palette query sent after the
    # first frame (a 256-colour terminal): no probe.
    assert data.count(b"\x1b[c") == 2, data
    os.write(fd, b"q")
    os.waitpid(pid, 0)
    os.close(fd)
