#!/usr/bin/env python3
"""Checks tuiframes v1 files against /work/shared/formats/tuiframes.md.

A sanity check, not the authority (the Swift parser is): widths come from
Python's `wcwidth` with the engine's cluster rule (see tuiframes_lib.py).

Usage:
    validate_tuiframes.py [-q] [--stats] FILE_OR_DIR...

Prints one line per file: size, frames, styles, bytes, and with --stats the
mean share of cells that change from one frame to the next. Exits 1 if any
file has an error.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from tuiframes_lib import ATTR_ORDER, cluster_width, clusters, is_control, unistring_scalar_width  # noqa: E402

KEY_RE = re.compile(r"^[A-Za-z0-9]$")
COLOR_RE = re.compile(r"^(fg|bg)=(?:(\d{1,3})|#([0-9A-Fa-f]{6}))$")
SIZE_RE = re.compile(r"^size ([1-9]\d*) ([1-9]\d*)$")


class Checker:
    def __init__(self, path: Path, want_stats: bool):
        self.path = path
        self.errors = []
        self.warnings = []
        self.want_stats = want_stats
        self.cols = self.rows = 0
        self.styles = {}
        self.frames = 0
        self.changed_cells = 0
        self.transitions = 0
        self.wide = 0
        self.odd_clusters = set()

    def err(self, lineno, msg):
        if len(self.errors) < 50:
            self.errors.append(f"{self.path}:{lineno}: {msg}")
        elif len(self.errors) == 50:
            self.errors.append(f"{self.path}: (more errors not shown)")

    def check_style(self, lineno, rest):
        parts = rest.split(" ")
        if not parts or not KEY_RE.match(parts[0]):
            self.err(lineno, f"bad style key in 'style {rest}'")
            return
        key = parts[0]
        if key in self.styles:
            self.err(lineno, f"style key {key!r} declared twice")
        seen = set()
        for a in parts[1:]:
            if a == "":
                self.err(lineno, "empty attribute (double space?)")
                continue
            m = COLOR_RE.match(a)
            if m:
                if m.group(2) is not None and int(m.group(2)) > 255:
                    self.err(lineno, f"palette index out of range in {a!r}")
                kind = m.group(1)
                if kind in seen:
                    self.err(lineno, f"{kind} given twice")
                seen.add(kind)
            elif a in ATTR_ORDER:
                if a in seen:
                    self.err(lineno, f"attribute {a} given twice")
                seen.add(a)
            else:
                self.err(lineno, f"unknown attribute {a!r}")
        if len(parts) == 1:
            self.warnings.append(f"{self.path}:{lineno}: style {key} has no attributes (same as default)")
        self.styles[key] = " ".join(parts[1:])

    def row_cells(self, lineno, text):
        """Returns the row as a list of (cluster or None) per column."""
        for ch in text:
            if is_control(ch):
                self.err(lineno, f"control character U+{ord(ch):04X} in row")
                return None
        cells = []
        for cl in clusters(text):
            if len(cl) > 1 or ord(cl) >= 0x7F:
                self.odd_clusters.add(cl)
            w = cluster_width(cl)
            if w == 0:
                self.err(lineno, f"zero-width cluster {cl!r} in row (column {len(cells)})")
                continue
            if w == 2:
                self.wide += 1
                if len(cells) + 2 > self.cols:
                    if len(cells) + 1 == self.cols:
                        self.err(lineno, f"wide cluster {cl!r} straddles the last column")
                    else:
                        self.err(lineno, f"row wider than {self.cols} columns")
                    return None
                cells.append(cl)
                cells.append(None)
            else:
                if len(cells) + 1 > self.cols:
                    self.err(lineno, f"row wider than {self.cols} columns")
                    return None
                cells.append(cl)
        while len(cells) < self.cols:
            cells.append(" ")
        return cells

    def check_style_row(self, lineno, keys, cells):
        if len(keys) > self.cols:
            self.err(lineno, f"style row has {len(keys)} keys, more than {self.cols} columns")
        out = []
        for i, k in enumerate(keys[: self.cols]):
            if k in ". ":
                out.append(".")
            elif k in self.styles:
                out.append(k)
            else:
                self.err(lineno, f"undeclared style key {k!r} at column {i}")
                out.append(".")
        # Resolve wide clusters: the second column takes the first's style.
        if cells is not None:
            for i in range(1, len(out)):
                if cells[i] is None:
                    out[i] = out[i - 1]
        return out

    def run(self):
        try:
            data = self.path.read_bytes()
        except OSError as e:
            self.err(0, str(e))
            return
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as e:
            self.err(0, f"not UTF-8: {e}")
            return
        if text.startswith("\ufeff"):
            self.err(1, "byte order mark")
        lines = text.split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        else:
            self.warnings.append(f"{self.path}: no newline at end of file")
        if not lines or lines[0] != "tuiframes 1":
            self.err(1, "first line must be exactly 'tuiframes 1'")
            return
        if len(lines) < 2:
            self.err(2, "missing size line")
            return
        m = SIZE_RE.match(lines[1])
        if not m:
            self.err(2, f"bad size line {lines[1]!r}")
            return
        self.cols, self.rows = int(m.group(1)), int(m.group(2))
        if not (1 <= self.cols <= 1000 and 1 <= self.rows <= 1000):
            self.err(2, "size out of range 1...1000")
            return
        in_frame = False
        rows_in_frame = 0
        prev_was_row = False
        frame_start = 0
        cur = []  # current frame: list of (cells, styles)
        prev_frame = None

        def finish_frame(lineno):
            nonlocal prev_frame
            if rows_in_frame != self.rows:
                self.err(frame_start, f"frame has {rows_in_frame} rows, expected {self.rows}")
            if self.want_stats and rows_in_frame == self.rows:
                if prev_frame is None:
                    prev_frame = [(["  "] * self.cols, ["."] * self.cols)] * self.rows  # blank start
                changed = 0
                for (pc, ps), (cc, cs) in zip(prev_frame, cur):
                    if pc is None or cc is None:
                        continue
                    for i in range(self.cols):
                        a = (pc[i] if pc[i] is not None else "", ps[i])
                        b = (cc[i] if cc[i] is not None else "", cs[i])
                        if a != b:
                            changed += 1
                if self.frames > 1:  # skip blank -> first frame
                    self.changed_cells += changed
                    self.transitions += 1
                prev_frame = list(cur)

        for idx, line in enumerate(lines[2:], start=3):
            if line.endswith("\r"):
                self.err(idx, "line ends with \\r")
                line = line[:-1]
            if line.startswith("#"):
                prev_was_row = False
                continue
            if line.startswith("style ") or line == "style":
                if in_frame or self.frames:
                    self.err(idx, "style line after the first frame")
                self.check_style(idx, line[6:])
                prev_was_row = False
                continue
            if line == "frame" or line.startswith("frame "):
                if in_frame:
                    finish_frame(idx)
                in_frame = True
                self.frames += 1
                rows_in_frame = 0
                frame_start = idx
                cur = []
                prev_was_row = False
                continue
            if line.startswith("|"):
                if not in_frame:
                    self.err(idx, "row before the first frame")
                    continue
                rows_in_frame += 1
                if rows_in_frame > self.rows:
                    self.err(idx, f"more than {self.rows} rows in frame")
                cells = self.row_cells(idx, line[1:])
                cur.append((cells, ["."] * self.cols))
                prev_was_row = True
                continue
            if line.startswith(":"):
                if not prev_was_row:
                    self.err(idx, "style row not directly after a row")
                    continue
                cells, _ = cur[-1]
                cur[-1] = (cells, self.check_style_row(idx, line[1:], cells) +
                           ["."] * max(0, self.cols - len(line[1:])))
                prev_was_row = False
                continue
            if line == "":
                self.err(idx, "empty line")
            else:
                self.err(idx, f"unknown record {line[:40]!r}")
            prev_was_row = False
        if in_frame:
            finish_frame(len(lines))
        if self.frames == 0:
            self.warnings.append(f"{self.path}: no frames")
        # Cross-check Python's wcwidth against libunistring (the engine's source).
        if unistring_scalar_width(0x41) is None:
            return
        for cl in sorted(self.odd_clusters):
            u = cluster_width(cl, unistring_scalar_width)
            w = cluster_width(cl)
            if u != w:
                cps = " ".join(f"U+{ord(ch):04X}" for ch in cl)
                self.errors.append(f"{self.path}: cluster {cl!r} ({cps}) is {w} wide by wcwidth but {u} by "
                                   f"libunistring's uc_width (the engine's rule)")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("paths", nargs="+", type=Path)
    ap.add_argument("-q", "--quiet", action="store_true", help="print only errors")
    ap.add_argument("--stats", action="store_true", help="also print mean changed cells per frame")
    a = ap.parse_args()
    files = []
    for p in a.paths:
        if p.is_dir():
            files.extend(sorted(p.rglob("*.tuiframes")))
        else:
            files.append(p)
    bad = 0
    for f in files:
        c = Checker(f, a.stats)
        c.run()
        for w in c.warnings:
            print(f"warning: {w}", file=sys.stderr)
        for e in c.errors:
            print(f"error: {e}", file=sys.stderr)
        if c.errors:
            bad += 1
        if not a.quiet:
            status = "OK " if not c.errors else "BAD"
            line = (f"{status} {f}: {c.cols}x{c.rows}, {c.frames} frames, {len(c.styles)} styles, "
                    f"{f.stat().st_size} bytes")
            if a.stats and c.transitions:
                mean = c.changed_cells / c.transitions
                line += f", {mean:.0f} cells changed/frame ({100 * mean / (c.cols * c.rows):.1f}%)"
            if c.wide:
                line += f", {c.wide} wide clusters"
            print(line)
    if not a.quiet:
        print(f"{len(files)} files, {bad} with errors")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
