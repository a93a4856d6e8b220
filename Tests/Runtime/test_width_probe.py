"""The measured width table end to end, against a terminal played in a
bare pty: at start (alternate screen) the host prints one representative
cluster per disputed class at home, concealed, each followed by a cursor
report request, then `a` in an OSC 66 of width 2, then DA1 last. The
played terminal answers as a terminal with old emoji tables would (❤️ and
1️⃣ one column), and the next frame lays the row out again with those
widths; the answers are cached per TERM_PROGRAM/version/TERM, and a second
start reads the cache and probes nothing. A terminal that answers nothing
costs no start-up time and leaves no cache. OSC 4 palette answers reach
the app (`p`)."""
import fcntl
import os
import pty
import select
import struct
import termios
import time

from conftest import binary

PROBE = ("\x1b[8m\x1b[H😀🫠\x1b[6n\x1b[H❤️\x1b[6n\x1b[H1️⃣\x1b[6n\x1b[H🇯🇵\x1b[6n\x1b[H👍🏽\x1b[6n"
         "\x1b[H👩‍💻\x1b[6n\x1b[H○\x1b[6n\x1b[H\x1b]66;w=2;a\x1b\\\x1b[6n\x1b[0m").encode()
# Columns after each probe: 😀🫠 4 wide, ❤️ 1, 1️⃣ 1, 🇯🇵 2, 👍🏽 4, 👩‍💻 2, ○ 1, OSC 66 not understood.
ANSWERS = b"".join(b"\x1b[1;%dR" % c for c in (5, 2, 2, 3, 5, 3, 2, 1))
DA1 = b"\x1b[?62;22c"


def read_until(fd, predicate, timeout, data=b""):
    deadline = time.time() + timeout
    while time.time() < deadline and not predicate(data):
        ready, _, _ = select.select([fd], [], [], 0.05)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            data += chunk
    return data


def spawn(cache, *args):
    pid, fd = pty.fork()
    if pid == 0:
        os.environ.update(TERM="xterm-256color", TERM_PROGRAM="playedterm", TERM_PROGRAM_VERSION="1.0",
                          XDG_CACHE_HOME=cache)
        os.execv(binary("runtime-probe"), ["runtime-probe", "--widths", *args])
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    return pid, fd


def quit_app(pid, fd):
    os.write(fd, b"q")
    read_until(fd, lambda d: False, 1)
    _, status = os.waitpid(pid, 0)
    os.close(fd)
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0, status


def cache_file(cache):
    return os.path.join(cache, "TerminalEngine", "widths", "playedterm_1.0_xterm-256color")


def test_measured_widths_relayout_and_cache(tmp_path):
    cache = str(tmp_path)
    pid, fd = spawn(cache)
    data = read_until(fd, lambda d: b"\x1b[c" in d, 10)
    assert PROBE in data, data[-400:]
    # The probe goes out before DA1, with the other start-up queries.
    assert data.index(PROBE) < data.index(b"\x1b[c")
    # The first frame, drawn without waiting, assumes the engine's widths:
    # it re-anchors the cursor after each disputed cluster.
    data = read_until(fd, lambda d: b"end" in d, 5, data)
    first = data[data.index(b"\x1b[c"):]
    assert "❤️".encode() in first and "w❤️|".encode() not in first
    os.write(fd, ANSWERS + DA1)
    # The answers make ❤️ and 1️⃣ one column wide and settle 👩‍💻 at two:
    # the row is laid out again and printed with no anchors between.
    later = read_until(fd, lambda d: "w❤️|👩‍💻|1️⃣|end".encode() in d, 5)
    assert "w❤️|👩‍💻|1️⃣|end".encode() in later, later[-400:]
    quit_app(pid, fd)
    with open(cache_file(cache)) as f:
        assert f.read() == ("terminal-engine-widths 1\nemoji-presentation 2\nemoji-variation 1\nkeycap 1\n"
                            "flag 2\nskin-tone 4\nzwj-sequence 2\neast-asian-ambiguous 1\ntext-sizing 0\n")

    # Started again in the same terminal: the cache answers, nothing is
    # probed, and the first frame already has the measured widths.
    pid, fd = spawn(cache)
    data = read_until(fd, lambda d: b"end" in d, 10)
    assert b"\x1b[6n" not in data and b"\x1b]66" not in data
    assert "w❤️|👩‍💻|1️⃣|end".encode() in data, data[-400:]
    quit_app(pid, fd)


def test_silent_terminal_is_not_delayed_and_caches_nothing(tmp_path):
    cache = str(tmp_path)
    pid, fd = spawn(cache, "--query-timeout", "3000")
    started = time.time()
    data = read_until(fd, lambda d: b"end" in d, 10)
    elapsed = time.time() - started
    assert PROBE in data and b"end" in data
    # Nothing waited for the probe's answers (a wait would take the 3 s query timeout).
    assert elapsed < 1.5, elapsed
    quit_app(pid, fd)
    assert not os.path.exists(cache_file(cache))


def test_palette_answers_reach_the_app(tmp_path):
    pid, fd = spawn(str(tmp_path))
    # Start-up's queries and DA1, then (after the first frame) the palette
    # query a 256-colour terminal is sent for down-sampling, and its fence.
    data = read_until(fd, lambda d: b"\x1b]4;15;?\x1b\\\x1b[c" in d, 10)
    os.write(fd, ANSWERS + DA1 + DA1)
    read_until(fd, lambda d: b"palette=none" in d, 5, data)
    os.write(fd, b"p")
    asked = read_until(fd, lambda d: b"\x1b]4;4;?\x1b\\\x1b[c" in d, 5)
    assert b"\x1b]4;1;?\x1b\\\x1b]4;4;?\x1b\\\x1b[c" in asked, asked[-200:]
    # Answered in order, one with BEL and one with ST, then the fence.
    os.write(fd, b"\x1b]4;1;rgb:cdcd/0000/0000\x07\x1b]4;4;rgb:00/00/ee\x1b\\" + DA1)
    shown = read_until(fd, lambda d: b"palette=1:205,4:0" in d, 5)
    assert b"palette=1:205,4:0" in shown, shown[-300:]
    # A terminal that reports no palette: DA1 alone resolves it, empty.
    os.write(fd, b"p")
    read_until(fd, lambda d: b"\x1b]4;4;?" in d, 5)
    os.write(fd, DA1)
    shown = read_until(fd, lambda d: b"palette=empty" in d, 5)
    assert b"palette=empty" in shown, shown[-300:]
    quit_app(pid, fd)
