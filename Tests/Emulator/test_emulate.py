"""Pins the terminal-emulator harness (emulate.py) itself.

Each case feeds hand-written bytes to a blank terminal and compares the whole
screen with one built by hand, in both backends; tmux cases are skipped when
tmux is not installed.  Where the backends are known to disagree (see
README.md), the disagreement itself is pinned, so a change in either shows up.

Run: python3 -m pytest Tests/Emulator
"""

import base64
import json
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import emulate  # noqa: E402
from wcwidth import wcwidth  # noqa: E402

HAVE_TMUX = shutil.which("tmux") is not None
needs_tmux = pytest.mark.skipif(not HAVE_TMUX, reason="tmux is not installed")
BACKENDS = ["pyte", pytest.param("tmux", marks=needs_tmux)]


def run(backend, columns, rows, data):
    return emulate.BACKENDS[backend](columns, rows, [data])[0]


class Expected:
    """A screen built by hand: blank, then text put at positions."""

    def __init__(self, columns, rows, cursor=(0, 0)):
        self.columns, self.rows, self.cursor = columns, rows, list(cursor)
        self.lines = [[cell(" ") for _ in range(columns)] for _ in range(rows)]

    def put(self, x, y, text, fg="default", bg="default", a=()):
        """Put text from (x, y): wide characters take two cells, zero-width
        ones join the previous cell."""
        for ch in text:
            width = wcwidth(ch)
            if width == 0:
                self.lines[y][x - 1]["t"] += ch
                continue
            self.lines[y][x] = cell(ch, fg, bg, a)
            if width == 2:
                self.lines[y][x + 1] = cell("", fg, bg, a)
            x += width
        return self

    def fill(self, y, x0, x1, bg):
        """Blank cells [x0, x1) of row y in background colour bg."""
        for x in range(x0, x1):
            self.lines[y][x] = cell(" ", bg=bg)
        return self

    def at(self, x, y):
        self.cursor = [x, y]
        return self

    def json(self):
        return {"columns": self.columns, "rows": self.rows, "cursor": self.cursor,
                "lines": self.lines}


def cell(t, fg="default", bg="default", a=()):
    return {"t": t, "fg": fg, "bg": bg, "a": sorted(a)}


def rows_text(screen):
    return ["".join(c["t"] for c in line) for line in screen["lines"]]


# ---------------------------------------------------------------------------
# Both backends give the same, hand-checked screen
# ---------------------------------------------------------------------------

CASES = {
    "cup then text": (
        10, 3, b"\x1b[2;5Hab",
        Expected(10, 3).put(4, 1, "ab").at(6, 1)),
    "palette, bright, 256 and truecolor SGR": (
        10, 1,
        b"\x1b[31;42mA\x1b[91;102mB\x1b[38;5;196;48;5;17mC"
        b"\x1b[38;2;1;2;3;48;2;250;251;252mD\x1b[39;49mE"
        b"\x1b[38:2::10:20:30;48:5:200mF\x1b[0mG",
        Expected(10, 1).put(0, 0, "A", "p:1", "p:2").put(1, 0, "B", "p:9", "p:10")
        .put(2, 0, "C", "p:196", "p:17").put(3, 0, "D", "#010203", "#fafbfc")
        .put(4, 0, "E").put(5, 0, "F", "#0a141e", "p:200").put(6, 0, "G").at(7, 0)),
    "attributes; 22 clears bold and dim": (
        10, 1,
        b"\x1b[1mA\x1b[2mB\x1b[22mC\x1b[3;4;5;7;9mD\x1b[23;24;25;27;29mE"
        b"\x1b[2;1mF\x1b[0mG",
        Expected(10, 1).put(0, 0, "A", a=["bold"]).put(1, 0, "B", a=["bold", "dim"])
        .put(2, 0, "C").put(3, 0, "D", a=["blink", "italic", "reverse", "strike",
                                         "underline"])
        .put(4, 0, "E").put(5, 0, "F", a=["bold", "dim"]).put(6, 0, "G").at(7, 0)),
    "wide characters; one that does not fit wraps": (
        8, 2, "漢x\x1b[1;8H字".encode(),
        Expected(8, 2).put(0, 0, "漢x").put(0, 1, "字").at(2, 1)),
    "pending wrap keeps the cursor in the last column": (
        10, 2, b"\x1b[1;6Habcde",
        Expected(10, 2).put(5, 0, "abcde").at(9, 0)),
    "the next character after a pending wrap wraps": (
        10, 2, b"\x1b[1;6Habcdef",
        Expected(10, 2).put(5, 0, "abcde").put(0, 1, "f").at(1, 1)),
    "SU inside the scroll region": (
        6, 5, b"1\r\n2\r\n3\r\n4\r\n5\x1b[2;4r\x1b[44m\x1b[S",
        Expected(6, 5).put(0, 0, "1").put(0, 1, "3").put(0, 2, "4")
        .fill(3, 0, 6, "p:4").put(0, 4, "5").at(0, 0)),
    "SD inside the scroll region": (
        6, 5, b"1\r\n2\r\n3\r\n4\r\n5\x1b[2;4r\x1b[44m\x1b[2T",
        Expected(6, 5).put(0, 0, "1").fill(1, 0, 6, "p:4").fill(2, 0, 6, "p:4")
        .put(0, 3, "2").put(0, 4, "5").at(0, 0)),
    "IL and DL inside the region": (
        4, 5, b"1\r\n2\r\n3\r\n4\r\n5\x1b[2;4r\x1b[3;1H\x1b[L\x1b[2;1H\x1b[M\x1b[5;4H",
        Expected(4, 5).put(0, 0, "1").put(0, 2, "3").put(0, 4, "5").at(3, 4)),
    "REP repeats the previous character": (
        10, 1, b"ab\x1b[3bc",
        Expected(10, 1).put(0, 0, "abbbbc").at(6, 0)),
    "ECH fills with the background only": (
        8, 2, b"hello\x1b[1;2H\x1b[1;31;44m\x1b[2X\x1b[2;1H\x1b[45m\x1b[3X",
        Expected(8, 2).put(0, 0, "h").fill(0, 1, 3, "p:4").put(3, 0, "lo")
        .fill(1, 0, 3, "p:5").at(0, 1)),
    "EL and ED fill with the background": (
        6, 3, b"ab\x1b[46m\x1b[K\x1b[3;3H\x1b[48;2;1;2;3m\x1b[1K\x1b[2;5H\x1b[42m\x1b[J",
        Expected(6, 3).put(0, 0, "ab").fill(0, 2, 6, "p:6").fill(1, 4, 6, "p:2")
        .fill(2, 0, 6, "p:2").at(4, 1)),
    "a line scrolled in takes the background": (
        4, 2, b"ab\r\ncd\x1b[43m\n\x1b[0m",
        Expected(4, 2).put(0, 0, "cd").fill(1, 0, 4, "p:3").at(2, 1)),
    "CHA, HPA, VPA and relative moves": (
        8, 4, b"\x1b[3dA\x1b[7`B\x1b[2GC\x1b[2;3H\x1b[2CD\x1b[DE\x1b[AF\x1b[2BG",
        # D is overwritten by E, B by G.
        Expected(8, 4).put(5, 0, "F").put(4, 1, "E").put(0, 2, "AC").put(6, 2, "G")
        .at(7, 2)),
    "synchronized output (?2026) is accepted and ignored": (
        4, 1, b"\x1b[?2026hA\x1b[?2026lB",
        Expected(4, 1).put(0, 0, "AB").at(2, 0)),
    "combining mark and VS16 join their cell": (
        6, 1, "e\u0301x\u2764\ufe0fy".encode(),
        Expected(6, 1).put(0, 0, "e\u0301x\u2764\ufe0fy").at(4, 0)),
    "DEC line drawing": (
        4, 1, b"\x1b(0lqk\x1b(Bq",
        Expected(4, 1).put(0, 0, "\u250c\u2500\u2510q").at(3, 0)),
    "alternate screen": (
        6, 2, b"main\x1b[?1049halt\x1b[?1049lX",
        Expected(6, 2).put(0, 0, "mainX").at(5, 0)),
    "sequences that must not print": (
        6, 1, b"\x1b[>4;1mA\x1bP+q544e\x1b\\B\x1b]2;title\x07C\x1b[2 qD\x1b[=1uE",
        Expected(6, 1).put(0, 0, "ABCDE").at(5, 0)),
}


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("name", list(CASES))
def test_screen(backend, name):
    columns, rows, data, expected = CASES[name]
    assert run(backend, columns, rows, data) == expected.json()


# ---------------------------------------------------------------------------
# pyte extensions that have no tmux counterpart to compare with
# ---------------------------------------------------------------------------


def test_pyte_zero_width_characters_do_not_drop_the_rest():
    # Plain pyte stops at the ZWJ and silently loses "b\ufe0fc".
    screen = run("pyte", 6, 1, "a\u200db\ufe0fc".encode())
    assert [c["t"] for c in screen["lines"][0][:3]] == ["a\u200d", "b\ufe0f", "c"]
    assert screen["cursor"] == [3, 0]


def test_pyte_overwriting_half_a_wide_character_blanks_the_other_half():
    screen = run("pyte", 6, 1, "漢字\x1b[1;2HX\x1b[1;4HY".encode())
    assert rows_text(screen) == [" X Y  "]


def test_pyte_is_the_version_the_extensions_were_written_for():
    from importlib.metadata import version
    assert version("pyte") == "0.8.2"


# ---------------------------------------------------------------------------
# Known disagreements (README.md), pinned per backend
# ---------------------------------------------------------------------------

DIVERGENCES = {
    # name: (columns, rows, bytes, pyte's rows and cursor, tmux's rows and cursor)
    "LF while a wrap is pending": (
        4, 3, b"abcd\nX",
        (["abcd", "   X", "    "], [3, 1]), (["abcd", "    ", "X   "], [1, 2])),
    "EL while a wrap is pending": (
        4, 2, b"abcd\x1b[KX",
        (["abcX", "    "], [3, 0]), (["abcd", "X   "], [1, 1])),
    "IL moves the cursor to column 0 (xterm) or not (tmux)": (
        4, 2, b"ab\x1b[L",
        (["    ", "ab  "], [0, 0]), (["    ", "ab  "], [2, 0])),
    "REP past the end of the line": (
        4, 2, b"ab\x1b[4b",
        (["abbb", "bb  "], [2, 1]), (["abbb", "    "], [3, 0])),
    "REP of a wide character": (
        6, 1, "漢\x1b[1b".encode(),
        (["漢漢  "], [4, 0]), (["漢    "], [2, 0])),
    "emoji ZWJ sequence": (
        8, 1, "\U0001F468\u200d\U0001F469!".encode(),
        (["\U0001F468\u200d\U0001F469!   "], [5, 0]),
        (["\U0001F468\u200d\U0001F469!     "], [3, 0])),
    "ICH of more than half the rest of the line": (
        6, 1, b"abcdef\x1b[1;1H\x1b[4@",
        (["    ab"], [0, 0]), (["  cdab"], [0, 0])),
}


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("name", list(DIVERGENCES))
def test_known_divergence(backend, name):
    columns, rows, data, pyte_result, tmux_result = DIVERGENCES[name]
    expected_rows, expected_cursor = pyte_result if backend == "pyte" else tmux_result
    screen = run(backend, columns, rows, data)
    assert (rows_text(screen), screen["cursor"]) == (expected_rows, expected_cursor)


@needs_tmux
def test_tmux_refuses_a_split_wide_character():
    # tmux 3.3a lets ASCII overwrite the right half of a wide character and
    # keeps the left half; its grid no longer describes one screen.
    with pytest.raises(emulate.EmulatorError, match="wide character"):
        run("tmux", 6, 1, "漢字\x1b[1;2HX".encode())


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("data", ["漢", "\x1b[44m漢\x1b[0m", "漢\r\n漢", "a\x1b[2;1H漢"])
def test_two_columns_with_a_wide_character_in_column_0(backend, data):
    # The tmux backend's last column on a 2-column screen comes from pane A:
    # pane B cannot show it (it raised a TypeError on a None cell).
    rows = 2
    screen = run(backend, 2, rows, data.encode())
    wide_rows = [r for r in screen["lines"] if r[0]["t"] == "漢"]
    assert wide_rows, screen
    for row in wide_rows:
        assert len(row) == 2 and row[1]["t"] == "" and row[1]["bg"] == row[0]["bg"], row
    assert screen == run("pyte", 2, rows, data.encode())


# ---------------------------------------------------------------------------
# The command line
# ---------------------------------------------------------------------------


def cli(*args, stdin=b""):
    return subprocess.run([sys.executable, str(HERE / "emulate.py"), *args],
                          input=stdin, capture_output=True, timeout=60)


@pytest.mark.parametrize("backend", BACKENDS)
def test_cli_reads_stdin_or_a_file(backend, tmp_path):
    data = b"\x1b[2;2H\x1b[1;38;5;202mhi\x1b[0m"
    (tmp_path / "in.bin").write_bytes(data)
    from_stdin = cli(backend, "5", "3", stdin=data)
    from_file = cli(backend, "5", "3", "--input", str(tmp_path / "in.bin"))
    assert from_stdin.returncode == 0, from_stdin.stderr
    assert from_stdin.stdout == from_file.stdout
    screen = json.loads(from_stdin.stdout)
    assert screen == (Expected(5, 3).put(1, 1, "hi", fg="p:202", a=["bold"])
                      .at(3, 1).json())


@pytest.mark.parametrize("backend", BACKENDS)
def test_cli_frames_gives_one_screen_per_chunk(backend, tmp_path):
    chunks = [b"\x1b[44mab\x1b[K", b"\x1b[0m\r\nc\x1b[3", b"1md", b"\x1b[H\x1b[2J"]
    path = tmp_path / "frames.json"
    path.write_text(json.dumps([base64.b64encode(c).decode() for c in chunks]))
    result = cli(backend, "4", "2", "--frames", str(path))
    assert result.returncode == 0, result.stderr
    screens = json.loads(result.stdout)
    first = Expected(4, 2).put(0, 0, "ab", bg="p:4").fill(0, 2, 4, "p:4").at(2, 0)
    # The second chunk ends inside "ESC [ 3 1 m": nothing of it shows yet.
    second = Expected(4, 2).put(0, 0, "ab", bg="p:4").fill(0, 2, 4, "p:4") \
        .put(0, 1, "c").at(1, 1)
    third = Expected(4, 2).put(0, 0, "ab", bg="p:4").fill(0, 2, 4, "p:4") \
        .put(0, 1, "c").put(1, 1, "d", fg="p:1").at(2, 1)
    fourth = Expected(4, 2).at(0, 0)
    assert screens == [first.json(), second.json(), third.json(), fourth.json()]


def test_cli_usage_errors():
    assert cli("pyte", "0", "3").returncode == 2
    assert cli("nope", "3", "3").returncode == 2


# ---------------------------------------------------------------------------
# Differential check: random writer-like output, identical in both backends
# ---------------------------------------------------------------------------

WIDE = ["漢", "字", "あ", "😀"]
NARROW = list("abxyz#-=") + ["é", "ß", "─"]


def writer_like_bytes(rng, columns, rows, ops):
    """Random output of the kind the writer emits, avoiding the documented
    disagreements: pyte is run alongside to know the state (pending wrap,
    wide characters) before each step."""
    screen = emulate.EmuScreen(columns, rows)
    stream = emulate.EmuStream(screen)
    out = []

    def emit(b):
        out.append(b)
        stream.feed(b)

    def splits(y, start, end):  # would touching [start, end) cut a wide character?
        line = screen.buffer[y]
        return any(0 < x < columns and line[x].data == "" for x in (start, end))

    for _ in range(ops):
        x, y, pending = screen.cursor.x, screen.cursor.y, screen.wrap_pending
        top, bottom = screen._region()
        k = rng.random()
        if k < 0.3:
            for _ in range(rng.randint(1, 8)):
                ch = rng.choice(WIDE) if rng.random() < 0.25 else rng.choice(NARROW)
                x, y, width = screen.cursor.x, screen.cursor.y, wcwidth(ch)
                wraps = screen.wrap_pending or (width == 2 and x == columns - 1)
                if wraps:
                    if y == bottom and screen.cursor.attrs.bg != "default":
                        break  # tmux scrolls in a default-background line here
                    if y != bottom and splits(min(y + 1, rows - 1), 0, width):
                        break
                elif splits(y, x, x + width):
                    break
                emit(ch.encode())
        elif k < 0.4:
            emit(b"\x1b[%sm" % rng.choice([
                b"0", b"1", b"2", b"7", b"22", b"31;44", b"38;5;%d" % rng.randint(0, 255),
                b"48;2;%d;%d;%d" % (rng.randint(0, 255), rng.randint(0, 255), 9), b"39;49"]))
        elif k < 0.55:
            emit(b"\x1b[%d;%dH" % (rng.randint(1, rows), rng.randint(1, columns)))
        elif pending:
            emit(b"\r")
        elif k < 0.62:
            n = rng.randint(1, columns)
            if not splits(y, x, min(x + n, columns)):
                emit(b"\x1b[%dX" % n)
        elif k < 0.68:
            how = rng.choice([0, 1, 2])
            start, end = {0: (x, columns), 1: (0, x + 1), 2: (0, columns)}[how]
            if not splits(y, start, end):
                emit(rng.choice([b"\x1b[%dK", b"\x1b[%dJ"]) % how)
        elif k < 0.73:
            t = rng.randint(1, rows - 1)
            emit(b"\x1b[%d;%dr" % (t, rng.randint(t + 1, rows)))
        elif k < 0.78:
            emit(b"\x1b[%d%s" % (rng.randint(1, 3), rng.choice([b"S", b"T"])))
        elif k < 0.82:
            if top <= y <= bottom:
                emit(b"\x1b[%d%s\x1b[%d;1H" % (rng.randint(1, 3), rng.choice([b"L", b"M"]),
                                               y + 1))
        elif k < 0.88:
            emit(b"\x1b[%d%s" % (rng.randint(1, 4), rng.choice([b"A", b"B", b"C", b"D"])))
        elif k < 0.92:
            emit(rng.choice([b"\r", b"\n", b"\x1bM"]))
        elif k < 0.97:
            if x < columns - 2 and not splits(y, x, x + 1):
                n = rng.randint(1, columns - x - 1)
                if not splits(y, x, x + 1 + n):
                    emit(rng.choice([b"a", b"-"]) + b"\x1b[%db" % n)
        else:
            n = rng.randint(1, 3)
            if n <= columns - x - n and not splits(y, x, x) \
                    and not splits(y, columns - n, columns - n):
                emit(b"\x1b[%d@" % n)
            elif not splits(y, x, min(x + n, columns)):
                emit(b"\x1b[%dP" % n)
    return b"".join(out)


@needs_tmux
@pytest.mark.parametrize("seed", range(20))
def test_backends_agree_on_writer_like_output(seed):
    rng = random.Random(seed)
    columns, rows = rng.randint(4, 14), rng.randint(2, 7)
    data = writer_like_bytes(rng, columns, rows, rng.randint(10, 40))
    assert run("pyte", columns, rows, data) == run("tmux", columns, rows, data), data
