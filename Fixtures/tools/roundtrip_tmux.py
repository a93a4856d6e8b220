#!/usr/bin/env python3
"""Draws every frame of tuiframes files in a real terminal (tmux) and checks
that `capture-pane` gives the same cells back.

For each frame it clears the pane, writes each row with absolute cursor
positioning and SGR for each style, waits for tmux to show it, captures it
with `capture-pane -p -e -N`, parses that (tmux_capture.py) and compares cell
by cell with the frame as read from the file. A recording should come back
exactly; a mismatch points at the recorder's parser, the writer here, or a
width that tmux and the engine's rule disagree on (emoji: expected for the
unicode fixture, which tmux 3.3a draws differently).

The bytes are written straight to the pane's tty, whose program only sleeps.

Usage:
    roundtrip_tmux.py [--max-report N] FILE_OR_DIR...
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from tmux_capture import parse_capture  # noqa: E402
from tuiframes_lib import DEFAULT, Style, cluster_width, clusters  # noqa: E402


def read_tuiframes(path: Path):
    """Reads a (valid) tuiframes file: returns cols, rows, [(label, grid)]."""
    lines = path.read_text(encoding="utf-8").split("\n")
    if lines[-1] == "":
        lines.pop()
    cols, rows = (int(x) for x in lines[1].split()[1:3])
    styles = {}
    frames = []
    cur = None
    for line in lines[2:]:
        if line.startswith("#"):
            continue
        if line.startswith("style "):
            parts = line.split(" ")
            fg = bg = None
            attrs = set()
            for a in parts[2:]:
                if a.startswith(("fg=", "bg=")):
                    v = a[3:]
                    v = v.lower() if v.startswith("#") else int(v)
                    if a[0] == "f":
                        fg = v
                    else:
                        bg = v
                elif a:
                    attrs.add(a)
            styles[parts[1]] = Style(fg, bg, frozenset(attrs))
        elif line == "frame" or line.startswith("frame "):
            cur = (line[6:], [])
            frames.append(cur)
        elif line.startswith("|"):
            row = []
            for cl in clusters(line[1:]):
                w = cluster_width(cl)
                row.append((cl, DEFAULT))
                if w == 2:
                    row.append((None, DEFAULT))
            while len(row) < cols:
                row.append((" ", DEFAULT))
            cur[1].append(row)
        elif line.startswith(":"):
            row = cur[1][-1]
            for i, k in enumerate(line[1:cols + 1]):
                if row[i][0] is None:
                    row[i] = (None, row[i - 1][1])
                elif k not in ". ":
                    row[i] = (row[i][0], styles[k])
    return cols, rows, frames


def sgr(style: Style) -> str:
    codes = ["0"]
    for a, c in (("bold", "1"), ("dim", "2"), ("italic", "3"), ("underline", "4"), ("blink", "5"),
                 ("reverse", "7"), ("strike", "9")):
        if a in style.attrs:
            codes.append(c)
    for v, base in ((style.fg, 38), (style.bg, 48)):
        if v is None:
            continue
        if isinstance(v, str):
            codes.append(f"{base};2;{int(v[1:3], 16)};{int(v[3:5], 16)};{int(v[5:7], 16)}")
        else:
            codes.append(f"{base};5;{v}")
    return "\x1b[" + ";".join(codes) + "m"


def draw(grid) -> bytes:
    out = ["\x1b[0m\x1b[H\x1b[2J"]
    for r, row in enumerate(grid):
        out.append(f"\x1b[{r + 1};1H")
        cur = DEFAULT
        out.append("\x1b[0m")
        for text, st in row:
            if text is None:
                continue
            if st != cur:
                out.append(sgr(st))
                cur = st
            out.append(text)
    out.append("\x1b[0m\x1b[H")
    return "".join(out).encode("utf-8")


class Pane:
    def __init__(self, cols, rows):
        self.sock = f"fixrt-{os.getpid()}"
        self.env = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "TERM": "xterm-256color",
                    "HOME": "/tmp"}
        self.cols, self.rows = cols, rows
        self.tmux("new-session", "-d", "-s", "rt", "-x", str(cols), "-y", str(rows),
                  "stty raw -echo; exec sleep 100000", ";", "set", "-g", "status", "off")
        time.sleep(0.2)
        self.tty = self.tmux("display", "-p", "-t", "rt", "#{pane_tty}").strip()
        self.fd = os.open(self.tty, os.O_WRONLY | os.O_NOCTTY)

    def tmux(self, *args):
        p = subprocess.run(["tmux", "-L", self.sock, "-f", "/dev/null", "-u", *args], env=self.env,
                           capture_output=True, text=True, encoding="utf-8", errors="surrogateescape")
        if p.returncode:
            raise RuntimeError(p.stderr)
        return p.stdout

    def show(self, data: bytes, expect):
        os.write(self.fd, data)
        deadline = time.monotonic() + 2.0
        while True:
            got = parse_capture(self.tmux("capture-pane", "-p", "-e", "-N", "-t", "rt"), self.cols, self.rows)
            if got == expect or time.monotonic() > deadline:
                return got
            time.sleep(0.02)

    def close(self):
        os.close(self.fd)
        subprocess.run(["tmux", "-L", self.sock, "kill-server"], capture_output=True)


def check(path: Path, max_report: int) -> bool:
    cols, rows, frames = read_tuiframes(path)
    pane = Pane(cols, rows)
    bad_frames = 0
    reported = 0
    try:
        for i, (label, grid) in enumerate(frames):
            got = pane.show(draw(grid), grid)
            if got == grid:
                continue
            bad_frames += 1
            for r in range(rows):
                if got[r] != grid[r] and reported < max_report:
                    reported += 1
                    want_t = "".join(t for t, _ in grid[r] if t is not None)
                    got_t = "".join(t for t, _ in got[r] if t is not None)
                    diff = [c for c in range(cols) if got[r][c] != grid[r][c]]
                    c0 = diff[0]
                    print(f"  frame {i + 1} ({label}) row {r}: first difference at column {c0}: "
                          f"want {grid[r][c0]!r} got {got[r][c0]!r}")
                    if want_t != got_t:
                        print(f"    want |{want_t.rstrip()}\n    got  |{got_t.rstrip()}")
    finally:
        pane.close()
    status = "OK " if bad_frames == 0 else "DIFF"
    print(f"{status} {path}: {len(frames)} frames, {bad_frames} differ in tmux")
    return bad_frames == 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("paths", nargs="+", type=Path)
    ap.add_argument("--max-report", type=int, default=5)
    a = ap.parse_args()
    files = []
    for p in a.paths:
        files.extend(sorted(p.rglob("*.tuiframes")) if p.is_dir() else [p])
    ok = all([check(f, a.max_report) for f in files])
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
