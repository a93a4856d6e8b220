"""Parses `tmux capture-pane -p -e -N` output into a grid of styled cells.

tmux (3.3a) writes, for each line, the cells' text with SGR sequences where
the style changes, relative to the previous cell *including the previous
line*: the SGR state carries over from one line to the next within one
capture. The DEC line-drawing charset is shown as SO (0x0E) / SI (0x0F)
around the ASCII letters. Cells never written are not output at all (even
with -N), so short lines are padded with default blanks here. The second
column of a wide character is not output; the character is.
"""

from __future__ import annotations

import re

from tuiframes_lib import DEFAULT, Style, cluster_width, clusters, is_control

# tmux's tty_acs_table: DEC special graphics -> Unicode.
ACS = {
    "+": "→", ",": "←", "-": "↑", ".": "↓", "0": "█", "`": "◆", "a": "▒",
    "f": "°", "g": "±", "h": "░", "i": "␋", "j": "┘", "k": "┐", "l": "┌",
    "m": "└", "n": "┼", "o": "⎺", "p": "⎻", "q": "─", "r": "⎼", "s": "⎽",
    "t": "├", "u": "┤", "v": "┴", "w": "┬", "x": "│", "y": "≤", "z": "≥",
    "{": "π", "|": "≠", "}": "£", "~": "·",
}

_TOKEN = re.compile(r"\x1b\[([0-9;:]*)([A-Za-z])|\x1b[()][0B]|\x1b.|[\x0e\x0f]|[^\x1b\x0e\x0f]+", re.S)


class SGRState:
    __slots__ = ("fg", "bg", "attrs", "charset", "warnings")

    def __init__(self, warnings):
        self.fg = None
        self.bg = None
        self.attrs = set()
        self.charset = False
        self.warnings = warnings

    def style(self) -> Style:
        return Style(self.fg, self.bg, frozenset(self.attrs))

    def warn(self, msg):
        self.warnings[msg] = self.warnings.get(msg, 0) + 1

    @staticmethod
    def _colour(params, i):
        """Parses 38/48 extended colour starting at params[i] (the 38/48).
        Returns (value, next_index)."""
        p = params[i]
        if ":" in p:  # colon form: 38:5:N or 38:2:[cs]:r:g:b
            sub = p.split(":")
            if len(sub) >= 3 and sub[1] == "5":
                return int(sub[2] or 0), i + 1
            if len(sub) >= 5 and sub[1] == "2":
                rgb = sub[-3:]
                r, g, b = (int(x or 0) for x in rgb)
                return f"#{r:02x}{g:02x}{b:02x}", i + 1
            return None, i + 1
        if i + 1 < len(params) and params[i + 1] == "5" and i + 2 < len(params):
            return int(params[i + 2] or 0), i + 3
        if i + 1 < len(params) and params[i + 1] == "2" and i + 4 < len(params):
            r, g, b = (int(params[i + k] or 0) for k in (2, 3, 4))
            return f"#{r:02x}{g:02x}{b:02x}", i + 5
        return None, len(params)

    def apply(self, paramstr: str):
        params = paramstr.split(";") if paramstr else ["0"]
        i = 0
        while i < len(params):
            p = params[i]
            head = p.split(":")[0]
            n = int(head) if head else 0
            if n == 0:
                self.fg = self.bg = None
                self.attrs.clear()
            elif n == 1:
                self.attrs.add("bold")
            elif n == 2:
                self.attrs.add("dim")
            elif n == 3:
                self.attrs.add("italic")
            elif n == 4:
                if ":" in p and p.split(":")[1] == "0":
                    self.attrs.discard("underline")
                else:
                    self.attrs.add("underline")
            elif n in (5, 6):
                self.attrs.add("blink")
            elif n == 7:
                self.attrs.add("reverse")
            elif n == 8:
                self.warn("hidden attribute (SGR 8) dropped")
            elif n == 9:
                self.attrs.add("strike")
            elif n == 21:
                self.attrs.add("underline")
            elif n == 22:
                self.attrs.discard("bold")
                self.attrs.discard("dim")
            elif n == 23:
                self.attrs.discard("italic")
            elif n == 24:
                self.attrs.discard("underline")
            elif n == 25:
                self.attrs.discard("blink")
            elif n == 27:
                self.attrs.discard("reverse")
            elif n == 28:
                pass
            elif n == 29:
                self.attrs.discard("strike")
            elif 30 <= n <= 37:
                self.fg = n - 30
            elif n == 38:
                v, i = self._colour(params, i)
                if v is not None:
                    self.fg = v
                continue
            elif n == 39:
                self.fg = None
            elif 40 <= n <= 47:
                self.bg = n - 40
            elif n == 48:
                v, i = self._colour(params, i)
                if v is not None:
                    self.bg = v
                continue
            elif n == 49:
                self.bg = None
            elif n == 53:
                self.warn("overline attribute (SGR 53) dropped")
            elif n == 55:
                pass
            elif n == 58:
                _, i = self._colour(params, i)  # underline colour: not in the format
                self.warn("underline colour (SGR 58) dropped")
                continue
            elif n == 59:
                pass
            elif 90 <= n <= 97:
                self.fg = n - 90 + 8
            elif 100 <= n <= 107:
                self.bg = n - 100 + 8
            else:
                self.warn(f"unknown SGR {p} ignored")
            i += 1


def parse_capture(data: str, cols: int, rows: int, warnings=None):
    """Parses one capture into a grid (rows x cols cells)."""
    if warnings is None:
        warnings = {}
    state = SGRState(warnings)
    lines = data.split("\n")
    # capture-pane -p ends with a newline: drop the empty tail.
    if lines and lines[-1] == "":
        lines.pop()
    if len(lines) != rows:
        raise ValueError(f"capture has {len(lines)} lines, expected {rows}")
    grid = []
    for r, line in enumerate(lines):
        row = []
        for m in _TOKEN.finditer(line):
            tok = m.group(0)
            if tok[0] == "\x1b":
                if m.group(2) == "m":
                    state.apply(m.group(1))
                elif tok in ("\x1b(0",):
                    state.charset = True
                elif tok in ("\x1b(B",):
                    state.charset = False
                else:
                    state.warn(f"escape sequence {tok!r} ignored")
                continue
            if tok == "\x0e":
                state.charset = True
                continue
            if tok == "\x0f":
                state.charset = False
                continue
            style = state.style()
            if state.charset:
                tok = "".join(ACS.get(ch, ch) for ch in tok)
            for cl in clusters(tok):
                if any(is_control(ch) for ch in cl):
                    state.warn(f"control character in {cl!r} replaced by '?'")
                    cl = "?"
                w = cluster_width(cl)
                if w == 0:
                    # A lone zero-width cluster: attach to the previous cell if any.
                    if row and row[-1][0] is not None:
                        row[-1] = (row[-1][0] + cl, row[-1][1])
                    elif len(row) >= 2:
                        row[-2] = (row[-2][0] + cl, row[-2][1])
                    state.warn(f"zero-width cluster {cl!r} attached to the previous cell")
                    continue
                row.append((cl, style))
                if w == 2:
                    row.append((None, style))
        if len(row) > cols:
            raise ValueError(
                f"row {r} is {len(row)} columns wide, more than {cols}: {''.join(c for c, _ in row if c)!r}"
            )
        while len(row) < cols:
            row.append((" ", DEFAULT))
        grid.append(row)
    return grid
