#!/usr/bin/env python3
"""Checks that ncurses-replay's bytes really draw the frames of a tuiframes file.

Runs `ncurses-replay --json --raw`, splits the raw bytes at the per-frame byte
counts, feeds them one frame at a time to a pyte screen of the file's size and
compares the screen after each frame with that frame: the text of every row,
and per cell the foreground, background, bold, italic, underline, blink and
reverse (pyte does not model dim; curses cannot express strike).

usage: check_pyte.py PATH/TO/ncurses-replay FILE.tuiframes [--term NAME]
Exit status 0 when every frame matches.
"""
import json
import subprocess
import sys
import tempfile
import unicodedata

import pyte
from pyte import graphics
from wcwidth import wcwidth


class Screen(pyte.Screen):
    """pyte plus the three sequences ncurses uses that pyte 0.8 lacks:
    REP (CSI n b), SU (CSI n S) and SD (CSI n T); and zero-width code points
    kept with the cell before them (pyte 0.8 drops the rest of the text after
    a zero-width character that is not a combining mark, such as ZWJ, VS16 or
    a Hangul vowel jamo, and attaches marks after a wide character to its
    right-hand stub)."""

    last_char = " "

    def draw(self, data):
        run = []
        for ch in data:
            if wcwidth(ch) == 0:
                if run:
                    super().draw("".join(run))
                    run = []
                self._attach(ch)
            elif wcwidth(ch) == 2 or run and wcwidth(run[-1]) == 2:
                if run:
                    super().draw("".join(run))
                    run = []
                self._draw_wide_aware(ch)
                self.last_char = ch
            else:
                run.append(ch)
                self.last_char = ch
        if run:
            super().draw("".join(run))
        # With autowrap off the cursor stays on the last column (xterm);
        # pyte parks it one past the edge, out of reach of ED and EL.
        if pyte.modes.DECAWM not in self.mode and self.cursor.x >= self.columns:
            self.cursor.x = self.columns - 1

    def _draw_wide_aware(self, ch):
        """Draws one character, then blanks the orphaned half of any wide
        character it overwrote a half of, as xterm does (pyte 0.8 leaves the
        halves behind)."""
        w = wcwidth(ch)
        super().draw(ch)
        y, x = self.cursor.y, self.cursor.x - w
        line = self.buffer[y]
        if x - 1 >= 0 and x < self.columns and wcwidth(line[x - 1].data[:1] or " ") == 2 \
                and line[x].data != "":
            line[x - 1] = line[x - 1]._replace(data=" ")
        if x + w < self.columns and line[x + w].data == "":
            line[x + w] = line[x + w]._replace(data=" ")

    def _attach(self, ch):
        x, y = self.cursor.x, self.cursor.y
        if x == 0:
            if y == 0:
                return
            x, y = self.columns, y - 1
        line = self.buffer[y]
        if line[x - 1].data == "" and x >= 2:
            x -= 1
        cell = line[x - 1]
        line[x - 1] = cell._replace(data=unicodedata.normalize("NFC", cell.data + ch))

    def repeat_last(self, count=1, *args, **kwargs):
        self.draw(self.last_char * max(count, 1))

    # Back-colour erase, as xterm does it and as terminfo's `bce` promises
    # ncurses: cells that ICH, DCH, IL, DL and scrolling vacate take the
    # current background colour. pyte 0.8 leaves them in the default colour.

    def _blank(self):
        return self.default_char._replace(bg=self.cursor.attrs.bg)

    def _fill(self, y, x0, x1):
        blank, line = self._blank(), self.buffer[y]
        for x in range(max(x0, 0), min(x1, self.columns)):
            line[x] = blank

    def _margins(self):
        return (self.margins.top, self.margins.bottom) if self.margins else (0, self.lines - 1)

    def insert_characters(self, count=None):
        super().insert_characters(count)
        count = count or 1
        self._fill(self.cursor.y, self.cursor.x, self.cursor.x + count)

    def delete_characters(self, count=None):
        super().delete_characters(count)
        count = count or 1
        start = max(self.columns - count, self.cursor.x)
        self._fill(self.cursor.y, start, self.columns)

    def insert_lines(self, count=None):
        count = count or 1
        top, bottom = self._margins()
        y0 = self.cursor.y
        super().insert_lines(count)
        if top <= y0 <= bottom:
            for y in range(y0, min(y0 + count, bottom + 1)):
                self._fill(y, 0, self.columns)

    def delete_lines(self, count=None):
        count = count or 1
        top, bottom = self._margins()
        y0 = self.cursor.y
        super().delete_lines(count)
        if top <= y0 <= bottom:
            for y in range(max(bottom + 1 - count, y0), bottom + 1):
                self._fill(y, 0, self.columns)

    def index(self):
        top, bottom = self._margins()
        at_bottom = self.cursor.y == bottom
        super().index()
        if at_bottom:
            self._fill(bottom, 0, self.columns)

    def reverse_index(self):
        top, bottom = self._margins()
        at_top = self.cursor.y == top
        super().reverse_index()
        if at_top:
            self._fill(top, 0, self.columns)

    def _scroll(self, count, up):
        top, bottom = self._margins()
        x, y = self.cursor.x, self.cursor.y
        self.cursor.y = bottom if up else top
        for _ in range(max(count, 1)):
            self.index() if up else self.reverse_index()
        self.cursor.x, self.cursor.y = x, y

    def scroll_up(self, count=1, *args, **kwargs):
        self._scroll(count, True)

    def scroll_down(self, count=1, *args, **kwargs):
        self._scroll(count, False)


class Stream(pyte.ByteStream):
    csi = dict(pyte.ByteStream.csi, b="repeat_last", S="scroll_up", T="scroll_down")


CUBE = [0, 95, 135, 175, 215, 255]


def nearest_256(rgb):
    """Same mapping as ncurses-replay's nearest_256()."""
    r, g, b = rgb >> 16 & 255, rgb >> 8 & 255, rgb & 255

    def level(v):
        return min(range(6), key=lambda k: (abs(CUBE[k] - v), k))

    def pal(i):
        if i >= 232:
            v = 8 + 10 * (i - 232)
            return v, v, v
        i -= 16
        return CUBE[i // 36], CUBE[i // 6 % 6], CUBE[i % 6]

    def d2(c):
        return (c[0] - r) ** 2 + (c[1] - g) ** 2 + (c[2] - b) ** 2

    cube = 16 + 36 * level(r) + 6 * level(g) + level(b)
    step = ((r + g + b) // 3 - 8 + 5) // 10
    grey = 232 + min(max(step, 0), 23)
    return grey if d2(pal(grey)) < d2(pal(cube)) else cube


def pyte_color(spec, ground):
    """A tuiframes colour as pyte stores it after ncurses' SGR."""
    if spec is None:
        return "default"
    idx = nearest_256(int(spec[1:], 16)) if spec.startswith("#") else int(spec)
    if idx < 8:
        return (graphics.FG_ANSI if ground == "fg" else graphics.BG_ANSI)[(30 if ground == "fg" else 40) + idx]
    if idx < 16:
        return (graphics.FG_AIXTERM if ground == "fg" else graphics.BG_AIXTERM)[(90 if ground == "fg" else 100) + idx - 8]
    return graphics.FG_BG_256[idx]


def parse(path):
    """A lenient reader: the file was already validated by ncurses-replay."""
    styles, frames = {}, []
    lines = open(path, encoding="utf-8").read().split("\n")
    cols, rows = map(int, lines[1].split()[1:3])
    for line in lines[2:]:
        if line.startswith("style"):
            words = line.split()
            st = {"fg": None, "bg": None, "attrs": set()}
            for a in words[2:]:
                if a[:3] in ("fg=", "bg="):
                    st[a[:2]] = a[3:]
                else:
                    st["attrs"].add(a)
            styles[words[1]] = st
        elif line.startswith("frame"):
            frames.append([])
        elif line.startswith("|"):
            frames[-1].append([line[1:], ""])
        elif line.startswith(":"):
            frames[-1][-1][1] = line[1:]
    return cols, rows, styles, frames


def expected_attrs(styles, key):
    st = styles.get(key)
    if st is None:
        return ("default", "default", False, False, False, False, False)
    a = st["attrs"]
    return (pyte_color(st["fg"], "fg"), pyte_color(st["bg"], "bg"), "bold" in a,
            "italic" in a, "underline" in a, "blink" in a, "reverse" in a)


def visible(attrs, blank):
    """What of a cell's attributes shows. On a blank only the background,
    underline and reverse do (and, when reversed, the foreground)."""
    fg, bg, bold, italic, underline, blink, reverse = attrs
    if not blank:
        return attrs
    return (fg if reverse else None, bg, underline, reverse)


def uncertain(text):
    """Rows whose clusters ncurses cannot place the way the tuiframes width
    rule does (see README): ZWJ sequences, variation selectors, flags, skin
    tones, clusters of more than 5 code points. Their rows are not compared."""
    zero_run = 0
    for ch in text:
        o = ord(ch)
        if o in (0x200D, 0xFE0E, 0xFE0F) or 0x1F1E6 <= o <= 0x1F1FF or 0x1F3FB <= o <= 0x1F3FF:
            return True
        zero_run = zero_run + 1 if wcwidth(ch) == 0 else 0
        if zero_run >= 5:
            return True
    return False


def row_text(screen, y):
    """The text of a screen row: each wide character once, orphaned
    right-hand halves as blanks."""
    out, after_wide = [], False
    line = screen.buffer[y]
    for x in range(screen.columns):
        data = line[x].data
        if data == "" and after_wide:
            after_wide = False
            continue
        out.append(data or " ")
        after_wide = wcwidth(data[:1] or " ") == 2
    return "".join(out)


def check(replay, path, term):
    cols, rows, styles, frames = parse(path)
    with tempfile.NamedTemporaryFile(suffix=".raw") as raw:
        out = subprocess.run([replay, "--json", "--term", term, "--raw", raw.name, path],
                             check=True, capture_output=True)
        report = json.loads(out.stdout)
        data = open(raw.name, "rb").read()
    screen = Screen(cols, rows)
    stream = Stream(screen)
    at, failures = 0, 0
    skipped = sum(uncertain(text) for frame in frames for text, _ in frame)
    for n, (frame, result) in enumerate(zip(frames, report["frames"]), 1):
        stream.feed(data[at:at + result["bytes"]])
        at += result["bytes"]
        problems = []
        for y, (text, keys) in enumerate(frame):
            if uncertain(text):
                continue
            want = unicodedata.normalize("NFC", text)
            got_trim = row_text(screen, y).rstrip(" ")
            if got_trim != want.rstrip(" "):
                problems.append(f"row {y + 1}: text {got_trim!r} != {want.rstrip(' ')!r}")
                continue
            line = screen.buffer[y]
            # Columns past the text are padding, in the default style.
            text_width = sum(max(wcwidth(ch), 0) for ch in text)
            start = 0
            for x in range(cols):
                c = line[x]
                if c.data != "":  # not the right half of a wide character
                    start = x
                key = keys[start] if start < min(len(keys), text_width) else "."
                blank = c.data == " "
                want_a = visible(expected_attrs(styles, key), blank)
                got_a = visible((c.fg, c.bg, c.bold, c.italics, c.underscore, c.blink, c.reverse), blank)
                if got_a != want_a:
                    problems.append(f"row {y + 1} col {x + 1}: attrs {got_a} != {want_a}")
                    break
        if problems:
            failures += 1
            print(f"frame {n}: MISMATCH")
            for p in problems[:5]:
                print("   ", p)
    if at != len(data):
        print(f"raw output has {len(data)} bytes, frames account for {at}")
        failures += 1
    note = f" ({skipped} rows with uncertain-width clusters not compared)" if skipped else ""
    print(f"{path}: {max(len(frames) - failures, 0)}/{len(frames)} frames match{note}")
    return failures == 0


if __name__ == "__main__":
    args = sys.argv[1:]
    term = "xterm-256color"
    if "--term" in args:
        i = args.index("--term")
        term = args[i + 1]
        del args[i:i + 2]
    if len(args) != 2:
        sys.exit(__doc__)
    sys.exit(0 if check(args[0], args[1], term) else 1)
