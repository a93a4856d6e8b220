"""Shared helpers for the tuiframes fixture tools.

- `clusters()` / `cluster_width()`: grapheme clusters and their cell width,
  following the rule of the engine's `GraphemeWidth` (base scalar width from
  East Asian Width, clamped to 0...2; VS16 makes a cluster wide; a regional
  indicator pair is wide; an emoji joined with ZWJ is wide; combining marks,
  skin tones and variation selectors add nothing). Python's `wcwidth` stands
  in for libunistring's `uc_width`, so this is a sanity check, not the
  authority: the Swift parser is.
- `Style`: a cell style (fg, bg, attributes) with its tuiframes spelling.
- `FrameWriter`: turns grids of cells into a tuiframes v1 file.

A grid is a list of ROWS rows; a row is a list of COLS cells; a cell is
`(text, style)` where `text` is one grapheme cluster, or `None` for the
second column of a wide cluster (its style is ignored).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field

try:
    import wcwidth as _wcwidth
except ImportError:  # pragma: no cover
    sys.exit("the fixture tools need the 'wcwidth' package (pip install wcwidth)")

ATTR_ORDER = ("bold", "dim", "italic", "underline", "blink", "reverse", "strike")
KEY_ALPHABET = (
    "abcdefghijklmnopqrstuvwxyz" "ABCDEFGHIJKLMNOPQRSTUVWXYZ" "0123456789"
)
MAX_STYLES = len(KEY_ALPHABET)  # 62

ZWJ = 0x200D
VS16 = 0xFE0F


def is_control(ch: str) -> bool:
    o = ord(ch)
    return o < 0x20 or o == 0x7F or 0x80 <= o <= 0x9F


def _is_ri(o: int) -> bool:
    return 0x1F1E6 <= o <= 0x1F1FF


def scalar_width(o: int) -> int:
    if 0x20 <= o < 0x7F:
        return 1
    if o < 0x20 or o == 0x7F:
        return 0
    w = _wcwidth.wcwidth(chr(o))
    if w < 0:
        return 0
    return min(w, 2)


_unistring = None


def unistring_scalar_width(o: int):
    """The engine's own base width (libunistring's uc_width, clamped 0...2),
    or None if libunistring cannot be loaded. Used to cross-check wcwidth."""
    global _unistring
    if _unistring is None:
        try:
            import ctypes
            import ctypes.util
            lib = ctypes.CDLL(ctypes.util.find_library("unistring") or "libunistring.so.2")
            lib.uc_width.argtypes = [ctypes.c_uint32, ctypes.c_char_p]
            lib.uc_width.restype = ctypes.c_int
            _unistring = lib
        except (OSError, AttributeError):
            _unistring = False
    if _unistring is False:
        return None
    if 0x20 <= o < 0x7F:
        return 1
    if o < 0x20 or o == 0x7F:
        return 0
    w = _unistring.uc_width(o, b"UTF-8")
    return 0 if w < 0 else min(w, 2)


def cluster_width(cluster: str, scalar_width=scalar_width) -> int:
    """Width of one grapheme cluster, after the engine's GraphemeWidth rule.
    `scalar_width` gives a scalar's own width (default: Python's wcwidth)."""
    if not cluster:
        return 0
    values = [ord(c) for c in cluster]
    width = scalar_width(values[0])
    prev_ri = _is_ri(values[0])
    saw_zwj = False
    for v in values[1:]:
        if v == VS16:
            width = 2
        elif v == ZWJ:
            saw_zwj = True
        elif _is_ri(v) and prev_ri:
            width = 2
        elif saw_zwj and scalar_width(v) == 2:
            width = 2
        prev_ri = _is_ri(v)
    return width


def clusters(text: str):
    """Extended grapheme clusters of `text`."""
    return _wcwidth.iter_graphemes(text)


def text_width(text: str) -> int:
    return sum(cluster_width(c) for c in clusters(text))


@dataclass(frozen=True)
class Style:
    fg: object = None  # None, int 0-255, or "#rrggbb"
    bg: object = None
    attrs: frozenset = field(default_factory=frozenset)

    @property
    def is_default(self) -> bool:
        return self.fg is None and self.bg is None and not self.attrs

    def spec(self) -> str:
        parts = []
        if self.fg is not None:
            parts.append(f"fg={self.fg}")
        if self.bg is not None:
            parts.append(f"bg={self.bg}")
        parts.extend(a for a in ATTR_ORDER if a in self.attrs)
        return " ".join(parts)


DEFAULT = Style()


class TooManyStyles(Exception):
    pass


def render_row(row, keys):
    """Returns (text, style_row_or_None) for one row of cells."""
    cols = len(row)
    last_styled = -1
    last_text = -1
    for i, cell in enumerate(row):
        text, style = cell
        if text is None:
            continue
        if not style.is_default:
            last_styled = i + (1 if i + 1 < cols and row[i + 1][0] is None else 0)
        if text != " ":
            last_text = i + (1 if i + 1 < cols and row[i + 1][0] is None else 0)
    end = max(last_styled, last_text)
    out = []
    skeys = []
    for i in range(end + 1):
        text, style = row[i]
        if text is None:
            skeys.append(skeys[-1] if skeys else ".")
            continue
        out.append(text)
        skeys.append("." if style.is_default else keys[style])
    srow = "".join(skeys[: last_styled + 1]) if last_styled >= 0 else None
    return "".join(out), srow


def check_grid(grid, cols, rows, where=""):
    if len(grid) != rows:
        raise ValueError(f"{where}: {len(grid)} rows, expected {rows}")
    for r, row in enumerate(grid):
        if len(row) != cols:
            raise ValueError(f"{where} row {r}: {len(row)} cells, expected {cols}")
        for c, (text, _style) in enumerate(row):
            if text is None:
                if c == 0 or row[c - 1][0] is None or cluster_width(row[c - 1][0]) != 2:
                    raise ValueError(f"{where} row {r} col {c}: stray continuation cell")
                continue
            if any(is_control(ch) for ch in text):
                raise ValueError(f"{where} row {r} col {c}: control character in {text!r}")
            w = cluster_width(text)
            if w == 2 and (c + 1 >= cols or row[c + 1][0] is not None):
                raise ValueError(f"{where} row {r} col {c}: wide cluster {text!r} without continuation")
            if w == 0:
                raise ValueError(f"{where} row {r} col {c}: zero-width cluster {text!r}")


class FrameWriter:
    """Collects frames, then writes a tuiframes v1 file."""

    def __init__(self, cols: int, rows: int, comments=()):
        self.cols = cols
        self.rows = rows
        self.comments = list(comments)
        self.frames = []  # (label, grid)
        self.keys = {}  # Style -> key

    def add(self, label: str, grid):
        check_grid(grid, self.cols, self.rows, where=f"frame {len(self.frames) + 1} ({label})")
        for row in grid:
            for text, style in row:
                if text is None or style.is_default or style in self.keys:
                    continue
                if len(self.keys) >= MAX_STYLES:
                    raise TooManyStyles(
                        f"more than {MAX_STYLES} distinct styles (at frame {len(self.frames) + 1}: {style.spec()})"
                    )
                self.keys[style] = KEY_ALPHABET[len(self.keys)]
        label = "".join(" " if is_control(ch) else ch for ch in label)
        self.frames.append((label, grid))

    def text(self) -> str:
        out = ["tuiframes 1", f"size {self.cols} {self.rows}"]
        for c in self.comments:
            for line in c.splitlines() or [""]:
                out.append(f"# {line}".rstrip())
        for style, key in self.keys.items():
            out.append(f"style {key} {style.spec()}")
        for label, grid in self.frames:
            out.append(f"frame {label}".rstrip())
            for row in grid:
                text, srow = render_row(row, self.keys)
                out.append("|" + text)
                if srow is not None:
                    out.append(":" + srow)
        return "\n".join(out) + "\n"

    def write(self, path):
        with open(path, "w", encoding="utf-8", newline="\n") as f:
            f.write(self.text())


def grid_from_lines(lines, cols, rows, style_at=None):
    """Builds a grid from plain text lines (clusters placed left to right).

    `style_at(r, c, cluster)` returns the style of the cell at (r, c).
    Lines too long for the width are cut at a cluster boundary.
    """
    grid = []
    for r in range(rows):
        line = lines[r] if r < len(lines) else ""
        row = []
        for cl in clusters(line):
            w = cluster_width(cl)
            if w == 0:
                continue
            if len(row) + w > cols:
                break
            st = style_at(r, len(row), cl) if style_at else DEFAULT
            row.append((cl, st))
            if w == 2:
                row.append((None, st))
        while len(row) < cols:
            c = len(row)
            row.append((" ", style_at(r, c, " ") if style_at else DEFAULT))
        grid.append(row)
    return grid
