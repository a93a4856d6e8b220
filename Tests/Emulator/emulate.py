#!/usr/bin/env python3
"""Feed raw terminal output bytes to a real terminal emulator and dump the screen.

Used by the Swift tests (as a subprocess) and by CI to check that the writer's
bytes, fed to a terminal that starts blank, leave exactly the expected cells.

    emulate.py pyte COLS ROWS [--input FILE]      bytes from FILE, or stdin
    emulate.py tmux COLS ROWS [--input FILE]
    emulate.py BACKEND COLS ROWS --frames FILE.json

Output: one JSON object on stdout,

    {"columns": C, "rows": R, "cursor": [x, y], "lines": [[cell, ...], ...]}

with cell = {"t": TEXT, "fg": F, "bg": B, "a": [ATTR, ...]}:

- TEXT is the cell's grapheme: " " for a blank, "" for the second column of a
  wide character (that cell repeats the wide character's style);
- F and B are "default", "p:N" (palette 0..255; SGR 30..37 -> 0..7,
  90..97 -> 8..15) or "#rrggbb";
- ATTRS is a sorted subset of ATTR_NAMES.

With --frames, FILE.json is a JSON list of base64 byte chunks; they are fed in
order to one terminal and the output is a JSON list of screens, one taken
after each chunk.

The terminal's output processing is raw (no LF -> CRLF), so LF only moves down.

Two backends, so a test can check against two independent implementations:

- pyte: the pyte library, extended below (EmuScreen, EmuStream) where it lacks
  sequences or differs from xterm.  Every extension names the sequence.
- tmux: a private tmux server; the bytes are cat'ed into a pane and the grid is
  read back with capture-pane (see run_tmux for why that takes two panes).

Exit status: 0 on success; 1 if the emulator failed or cannot give a
trustworthy screen; 2 on usage errors; 3 if the backend is not available here
(tmux or pyte not installed), so callers can skip.  Messages go to stderr.

README.md lists where the backends (xterm-like pyte, and tmux 3.3a)
disagree.
"""

from __future__ import annotations

import argparse
import base64
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from typing import Iterable, NamedTuple, Optional, Sequence

try:
    # pyte 0.8.2; EmuScreen/EmuStream rely on its internals (Stream's parser
    # protocol, Screen's buffer of StaticDefaultDict rows).
    import pyte
    from pyte import modes as _modes
    from wcwidth import wcwidth as _wcwidth  # pyte's own width function
except ImportError:  # pragma: no cover
    sys.stderr.write("emulate.py: pyte is not installed (pip install pyte==0.8.2)\n")
    sys.exit(3)

ATTR_NAMES = ("blink", "bold", "dim", "italic", "reverse", "strike", "underline")

DEFAULT = "default"

ZWJ = "\u200d"

# The DEC special graphics set (ESC ( 0), as xterm and tmux map it to Unicode.
DEC_GRAPHICS = dict(zip(
    "`abcdefghijklmnopqrstuvwxyz{|}~",
    "\u25c6\u2592\u2409\u240c\u240d\u240a\u00b0\u00b1\u2424\u240b\u2518\u2510"
    "\u250c\u2514\u253c\u23ba\u23bb\u2500\u23bc\u23bd\u251c\u2524\u2534\u252c"
    "\u2502\u2264\u2265\u03c0\u2260\u00a3\u00b7"))


class EmulatorError(Exception):
    """The emulator could not produce a trustworthy screen."""


class BackendUnavailable(EmulatorError):
    """The backend cannot run here (e.g. tmux is not installed)."""


# ---------------------------------------------------------------------------
# Style and SGR, shared by both backends
# ---------------------------------------------------------------------------


class Style(NamedTuple):
    """A cell's rendition: colours in the output notation plus attribute names."""

    fg: str = DEFAULT
    bg: str = DEFAULT
    attrs: frozenset = frozenset()


PLAIN = Style()

# SGR codes that set or clear one attribute.  22 clears both bold and dim
# (ECMA-48 "normal intensity"); 21 is double underline in xterm and tmux.
_SGR_SET = {1: "bold", 2: "dim", 3: "italic", 4: "underline", 5: "blink",
            6: "blink", 7: "reverse", 9: "strike", 21: "underline"}
_SGR_CLEAR = {22: ("bold", "dim"), 23: ("italic",), 24: ("underline",),
              25: ("blink",), 27: ("reverse",), 29: ("strike",)}


def _extended_colour(values: Sequence[Optional[int]]) -> Optional[str]:
    """Decode the arguments after 38/48/58: [5, n] or [2, (cs,) r, g, b]."""
    if not values:
        return None
    kind, rest = values[0], list(values[1:])
    if kind == 5 and rest and rest[0] is not None and 0 <= rest[0] <= 255:
        return "p:%d" % rest[0]
    if kind == 2:
        if len(rest) >= 4:  # 38:2:<colour space>:r:g:b (ITU T.416 form)
            rest = rest[1:]
        if len(rest) >= 3:
            rgb = [v or 0 for v in rest[:3]]
            if all(0 <= v <= 255 for v in rgb):
                return "#%02x%02x%02x" % tuple(rgb)
    return None


def apply_sgr(style: Style, params: Sequence[Sequence[Optional[int]]]) -> Style:
    """Return `style` after SGR with `params`.

    Each parameter is the list of its colon-separated sub-parameters (None for
    an empty one), so both "38;5;196" and "38:5:196" are understood, as xterm
    and tmux do.
    """
    fg, bg, attrs = style.fg, style.bg, set(style.attrs)
    if not params:
        params = [[0]]
    i = 0
    while i < len(params):
        sub = list(params[i])
        code = sub[0] if sub[0] is not None else 0
        i += 1
        if code in (38, 48, 58):
            if len(sub) > 1:  # colon form: everything is in this parameter
                args = sub[1:]
            else:  # semicolon form: take 2 (5;n) or 4 (2;r;g;b) more parameters
                kind = params[i][0] if i < len(params) else None
                count = 2 if kind == 5 else 4 if kind == 2 else 1
                args = [p[0] for p in params[i:i + count]]
                i += count
            colour = _extended_colour(args)
            if colour is not None:
                if code == 38:
                    fg = colour
                elif code == 48:
                    bg = colour
                # 58 (underline colour) is consumed and ignored.
        elif code == 0:
            fg, bg, attrs = DEFAULT, DEFAULT, set()
        elif code == 4 and len(sub) > 1:  # 4:0 is "no underline", 4:1..5 styles
            if sub[1] == 0:
                attrs.discard("underline")
            else:
                attrs.add("underline")
        elif code in _SGR_SET:
            attrs.add(_SGR_SET[code])
        elif code in _SGR_CLEAR:
            attrs.difference_update(_SGR_CLEAR[code])
        elif 30 <= code <= 37:
            fg = "p:%d" % (code - 30)
        elif code == 39:
            fg = DEFAULT
        elif 40 <= code <= 47:
            bg = "p:%d" % (code - 40)
        elif code == 49:
            bg = DEFAULT
        elif 90 <= code <= 97:
            fg = "p:%d" % (code - 90 + 8)
        elif 100 <= code <= 107:
            bg = "p:%d" % (code - 100 + 8)
        # Anything else (8 hidden, 53 overline, fonts, ...) is not modelled.
    return Style(fg, bg, frozenset(attrs))


def parse_params(text: str) -> list:
    """Split CSI parameter text ("1;38:2::1:2:3") into lists of sub-parameters."""
    out = []
    for field in text.split(";"):
        out.append([int(s) if s.isdigit() else None for s in field.split(":")])
    return out


def cell_json(text: str, style: Style) -> dict:
    return {"t": text, "fg": style.fg, "bg": style.bg, "a": sorted(style.attrs)}


def screen_json(columns: int, rows: int, cursor: Sequence[int],
                lines: list) -> dict:
    return {"columns": columns, "rows": rows, "cursor": [cursor[0], cursor[1]],
            "lines": lines}


# ---------------------------------------------------------------------------
# tmux backend
# ---------------------------------------------------------------------------


def _libc_wcwidth():
    """glibc's wcwidth(), which is what tmux 3.3a uses (Debian's build has no
    utf8proc), so a capture is split into cells exactly as tmux stored them."""
    import ctypes
    import ctypes.util
    import locale

    locale.setlocale(locale.LC_CTYPE, "C.UTF-8")
    libc = ctypes.CDLL(ctypes.util.find_library("c"))
    libc.wcwidth.argtypes = [ctypes.c_wchar]
    libc.wcwidth.restype = ctypes.c_int
    return libc.wcwidth


class _Captured(NamedTuple):
    text: str
    style: Style
    width: int


def parse_capture_line(line: str, state: tuple, wcwidth) -> tuple:
    """Split one line of `capture-pane -p -e -N` output into cells.

    tmux prints each cell's text preceded by the SGR needed to get from the
    previous cell's style to this one's (carried across lines), wraps cells
    printed in the DEC line-drawing set in SO/SI, and skips the second column
    of wide characters.  `state` is (style, line drawing on); returns
    (cells, state at the end of the line).
    """
    style, graphics = state
    cells: list = []
    i, n = 0, len(line)
    while i < n:
        ch = line[i]
        i += 1
        if ch == "\x1b" and i < n and line[i] == "[":
            j = i + 1
            while j < n and not "\x40" <= line[j] <= "\x7e":
                j += 1
            if j < n and line[j] == "m":
                style = apply_sgr(style, parse_params(line[i + 1:j]))
            i = j + 1
            continue
        if ch in "\x0e\x0f":
            graphics = ch == "\x0e"
            continue
        if graphics:
            ch = DEC_GRAPHICS.get(ch, ch)
        w = wcwidth(ch)
        if cells and (w == 0 or cells[-1].text.endswith(ZWJ)):
            # tmux keeps zero-width characters in the cell before them, and
            # (3.3a) joins the character after a ZWJ into the same cell, which
            # keeps the width of its first character.
            last = cells[-1]
            cells[-1] = last._replace(text=last.text + ch)
        else:
            cells.append(_Captured(ch, style, 2 if w == 2 else 1))
    return cells, (style, graphics)


def _columns(cells: Iterable[_Captured]) -> list:
    """Lay captured cells out by column: a wide cell is followed by ("", style)."""
    out = []
    for c in cells:
        out.append((c.text, c.style))
        if c.width == 2:
            out.append(("", c.style))
    return out


class TmuxServer:
    """A private tmux server, killed on exit.

    Its socket lives in our temporary directory (-S rather than -L), so it is
    removed with it: tmux 3.3a leaves the socket file behind after
    kill-server, which under /tmp/tmux-UID would pile up one per call.  No
    configuration file is read (-f /dev/null)."""

    def __init__(self, directory: str) -> None:
        self.socket = os.path.join(directory, "tmux-socket")
        self.pid: Optional[int] = None  # the server's, once started
        env = dict(os.environ)
        for var in ("TMUX", "TMUX_PANE"):
            env.pop(var, None)
        # tmux decides from the locale whether clients and panes speak UTF-8.
        env.update(LC_ALL="C.UTF-8", LANG="C.UTF-8")
        self.env = env

    def __enter__(self) -> "TmuxServer":
        return self

    def __exit__(self, *exc) -> None:
        try:
            self.run("kill-server", check=False)
        except EmulatorError:
            pass
        finally:
            # If our caller killed the whole process group, the kill-server
            # client may have died before reaching the server; end it by its
            # pid (the server runs in its own session, so it survives that).
            if self.pid is not None and _is_process_of(self.pid, self.socket):
                try:
                    os.kill(self.pid, signal.SIGTERM)
                except OSError:
                    pass

    def run(self, *args: str, check: bool = True) -> str:
        cmd = ["tmux", "-u", "-S", self.socket, "-f", "/dev/null", *args]
        try:
            proc = subprocess.run(cmd, env=self.env, stdin=subprocess.DEVNULL,
                                  capture_output=True, timeout=20)
        except subprocess.TimeoutExpired:
            raise EmulatorError("tmux command timed out: %s" % " ".join(args))
        if check and proc.returncode != 0:
            raise EmulatorError("tmux %s failed: %s" % (
                args[0], proc.stderr.decode("utf-8", "replace").strip()))
        return proc.stdout.decode("utf-8", "replace")


def _is_process_of(pid: int, socket: str) -> bool:
    """Is `pid` still the tmux server on `socket` (not a recycled pid)?"""
    try:
        with open("/proc/%d/cmdline" % pid, "rb") as f:
            return socket.encode() in f.read()
    except OSError:
        return False


def _chain(commands: Iterable[Sequence[str]]) -> list:
    """Join tmux commands into one invocation (one client start, not many)."""
    args: list = []
    for command in commands:
        if args:
            args.append(";")
        args.extend(command)
    return args


def _marker(title: str) -> bytes:
    # CAN first: if the input stops inside an escape sequence or string (a
    # chunk boundary in --frames), CAN abandons it, as a real terminal that
    # has not yet received the rest shows nothing of it; then the title.
    return b"\x18\x1b]2;" + title.encode() + b"\x07"


_PANE_LIFETIME = 60  # seconds a pane waits or sleeps at most, should nobody kill it

# What each pane runs, in the temporary directory: sh pane.sh WINDOW CHUNKS KIND
_PANE_SCRIPT = """\
# Raw output processing: no LF -> CRLF, the bytes reach tmux unchanged.
stty raw -echo -opost 2>/dev/null
files= i=0
while [ $i -lt $2 ]; do files="$files chunk$i"; i=$((i + 1)); done
cat $files in$1
# Bounded waits: should emulate.py die without killing the server, the
# panes end and the server exits by itself.
timeout %(lifetime)d tmux wait-for emulate-go-$1
cat reveal$3 rv$1
exec sleep %(lifetime)d
"""


def run_tmux(columns: int, rows: int, chunks: Sequence[bytes]) -> list:
    """Feed chunks to tmux; return one screen (JSON-ready) after each chunk.

    Why two panes per screen: capture-pane prints a line only up to the last
    cell that was *written*; cells erased (EL, ECH, ED, scrolling) beyond that
    keep their background colour in tmux's grid but are not printed, so a bare
    capture would lose e.g. the colour of "ESC[44m ESC[K".  Moving cells
    makes tmux count them as written: after ICH at column 0 on every line
    (pane A) the capture shows original columns 0..C-2 at 1..C-1; after DCH at
    column 0 (pane B, same input) it shows columns 1..C-1 at 0..C-2.  Together
    they give every cell, and their overlap is cross-checked.

    Why replay chunks 0..i for screen i instead of capturing one pane after
    each chunk: the ICH/DCH reveal destroys the state the next chunk needs.
    """
    if shutil.which("tmux") is None:
        raise BackendUnavailable("tmux is not installed")
    if columns < 2:
        raise EmulatorError("the tmux backend needs at least 2 columns")
    wcwidth = _libc_wcwidth()
    # A short path: a unix socket path must fit in 108 bytes.
    tmpdir = tempfile.mkdtemp(prefix="emulate-tmux-",
                              dir="/tmp" if os.path.isdir("/tmp") else None)
    try:
        with TmuxServer(tmpdir) as tmux:
            return _run_tmux(tmux, tmpdir, columns, rows, chunks, wcwidth)
    finally:
        shutil.rmtree(tmpdir, ignore_errors=True)


def _run_tmux(tmux: TmuxServer, tmpdir: str, columns: int, rows: int,
              chunks: Sequence[bytes], wcwidth) -> list:
    for i, chunk in enumerate(chunks):
        with open(os.path.join(tmpdir, "chunk%d" % i), "wb") as f:
            f.write(chunk)

    # The reveal: origin mode off so CUP addresses the whole screen, then
    # ICH (pane A) or DCH (pane B) at column 0 of every row.
    for kind, final in (("A", b"@"), ("B", b"P")):
        with open(os.path.join(tmpdir, "reveal" + kind), "wb") as f:
            f.write(b"\x1b[?6l" + b"".join(
                b"\x1b[%dH\x1b[%c" % (y + 1, final[0]) for y in range(rows)))

    # Window 2*i is pane A for screen i, window 2*i+1 pane B.  Each pane sets
    # its title after the input and after the reveal: titles are set in
    # stream order, so seeing one proves tmux has parsed every byte before
    # it (the pane command finishing does not: tmux may not have read the
    # pty yet).  Between the two, the pane waits for our go-ahead so the
    # cursor can be read first.
    windows = []  # (reveal kind, number of chunks)
    for i in range(len(chunks)):
        for kind in ("A", "B"):
            w = len(windows)
            for phase in ("in", "rv"):
                with open(os.path.join(tmpdir, "%s%d" % (phase, w)), "wb") as f:
                    f.write(_marker("emulate-%s-%d" % (phase, w)))
            windows.append((kind, i + 1))
    with open(os.path.join(tmpdir, "pane.sh"), "w") as f:
        f.write(_PANE_SCRIPT % {"lifetime": _PANE_LIFETIME})

    size = "%dx%d" % (columns, rows)
    setup = [
        ["start-server"],
        ["set", "-s", "exit-empty", "on"],
        # No status line: the pane gets all ROWS rows.
        ["set", "-g", "status", "off"],
        ["set", "-g", "default-shell", "/bin/sh"],
        ["set", "-g", "default-size", size],
        # 256 colours and truecolor.  tmux stores SGR colours in the grid as
        # given either way; these matter only if a client attaches.
        ["set", "-g", "default-terminal", "tmux-256color"],
        ["set", "-sa", "terminal-overrides", ",*:RGB"],
        ["set", "-sa", "terminal-features", ",*:RGB"],
        ["set", "-g", "history-limit", "100"],
    ]
    new = []
    for w, (kind, count) in enumerate(windows):
        command = "sh pane.sh %d %d %s" % (w, count, kind)
        if w == 0:
            new.append(["new-session", "-d", "-s", "emulate", "-c", tmpdir,
                        "-x", str(columns), "-y", str(rows), command])
        else:
            new.append(["new-window", "-d", "-c", tmpdir, "-t", "emulate:%d" % w,
                        command])
    # One client per batch: tmux refuses command lines over about 16 kB.
    started = tmux.run(*_chain(setup + new[:1] + [["display", "-p", "#{pid}"]]))
    tmux.pid = int(started.split()[-1])
    for batch in range(1, len(new), 64):
        tmux.run(*_chain(new[batch:batch + 64]))

    fmt = "#{window_index}\t#{pane_width}\t#{pane_height}\t#{cursor_x}\t#{cursor_y}\t#{pane_title}"

    def wait_for(phase: str) -> dict:
        deadline = time.monotonic() + 10 + sum(map(len, chunks)) / 1e6
        delay = 0.002
        while True:
            out = tmux.run("list-panes", "-s", "-t", "emulate", "-F", fmt)
            state = {}
            for line in out.splitlines():
                parts = line.split("\t", 5)
                if len(parts) == 6:
                    state[int(parts[0])] = parts
            if len(state) < len(windows):
                raise EmulatorError("a tmux pane exited early")
            if all(state[w][5] == "emulate-%s-%d" % (phase, w) for w in state):
                return state
            if time.monotonic() > deadline:
                raise EmulatorError(
                    "tmux did not finish reading the input (does it end inside "
                    "an escape sequence or string?)")
            time.sleep(delay)
            delay = min(delay * 2, 0.05)

    before = wait_for("in")
    for w in range(len(windows)):
        _, width, height = before[w][:3]
        if (int(width), int(height)) != (columns, rows):
            raise EmulatorError("tmux pane is %sx%s, not %s" % (width, height, size))
    for batch in range(0, len(windows), 64):
        tmux.run(*_chain(["wait-for", "-S", "emulate-go-%d" % w]
                         for w in range(batch, min(batch + 64, len(windows)))))
    wait_for("rv")
    out = "".join(
        tmux.run(*_chain(["capture-pane", "-p", "-e", "-N", "-t", "emulate:%d" % w]
                         for w in range(batch, min(batch + 64, len(windows)))))
        for batch in range(0, len(windows), 64))
    lines = out.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if len(lines) != rows * len(windows):
        raise EmulatorError("tmux capture has %d lines, expected %d" %
                            (len(lines), rows * len(windows)))

    screens = []
    for i in range(len(chunks)):
        pane_a = lines[(2 * i) * rows:(2 * i + 1) * rows]
        pane_b = lines[(2 * i + 1) * rows:(2 * i + 2) * rows]
        out_lines = _merge_reveals(pane_a, pane_b, columns, wcwidth)
        x, y = int(before[2 * i][3]), int(before[2 * i][4])
        # tmux keeps x == COLS while a wrap is pending; the cursor is shown
        # (and reported by terminals) in the last column.
        screens.append(screen_json(columns, rows, [min(x, columns - 1), y], out_lines))
    return screens


def _merge_reveals(pane_a: list, pane_b: list, columns: int, wcwidth) -> list:
    out = []
    state_a = state_b = (PLAIN, False)
    for y, (line_a, line_b) in enumerate(zip(pane_a, pane_b)):
        cells_a, state_a = parse_capture_line(line_a, state_a, wcwidth)
        cells_b, state_b = parse_capture_line(line_b, state_b, wcwidth)
        cols_a = _columns(cells_a)[1:]  # drop the blank ICH inserted
        cols_b = _columns(cells_b)
        # If column 0 held a wide character, DCH left its second half at
        # column 0 of pane B, which capture-pane skips.
        if len(cols_a) > 1 and cols_a[1][0] == "":
            cols_b = [None] + cols_b
        cols_b = [None] + cols_b  # pane B starts at original column 1
        # Pane A's line may overhang by the second half of a wide character
        # that ICH pushed past the edge.
        # Pane B prints its last cell only if the original line's was written.
        ok = (len(cols_a) in (columns - 1, columns)
              and (len(cols_a) == columns - 1 or cols_a[-1][0] == "")
              and len(cols_b) in (columns, columns + 1)
              and all(cols_a[x] == cols_b[x] for x in range(1, columns - 1)
                      if cols_b[x] is not None))
        if not ok:
            raise EmulatorError(
                "tmux row %d does not read back consistently: tmux's grid holds "
                "half of a wide character (one was partly overwritten by ASCII, "
                "erased, inserted into or deleted from), which terminals show "
                "differently" % y)
        last = cols_b[columns - 1]
        if last is None:
            # Only on a 2-column screen: the last column is the second half of
            # a wide character in column 0, which pane B cannot show (DCH
            # left it at column 0, which capture-pane skips); pane A has it.
            last = cols_a[columns - 1]
        row = cols_a[:columns - 1] + [last]
        out.append([cell_json(t, s) for t, s in row])
    return out


# ---------------------------------------------------------------------------
# pyte backend
#
# pyte 0.8.2 gets the basics right but differs from xterm (the reference
# terminal here) in many details a screen writer relies on.  EmuScreen and
# EmuStream subclass pyte.Screen and pyte.ByteStream; every method below that
# replaces pyte's says which sequence it is for and what was wrong.  Where
# xterm and tmux disagree, pyte follows xterm, so that a writer relying on either
# behaviour fails in one backend (README.md lists the differences).
# ---------------------------------------------------------------------------


class Cell(NamedTuple):
    """A buffer entry.  Replaces pyte's Char, which has no room for dim (SGR 2)
    and keeps colours as names; Style holds both in the output notation."""

    data: str
    style: Style


_PRIVATE = 5  # pyte's convention: private (DEC) modes are stored shifted by 5 bits
_ALT_SCREEN_MODES = (47 << _PRIVATE, 1047 << _PRIVATE, 1049 << _PRIVATE)


class EmuScreen(pyte.Screen):
    """pyte.Screen with xterm semantics for everything a writer emits."""

    # -- state -------------------------------------------------------------

    @property
    def default_char(self) -> Cell:
        # pyte derives this from DECSCNM (reverse screen); not modelled here.
        return Cell(" ", PLAIN)

    def reset(self) -> None:
        """RIS (ESC c), also the initial state.  Replaces pyte's reset so that
        every field this class adds starts consistent."""
        self.buffer.clear()
        self.dirty.update(range(self.lines))
        self.margins = None
        self.mode = {_modes.DECAWM, _modes.DECTCEM}
        self.title = self.icon_name = ""
        self.charset = 0
        self.g0_charset = self.g1_charset = "B"
        self.tabstops = set(range(8, self.columns, 8))
        self.cursor = pyte.screens.Cursor(0, 0, PLAIN)
        self.saved_columns = None
        # xterm keeps the cursor in the last column with a "wrap pending" flag
        # after printing there; pyte instead lets x reach COLS, which breaks
        # every operation that indexes the cursor's cell.
        self.wrap_pending = False
        # The last graphic character printed, for REP.
        self.last_graphic: Optional[str] = None
        self.savepoints = []
        self.alt_saved = None  # (buffer, savepoints) of the main screen while alt is on

    def _blank(self) -> Cell:
        # Background colour erase, as xterm and tmux do: erased and inserted
        # cells are spaces in the current background colour only, default
        # foreground and no attributes.  pyte fills them with the whole cursor
        # style (bold, underline, foreground...), which no real terminal does.
        return Cell(" ", Style(bg=self.cursor.attrs.bg))

    def _set_x(self, x: int) -> None:
        self.cursor.x = min(max(x, 0), self.columns - 1)
        self.wrap_pending = False

    def _region(self) -> tuple:
        return self.margins or pyte.screens.Margins(0, self.lines - 1)

    # -- wide characters ---------------------------------------------------

    def _repair_wide(self, y: int, start: int, end: int) -> None:
        """Blank any wide character only partly inside columns [start, end),
        as xterm does before it overwrites or erases cells (DamagedCurCells
        in xterm's util.c); pyte leaves half a character behind."""
        line = self.buffer[y]
        if 0 < start < self.columns and line[start].data == "":
            line[start - 1] = self._blank()
            line[start] = self._blank()
        if 0 < end < self.columns and line[end].data == "":
            line[end - 1] = self._blank()
            line[end] = self._blank()

    # -- printing ----------------------------------------------------------

    def draw(self, data: str) -> None:
        """Print text.  Replaces pyte's draw, which (a) stops at the first
        zero-width character that is not a Unicode combining mark (ZWJ,
        VS16...) and silently drops the rest of the chunk, (b) prints a wide
        character in the last column instead of wrapping first, (c) leaves
        halves of overwritten wide characters, (d) NFC-normalises combined
        text."""
        for ch in data:
            cp = ord(ch)
            if cp < 0x20 or 0x7F <= cp < 0xA0:
                continue  # C0/C1 controls that reach here are ignored, as in xterm
            if self._line_drawing():
                ch = DEC_GRAPHICS.get(ch, ch)
            width = _wcwidth(ch)
            if width < 0:
                continue
            if width == 0:
                self._combine(ch)
                continue
            self._print(ch, width)

    def _line_drawing(self) -> bool:
        # ESC ( 0 / ESC ) 0 with SI/SO select DEC special graphics; pyte
        # ignores designations in UTF-8 mode, xterm and tmux honour them.
        return (self.g1_charset if self.charset else self.g0_charset) == "0"

    def _print(self, ch: str, width: int) -> None:
        autowrap = _modes.DECAWM in self.mode
        if self.wrap_pending and autowrap:
            self._wrap()
        if width == 2 and self.cursor.x == self.columns - 1:
            # A wide character does not fit in the last column: xterm wraps
            # first (leaving that column as it was) or, without autowrap,
            # drops the character.
            if not autowrap:
                return
            self._wrap()
        if width > self.columns:
            return
        if _modes.IRM in self.mode:
            self.insert_characters(width)
        x, y = self.cursor.x, self.cursor.y
        self._repair_wide(y, x, x + width)
        line = self.buffer[y]
        style = self.cursor.attrs
        line[x] = Cell(ch, style)
        if width == 2:
            line[x + 1] = Cell("", style)
        self.last_graphic = ch
        if x + width >= self.columns:
            self.cursor.x = self.columns - 1
            self.wrap_pending = autowrap
        else:
            self.cursor.x = x + width
            self.wrap_pending = False

    def _wrap(self) -> None:
        self.cursor.x = 0
        self.wrap_pending = False
        self.index()

    def _combine(self, ch: str) -> None:
        # Zero-width characters (combining marks, ZWJ, variation selectors)
        # join the text of the cell before the cursor, or the cursor's own cell
        # while a wrap is pending.  Nothing to join at column 0: dropped.
        x, y = self.cursor.x, self.cursor.y
        if not self.wrap_pending:
            x -= 1
        line = self.buffer[y]
        if x > 0 and line[x].data == "":
            x -= 1
        if x < 0:
            return
        cell = line[x]
        line[x] = cell._replace(data=cell.data + ch)

    def repeat_last(self, count: Optional[int] = None) -> None:
        """REP, CSI n b (ECMA-48 8.3.103): print the last graphic character
        n more times.  pyte lacks it.  As in xterm, it wraps like ordinary
        text and repeats the last character with a width (so a combining mark
        is not repeated on its own)."""
        ch = self.last_graphic
        if ch is None:
            return
        for _ in range(max(count or 1, 1)):
            self._print(ch, _wcwidth(ch))

    # -- cursor movement (all end a pending wrap, as in xterm) --------------

    def carriage_return(self) -> None:
        self._set_x(0)

    def backspace(self) -> None:
        # From the pending-wrap state this goes to COLS-2, as in xterm.
        self._set_x(self.cursor.x - 1)

    def cursor_back(self, count: Optional[int] = None) -> None:
        self._set_x(self.cursor.x - max(count or 1, 1))

    def cursor_forward(self, count: Optional[int] = None) -> None:
        self._set_x(self.cursor.x + max(count or 1, 1))

    def cursor_up(self, count: Optional[int] = None) -> None:
        # CUU stops at the top margin only when it starts inside the region;
        # pyte always stops there.
        top, _ = self._region()
        limit = top if self.cursor.y >= top else 0
        self.cursor.y = max(self.cursor.y - max(count or 1, 1), limit)
        self.wrap_pending = False

    def cursor_down(self, count: Optional[int] = None) -> None:
        _, bottom = self._region()
        limit = bottom if self.cursor.y <= bottom else self.lines - 1
        self.cursor.y = min(self.cursor.y + max(count or 1, 1), limit)
        self.wrap_pending = False

    def cursor_down1(self, count: Optional[int] = None) -> None:
        self.cursor_down(count)
        self.carriage_return()

    def cursor_up1(self, count: Optional[int] = None) -> None:
        self.cursor_up(count)
        self.carriage_return()

    def cursor_position(self, line: Optional[int] = None,
                        column: Optional[int] = None) -> None:
        """CUP/HVP.  With origin mode, rows count from the top margin and are
        clamped to the region (pyte ignores such a CUP altogether)."""
        y = max(line or 1, 1) - 1
        if _modes.DECOM in self.mode:
            top, bottom = self._region()
            y = min(y + top, bottom)
        self.cursor.y = min(y, self.lines - 1)
        self._set_x(max(column or 1, 1) - 1)

    def cursor_to_column(self, column: Optional[int] = None) -> None:
        """CHA (CSI n G) and HPA (CSI n `)."""
        self._set_x(max(column or 1, 1) - 1)

    def cursor_to_line(self, line: Optional[int] = None) -> None:
        """VPA (CSI n d); pyte asserts when origin mode is on without margins."""
        y = max(line or 1, 1) - 1
        if _modes.DECOM in self.mode:
            top, bottom = self._region()
            y = min(y + top, bottom)
        self.cursor.y = min(y, self.lines - 1)
        self.wrap_pending = False

    def tab(self, count: Optional[int] = None) -> None:
        """HT and CHT (CSI n I).  Like xterm, a tab does not end a pending wrap."""
        for _ in range(max(count or 1, 1)):
            stops = [s for s in self.tabstops if s > self.cursor.x]
            self.cursor.x = min(min(stops, default=self.columns - 1), self.columns - 1)

    def back_tab(self, count: Optional[int] = None) -> None:
        """CBT (CSI n Z); pyte lacks it."""
        for _ in range(max(count or 1, 1)):
            stops = [s for s in self.tabstops if s < self.cursor.x]
            self._set_x(max(stops, default=0))

    # -- scrolling ---------------------------------------------------------

    def _scroll_region_up(self, top: int, bottom: int, count: int) -> None:
        count = min(count, bottom - top + 1)
        for y in range(top, bottom + 1):
            if y + count <= bottom:
                self.buffer[y] = self.buffer[y + count]
            else:
                self.buffer[y] = self._blank_line()

    def _scroll_region_down(self, top: int, bottom: int, count: int) -> None:
        count = min(count, bottom - top + 1)
        for y in range(bottom, top - 1, -1):
            if y - count >= top:
                self.buffer[y] = self.buffer[y - count]
            else:
                self.buffer[y] = self._blank_line()

    def _blank_line(self):
        # New lines from scrolling and erasing get the current background too
        # (xterm's ClearCurBackground); pyte's are always default.
        return pyte.screens.StaticDefaultDict(self._blank())

    def index(self) -> None:
        """IND / LF: down one line, scrolling the region at its bottom margin."""
        top, bottom = self._region()
        if self.cursor.y == bottom:
            self._scroll_region_up(top, bottom, 1)
        else:
            self.cursor.y = min(self.cursor.y + 1, self.lines - 1)
        self.wrap_pending = False

    def linefeed(self) -> None:
        self.index()
        if _modes.LNM in self.mode:
            self.carriage_return()

    def next_line(self) -> None:
        """NEL (ESC E): CR + LF.  pyte maps it to linefeed, which without LNM
        does not return the carriage."""
        self.index()
        self.carriage_return()

    def reverse_index(self) -> None:
        top, bottom = self._region()
        if self.cursor.y == top:
            self._scroll_region_down(top, bottom, 1)
        else:
            self.cursor.y = max(self.cursor.y - 1, 0)
        self.wrap_pending = False

    def scroll_up(self, count: Optional[int] = None) -> None:
        """SU, CSI n S (ECMA-48 8.3.147): scroll the lines of the scroll
        region (DECSTBM) up n, new blank lines at the bottom; the cursor does
        not move.  pyte lacks it."""
        top, bottom = self._region()
        self._scroll_region_up(top, bottom, max(count or 1, 1))

    def scroll_down(self, count: Optional[int] = None) -> None:
        """SD, CSI n T (ECMA-48 8.3.113): the reverse of SU.  pyte lacks it."""
        top, bottom = self._region()
        self._scroll_region_down(top, bottom, max(count or 1, 1))

    def insert_lines(self, count: Optional[int] = None) -> None:
        """IL.  As in xterm: ignored outside the region, moves the cursor to
        column 0, new lines take the current background."""
        top, bottom = self._region()
        self._set_x(0)
        if top <= self.cursor.y <= bottom:
            self._scroll_region_down(self.cursor.y, bottom, max(count or 1, 1))

    def delete_lines(self, count: Optional[int] = None) -> None:
        """DL, the reverse of IL."""
        top, bottom = self._region()
        self._set_x(0)
        if top <= self.cursor.y <= bottom:
            self._scroll_region_up(self.cursor.y, bottom, max(count or 1, 1))

    def set_margins(self, top: Optional[int] = None, bottom: Optional[int] = None) -> None:
        """DECSTBM.  pyte keeps the old bottom margin when only the top is
        given; xterm defaults it to the last line.  An invalid region (fewer
        than two lines) is ignored; a valid one homes the cursor."""
        top = max(top or 1, 1)
        bottom = bottom or self.lines
        if bottom > self.lines:
            bottom = self.lines
        if bottom <= top:
            return
        self.margins = (None if (top, bottom) == (1, self.lines)
                        else pyte.screens.Margins(top - 1, bottom - 1))
        self.cursor_position()

    # -- erasing, inserting, deleting characters ----------------------------

    def _erase(self, y: int, start: int, end: int) -> None:
        start, end = max(start, 0), min(end, self.columns)
        if start >= end:
            return
        self._repair_wide(y, start, end)
        line = self.buffer[y]
        blank = self._blank()
        for x in range(start, end):
            line[x] = blank

    def erase_characters(self, count: Optional[int] = None) -> None:
        """ECH, CSI n X."""
        x = self.cursor.x
        self._erase(self.cursor.y, x, x + max(count or 1, 1))
        self.wrap_pending = False

    def erase_in_line(self, how: int = 0, private: bool = False) -> None:
        """EL, CSI n K."""
        x, y = self.cursor.x, self.cursor.y
        if how == 0:
            self._erase(y, x, self.columns)
        elif how == 1:
            self._erase(y, 0, x + 1)
        elif how == 2:
            self._erase(y, 0, self.columns)
        self.wrap_pending = False

    def erase_in_display(self, how: int = 0, *args, **kwargs) -> None:
        """ED, CSI n J.  ED 3 clears only the scrollback (xterm, tmux); pyte
        clears the screen."""
        y = self.cursor.y
        if how == 0:
            self.erase_in_line(0)
            rows = range(y + 1, self.lines)
        elif how == 1:
            self.erase_in_line(1)
            rows = range(0, y)
        elif how == 2:
            rows = range(self.lines)
        else:
            return
        for row in rows:
            self.buffer[row] = self._blank_line()
        self.wrap_pending = False

    def insert_characters(self, count: Optional[int] = None) -> None:
        """ICH, CSI n @.  Inserted cells take the current background."""
        x, y = self.cursor.x, self.cursor.y
        count = min(max(count or 1, 1), self.columns - x)
        # Wide characters cut by the cursor, or pushed across the right edge.
        self._repair_wide(y, x, x)
        self._repair_wide(y, self.columns - count, self.columns - count)
        line = self.buffer[y]
        for col in range(self.columns - 1, x + count - 1, -1):
            line[col] = line[col - count]
        blank = self._blank()
        for col in range(x, x + count):
            line[col] = blank
        self.wrap_pending = False

    def delete_characters(self, count: Optional[int] = None) -> None:
        """DCH, CSI n P.  Cells shifted in at the right take the background."""
        x, y = self.cursor.x, self.cursor.y
        count = min(max(count or 1, 1), self.columns - x)
        self._repair_wide(y, x, x + count)
        line = self.buffer[y]
        for col in range(x, self.columns - count):
            line[col] = line[col + count]
        blank = self._blank()
        for col in range(self.columns - count, self.columns):
            line[col] = blank
        self.wrap_pending = False

    def alignment_display(self) -> None:
        """DECALN (ESC # 8): fill with E, reset margins, home the cursor."""
        for y in range(self.lines):
            self.buffer[y] = pyte.screens.StaticDefaultDict(Cell("E", PLAIN))
        self.margins = None
        self.cursor_position()

    # -- attributes and modes ------------------------------------------------

    def select_graphic_rendition(self, *params, **kwargs) -> None:
        """SGR.  Replaces pyte's: dim (2) and 22 clearing both bold and dim,
        colon sub-parameters, and the output colour notation.  Receives
        parameters as lists of sub-parameters (see EmuStream)."""
        self.cursor.attrs = apply_sgr(self.cursor.attrs, params)

    def set_mode(self, *modes: int, **kwargs) -> None:
        self._modes(True, modes, kwargs.get("private", False))

    def reset_mode(self, *modes: int, **kwargs) -> None:
        self._modes(False, modes, kwargs.get("private", False))

    def _modes(self, on: bool, modes: Sequence[int], private: bool) -> None:
        """SM/RM and DECSET/DECRST.  Only modes that change what the screen
        shows are modelled: IRM (4), LNM (20), DECOM (?6), DECAWM (?7),
        DECTCEM (?25) and the alternate screen (?47, ?1047, ?1049).  The rest,
        e.g. synchronized output (?2026), mouse and paste modes, DECCOLM (?3,
        which pyte implements by resizing to 132 columns) and DECSCNM (?5),
        are accepted and ignored."""
        for mode in modes:
            if mode is None:
                continue
            code = mode << _PRIVATE if private else mode
            if private and code in _ALT_SCREEN_MODES:
                self._alt_screen(on, mode)
                continue
            if code not in (_modes.IRM, _modes.LNM, _modes.DECOM, _modes.DECAWM,
                            _modes.DECTCEM):
                continue
            if on:
                self.mode.add(code)
            else:
                self.mode.discard(code)
            if code == _modes.DECOM:
                self.cursor_position()
            if code == _modes.DECAWM and not on:
                self.wrap_pending = False

    def _alt_screen(self, on: bool, mode: int) -> None:
        """The alternate screen, as xterm: 1049 saves the cursor and clears the
        alternate screen on entry; 1047 clears it on exit; 47 does neither."""
        if on == (self.alt_saved is not None):
            return
        # Each screen has its own DECSC slot, as in xterm.
        if on:
            if mode == 1049:
                self.save_cursor()
            self.alt_saved = (self.buffer, self.savepoints)
            self.buffer, self.savepoints = self._new_buffer(), []
        else:
            self.buffer, self.savepoints = self.alt_saved
            self.alt_saved = None
            if mode == 1049:
                self.restore_cursor()

    def _new_buffer(self):
        return defaultdict(lambda: pyte.screens.StaticDefaultDict(self.default_char))

    def save_cursor(self) -> None:
        """DECSC (ESC 7) and SCOSC (CSI s): position, attributes, origin mode,
        charsets and the pending-wrap flag (xterm saves it too)."""
        self.savepoints = [(self.cursor.x, self.cursor.y, self.cursor.attrs,
                            self.wrap_pending, _modes.DECOM in self.mode,
                            self.g0_charset, self.g1_charset, self.charset)]

    def restore_cursor(self) -> None:
        """DECRC (ESC 8) and SCORC (CSI u); without a save, home and reset."""
        x, y, attrs, wrap, origin, g0, g1, charset = (
            self.savepoints[-1] if self.savepoints
            else (0, 0, PLAIN, False, False, "B", "B", 0))
        self.cursor.attrs = attrs
        if origin:
            self.mode.add(_modes.DECOM)
        else:
            self.mode.discard(_modes.DECOM)
        self.g0_charset, self.g1_charset, self.charset = g0, g1, charset
        self.cursor.y = min(y, self.lines - 1)
        self._set_x(x)
        self.wrap_pending = wrap

    def soft_reset(self) -> None:
        """DECSTR (CSI ! p)."""
        self.mode.difference_update({_modes.IRM, _modes.DECOM})
        self.mode.update({_modes.DECAWM, _modes.DECTCEM})
        self.margins = None
        self.cursor.attrs = PLAIN
        self.charset = 0
        self.g0_charset = self.g1_charset = "B"
        self.savepoints = []

    def define_charset(self, code: str, mode: str) -> None:
        if mode in "()":
            if mode == "(":
                self.g0_charset = code
            else:
                self.g1_charset = code

    # -- output --------------------------------------------------------------

    def cursor_report(self) -> list:
        return [self.cursor.x, self.cursor.y]

    def lines_json(self) -> list:
        out = []
        for y in range(self.lines):
            line = self.buffer[y]
            row = []
            for x in range(self.columns):
                cell = line[x]
                row.append(cell_json(cell.data, cell.style))
            out.append(row)
        return out


class EmuStream(pyte.ByteStream):
    """pyte.ByteStream with a parser that follows ECMA-48's CSI syntax.

    pyte's parser turns "CSI > 4 ; 1 m" (xterm modifyOtherKeys) into SGR 4;1,
    dispatches "CSI = ..." with "=" as the final byte and prints the rest,
    prints the body of DCS/APC strings, cannot read colon sub-parameters
    (38:2::r:g:b) and lacks REP, SU, SD, CBT, HPA (`) and SCOSC/SCORC.
    This parser recognises the full syntax and dispatches only what
    EmuScreen models; anything else is consumed and ignored.
    """

    # Every control character goes through the parser; pyte's pattern lets
    # C1 controls (8-bit DCS, APC...) and most C0 ones through as text.
    _text_pattern = re.compile("[^\x00-\x1f\x7f-\x9f]+")

    def __init__(self, screen: EmuScreen) -> None:
        self.csi_table = {
            "@": screen.insert_characters, "A": screen.cursor_up,
            "B": screen.cursor_down, "C": screen.cursor_forward,
            "D": screen.cursor_back, "E": screen.cursor_down1,
            "F": screen.cursor_up1, "G": screen.cursor_to_column,
            "H": screen.cursor_position, "I": screen.tab,
            "J": screen.erase_in_display, "K": screen.erase_in_line,
            "L": screen.insert_lines, "M": screen.delete_lines,
            "P": screen.delete_characters, "S": screen.scroll_up,
            "T": screen.scroll_down, "X": screen.erase_characters,
            "Z": screen.back_tab, "`": screen.cursor_to_column,
            "a": screen.cursor_forward, "b": screen.repeat_last,
            "d": screen.cursor_to_line, "e": screen.cursor_down,
            "f": screen.cursor_position, "g": screen.clear_tab_stop,
            "h": screen.set_mode, "l": screen.reset_mode,
            "r": screen.set_margins, "s": screen.save_cursor,
            "u": screen.restore_cursor,
        }
        self.esc_table = {
            "7": screen.save_cursor, "8": screen.restore_cursor,
            "D": screen.index, "E": screen.next_line, "M": screen.reverse_index,
            "H": screen.set_tab_stop, "c": screen.reset,
        }
        self.c0_table = {
            "\x08": screen.backspace, "\x09": screen.tab, "\x0a": screen.linefeed,
            "\x0b": screen.linefeed, "\x0c": screen.linefeed,
            "\x0d": screen.carriage_return, "\x0e": screen.shift_out,
            "\x0f": screen.shift_in,
        }
        super().__init__(screen)

    def _csi_dispatch(self, private: str, params: str, intermediates: str,
                      final: str) -> None:
        screen = self.listener
        if intermediates:
            if intermediates == "!" and final == "p" and not private:
                screen.soft_reset()
            return  # DECRQM, DECSCUSR, ...: no effect on the screen
        subparams = parse_params(params) if params else []
        if final == "m" and not private:
            screen.select_graphic_rendition(*subparams)
            return
        # An empty parameter means the default, which every handler reads
        # from 0 as well (pyte's convention).
        args = [p[0] or 0 for p in subparams]
        if private == "?":
            if final in "hl":
                (screen.set_mode if final == "h" else screen.reset_mode)(
                    *args, private=True)
            elif final in "JK":  # DECSED/DECSEL: selective erase, same here
                self.csi_table[final](*(args[:1] or [0]))
            return
        if private:
            return  # CSI > ..., CSI = ..., CSI < ...: xterm/kitty extensions
        if final == "T" and len(args) > 1:
            return  # CSI ... T with several parameters is xterm mouse tracking
        if final in "hl":
            (screen.set_mode if final == "h" else screen.reset_mode)(*args)
            return
        handler = self.csi_table.get(final)
        if handler is None:
            return
        if final in "JK":
            handler(*(args[:1] or [0]))
        elif final == "r":
            handler(*args[:2])
        elif final in "su":
            if not args:
                handler()
        elif final == "g":
            handler(*(args[:1] or [0]))
        else:
            handler(*args[:2])

    def _parser_fsm(self):
        """The parser coroutine, in pyte's protocol: it receives one character
        per send() and yields True when plain text may go straight to draw,
        None while inside a sequence."""
        screen = self.listener
        c0 = self.c0_table
        pending: list = []  # characters to process again (a sequence aborted by ESC)

        def read():
            if pending:
                return pending.pop(0)
            return (yield None)

        while True:
            char = pending.pop(0) if pending else (yield True)
            if char != "\x1b":
                if char in c0:
                    c0[char]()
                    continue
                if not 0x80 <= ord(char) < 0xA0:
                    if ord(char) >= 0x20 and char != "\x7f":
                        screen.draw(char)
                    continue  # other C0 controls: ignored
                # C1 controls, which xterm obeys in UTF-8 mode: ESC + (c - 0x40).
                char = chr(ord(char) - 0x40)
            else:
                char = yield from read()

            if char == "[":
                private = params = intermediates = ""
                while True:
                    char = yield from read()
                    o = ord(char)
                    if char in "<=>?" and not params and not intermediates:
                        private += char
                    elif 0x30 <= o <= 0x3F:
                        params += char
                    elif 0x20 <= o <= 0x2F:
                        intermediates += char
                    elif 0x40 <= o <= 0x7E:
                        self._csi_dispatch(private, params, intermediates, char)
                        break
                    elif char in "\x18\x1a":  # CAN, SUB: abort the sequence
                        break
                    elif char == "\x1b":  # a new sequence aborts this one
                        pending.append(char)
                        break
                    elif char in c0:  # C0 controls inside CSI are executed
                        c0[char]()
                    elif o > 0x7F:  # not part of any sequence: abort, as xterm
                        break
            elif char in "]P_^X":
                # OSC, DCS, APC, PM, SOS: a string ended by ST (ESC \) or BEL.
                # pyte prints the body of all but OSC.
                body: Optional[str] = ""
                while True:
                    char = yield from read()
                    if char in "\x07\x9c":
                        break
                    if char in "\x18\x1a":
                        body = None
                        break
                    if char == "\x1b":
                        char = yield from read()
                        if char != "\\":
                            pending.extend(["\x1b", char])
                            body = None
                        break
                    body += char
                if body is not None and body[:2] in ("0;", "2;"):
                    screen.set_title(body[2:])
            elif 0x20 <= ord(char) <= 0x2F:
                # ESC with intermediates: charset designation, DECALN, ...
                intermediates = char
                while True:
                    char = yield from read()
                    if not 0x20 <= ord(char) <= 0x2F:
                        break
                    intermediates += char
                if intermediates in ("(", ")"):
                    screen.define_charset(char, intermediates)
                elif intermediates == "#" and char == "8":
                    screen.alignment_display()
            elif char in self.esc_table:
                self.esc_table[char]()
            elif char == "\x1b":
                pending.append(char)
            # Anything else (ESC =, ESC >, ...) does not change the screen.


def run_pyte(columns: int, rows: int, chunks: Sequence[bytes]) -> list:
    screen = EmuScreen(columns, rows)
    stream = EmuStream(screen)
    screens = []
    for chunk in chunks:
        stream.feed(chunk)
        screens.append(screen_json(columns, rows, screen.cursor_report(),
                                   screen.lines_json()))
    return screens


# ---------------------------------------------------------------------------
# Command line
# ---------------------------------------------------------------------------

BACKENDS = {"pyte": run_pyte, "tmux": run_tmux}


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(
        description="Feed terminal output bytes to an emulator; print the screen as JSON.")
    parser.add_argument("backend", choices=sorted(BACKENDS))
    parser.add_argument("columns", type=int)
    parser.add_argument("rows", type=int)
    source = parser.add_mutually_exclusive_group()
    source.add_argument("--input", metavar="FILE",
                        help="bytes to feed (default: standard input)")
    source.add_argument("--frames", metavar="FILE.json",
                        help="JSON list of base64 chunks; prints a list of screens, "
                             "one after each chunk")
    args = parser.parse_args(argv)
    if not (1 <= args.columns <= 1000 and 1 <= args.rows <= 1000):
        parser.error("COLS and ROWS must be in 1..1000")

    try:
        if args.frames:
            with open(args.frames, "rb") as f:
                encoded = json.load(f)
            if not isinstance(encoded, list) or not all(isinstance(c, str) for c in encoded):
                raise ValueError("not a list of strings")
            chunks = [base64.b64decode(c, validate=True) for c in encoded]
        elif args.input:
            with open(args.input, "rb") as f:
                chunks = [f.read()]
        else:
            chunks = [sys.stdin.buffer.read()]
    except OSError as e:
        parser.error(str(e))
    except ValueError as e:  # also bad JSON and bad base64
        parser.error("--frames wants a JSON list of base64 strings (%s)" % e)

    # Turn SIGTERM (e.g. a test runner's timeout) into an exception so the
    # tmux server and temporary files are still cleaned up; ignore any
    # further one so that the clean-up itself is not interrupted.
    def terminate(*_):
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        sys.exit(143)
    signal.signal(signal.SIGTERM, terminate)
    try:
        screens = BACKENDS[args.backend](args.columns, args.rows, chunks) if chunks else []
    except EmulatorError as e:
        print("emulate.py: %s: %s" % (args.backend, e), file=sys.stderr)
        return 3 if isinstance(e, BackendUnavailable) else 1
    result = screens if args.frames else screens[0]
    # UTF-8 whatever the locale says.
    sys.stdout.buffer.write(
        json.dumps(result, ensure_ascii=False, separators=(",", ":")).encode() + b"\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
