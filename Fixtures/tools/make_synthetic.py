#!/usr/bin/env python3
"""Writes the synthetic tuiframes fixtures (deterministic: fixed seeds).

Usage:
    make_synthetic.py [--out DIR] [NAME ...]

Each generator is seeded, so the same files come out on every run (given the
same `wcwidth` tables for the unicode fixture). See Fixtures/README.md for
what each one exercises.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from tuiframes_lib import DEFAULT, FrameWriter, Style, cluster_width, clusters  # noqa: E402

HERE = Path(__file__).resolve().parent
DEFAULT_OUT = HERE.parent / "synthetic"


class Canvas:
    """A cols x rows screen of cells that keeps wide clusters consistent."""

    def __init__(self, cols, rows):
        self.cols = cols
        self.rows = rows
        self.clear()

    def clear(self):
        self.cells = [[(" ", DEFAULT) for _ in range(self.cols)] for _ in range(self.rows)]

    def _break_wide(self, r, c):
        """Before (r, c) is overwritten: blank the other half of a wide cell."""
        row = self.cells[r]
        text, st = row[c]
        if text is None and c > 0:  # overwriting the second half
            row[c - 1] = (" ", row[c - 1][1])
        elif text is not None and cluster_width(text) == 2 and c + 1 < self.cols:
            row[c + 1] = (" ", st)

    def set(self, r, c, cl, style=DEFAULT):
        """Puts one cluster at (r, c); returns its width (0 if it did not fit)."""
        if not (0 <= r < self.rows and 0 <= c < self.cols):
            return 0
        w = cluster_width(cl)
        if w == 0:
            return 0
        if w == 2 and c + 1 >= self.cols:
            return 0
        self._break_wide(r, c)
        if w == 2:
            self._break_wide(r, c + 1)
            self.cells[r][c] = (cl, style)
            self.cells[r][c + 1] = (None, style)
        else:
            self.cells[r][c] = (cl, style)
        return w

    def text(self, r, c, s, style=DEFAULT, limit=None):
        """Writes `s` from (r, c) on, cluster by cluster; returns the end column."""
        end = self.cols if limit is None else min(self.cols, limit)
        for cl in clusters(s):
            w = cluster_width(cl)
            if w == 0:
                continue
            if c + w > end:
                break
            self.set(r, c, cl, style)
            c += w
        return c

    def fill(self, r, c, w, ch=" ", style=DEFAULT):
        for i in range(c, min(self.cols, c + w)):
            self.set(r, i, ch, style)

    def style_run(self, r, c, w, style):
        for i in range(c, min(self.cols, c + w)):
            t, _ = self.cells[r][i]
            self.cells[r][i] = (t, style)

    def box(self, r, c, h, w, style=DEFAULT, title=None):
        self.set(r, c, "┌", style)
        self.set(r, c + w - 1, "┐", style)
        self.set(r + h - 1, c, "└", style)
        self.set(r + h - 1, c + w - 1, "┘", style)
        for i in range(c + 1, c + w - 1):
            self.set(r, i, "─", style)
            self.set(r + h - 1, i, "─", style)
        for j in range(r + 1, r + h - 1):
            self.set(j, c, "│", style)
            self.set(j, c + w - 1, "│", style)
        if title:
            self.text(r, c + 2, f" {title} ", style)

    def scroll_up(self, top, bottom, n):
        """Scrolls rows top..bottom (inclusive) up by n, blanking the new rows."""
        for _ in range(n):
            del self.cells[top]
            self.cells.insert(bottom, [(" ", DEFAULT) for _ in range(self.cols)])

    def grid(self):
        return [list(row) for row in self.cells]


def writer(cols, rows, name, what):
    return FrameWriter(cols, rows, [f"synthetic fixture '{name}' by Fixtures/tools/make_synthetic.py", what])


# ---------------------------------------------------------------------------

WORDS = ("the of and to in is that for it as was with be by on not he this are or his from at which but have "
         "an they you were her she there been one all we their has would when if so what no more out up into "
         "do can will about time only other new some could these two may first then any like my now over "
         "such our man me even most made after also did many before must through back years where much your "
         "way well down should because each just those people how too little state good very make world still "
         "own see men work long get here between both life being under never day same another know while last "
         "might us great old year off come since against go came right used take three").split()


def gen_log_scroll(name):
    cols, rows = 200, 60
    rng = random.Random(101)
    fw = writer(cols, rows, name, "a log tail: title bar, body scrolling up 1-3 lines per frame, status bar")
    title = Style(fg=15, bg=24, attrs=frozenset({"bold"}))
    status = Style(fg=0, bg=250)
    ts_st = Style(fg=8)
    levels = [
        ("INFO ", Style(fg=2), 50),
        ("DEBUG", Style(fg=7, attrs=frozenset({"dim"})), 25),
        ("WARN ", Style(fg=3, attrs=frozenset({"bold"})), 12),
        ("ERROR", Style(fg=15, bg=1, attrs=frozenset({"bold"})), 5),
        ("TRACE", Style(fg=6), 8),
    ]
    comp_styles = [Style(fg=c) for c in (5, 13, 141, 177, 105, 69)]
    comps = ["http", "db.pool", "cache", "scheduler", "auth", "render", "queue", "metrics", "gc", "ws"]
    id_st = Style(fg="#5fafff", attrs=frozenset({"underline"}))
    num_st = Style(fg=214)
    c = Canvas(cols, rows)
    c.fill(0, 0, cols, " ", title)
    c.text(0, 1, "tail -f /var/log/app/server.log", title)
    c.fill(rows - 1, 0, cols, " ", status)
    body_top, body_bottom = 1, rows - 2
    line_no = 0
    t = 0.0

    def emit(r):
        nonlocal line_no, t
        line_no += 1
        t += rng.random() * 0.3
        lvl, lst, _ = rng.choices(levels, [lv[2] for lv in levels])[0]
        h, rem = divmod(int(t), 3600)
        m, s = divmod(rem, 60)
        ts = f"2024-05-17 {9 + h:02d}:{m:02d}:{s:02d}.{int((t % 1) * 1000):03d}"
        col = c.text(r, 0, ts, ts_st)
        col = c.text(r, col + 1, lvl, lst)
        ci = rng.randrange(len(comps))
        col = c.text(r, col + 1, f"[{comps[ci]}]", comp_styles[ci % len(comp_styles)])
        col += 1
        n = rng.randint(4, 30)
        for _ in range(n):
            k = rng.random()
            if k < 0.08:
                word, st = f"req-{rng.getrandbits(32):08x}", id_st
            elif k < 0.18:
                word, st = str(rng.randint(0, 99999)), num_st
            else:
                word, st = rng.choice(WORDS), DEFAULT
            if col + len(word) >= cols:
                break
            col = c.text(r, col, word, st) + 1

    for r in range(body_top, body_bottom + 1):
        emit(r)
    for f in range(100):
        if f:
            n = rng.randint(1, 3)
            c.scroll_up(body_top, body_bottom, n)
            for r in range(body_bottom - n + 1, body_bottom + 1):
                emit(r)
        c.fill(rows - 1, 0, cols, " ", status)
        c.text(rows - 1, 1, f"lines {line_no}   frame {f + 1}/100   follow: on", status)
        c.text(rows - 1, cols - 24, f"{line_no * 143 % 100000:>8} bytes/s", status)
        fw.add(f"tick {f + 1}", c.grid())
    return fw


def style_pool_60(rng):
    """A fixed list of 60 distinct styles: truecolor, 256-colour and attributes."""
    pool = []
    attr_sets = [(), ("bold",), ("italic",), ("underline",), ("reverse",), ("dim",), ("bold", "underline"),
                 ("strike",), ("blink",), ("bold", "italic")]
    seen = set()
    while len(pool) < 60:
        i = len(pool)
        if i % 3 == 0:
            fg = f"#{rng.randrange(256):02x}{rng.randrange(256):02x}{rng.randrange(256):02x}"
            bg = f"#{rng.randrange(256):02x}{rng.randrange(256):02x}{rng.randrange(256):02x}"
        elif i % 3 == 1:
            fg, bg = rng.randrange(256), rng.randrange(256)
        else:
            fg, bg = rng.randrange(16), (rng.randrange(256) if rng.random() < 0.5 else None)
        st = Style(fg, bg, frozenset(rng.choice(attr_sets)))
        if st not in seen:
            seen.add(st)
            pool.append(st)
    return pool


def gen_churn(name):
    cols, rows = 200, 60
    rng = random.Random(202)
    fw = writer(cols, rows, name, "every cell a random character and one of 60 random styles, every frame")
    pool = style_pool_60(rng)
    chars = ("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&*+-/<=>?@[]^_{}~"
             "αβγδεζηθλμπσφψωÀÉÎÕÜçñß─│┌┐└┘├┤┬┴┼░▒▓█")
    for f in range(30):
        grid = [[(rng.choice(chars), rng.choice(pool)) for _ in range(cols)] for _ in range(rows)]
        fw.add(f"churn {f + 1}", grid)
    return fw


def gen_unicode(name):
    cols, rows = 80, 24
    fw = writer(cols, rows, name,
                "CJK, combining marks, box drawing, emoji (😀, ❤️ with VS16, 👍🏽, flag, ZWJ): "
                "wide clusters moving across even and odd columns, narrow/wide swaps, the last column")
    hdr = Style(fg=231, bg=25, attrs=frozenset({"bold"}))
    sel = Style(fg=16, bg=223)
    wide_st = Style(fg=203)
    mark_st = Style(fg=114, attrs=frozenset({"italic"}))
    emoji_st = Style(bg=238)
    dim = Style(fg=245)
    items = [
        "漢字かな交じり文 — 日本語のテキスト",
        "中文：电脑终端的宽字符测试",
        "한국어: 터미널 너비 테스트",
        "Ｆｕｌｌｗｉｄｔｈ ＡＢＣ　１２３ and ﾊﾝｶｸｶﾀｶﾅ",
        "combining: e\u0301 a\u0308 o\u0302 n\u0303 c\u0327 u\u030a i\u0328 z\u030c",
        "stacked: a\u0301\u0323\u0308 e\u0300\u0316 x\u0336\u0335 ệ (e\u0323\u0302) Z\u0351\u0357\u036b",
        "emoji: 😀 grin, ❤️ heart (VS16), 👍🏽 thumbs (tone), 🇯🇵 flag",
        "zwj: 👨‍👩‍👧 family, 🏳️‍🌈 flag, 👩‍💻 coder",
        "text presentation: ☺ ✔ ☆ ♥ ❤︎ (VS15) ⌘ ⚙",
        "math: ∀x∈ℝ: x² ≥ 0 ∧ ∑ᵢ aᵢ ≤ ∞  ≠ ≈ ⊂ ⊕ √",
        "arrows & blocks: ← ↑ → ↓ ↔ ▲ ▼ ◆ ● ░▒▓█ ▁▂▃▄▅▆▇█",
        "Ελληνικά, Кириллица, Tiếng Việt, Ǆemal",
        "mixed 漢a字b😀c❤️d👍🏽e🇯🇵f",
    ]
    movers = ["漢", "😀", "❤️", "👍🏽", "🇯🇵", "字", "👨‍👩‍👧", "ｗ"]
    c = Canvas(cols, rows)
    for f in range(48):
        c.clear()
        c.fill(0, 0, cols, " ", hdr)
        c.text(0, 1, f"ユニコード表示テスト  unicode width test  frame {f + 1}", hdr)
        c.box(1, 0, 16, cols, dim, title="表 items")
        first = f % len(items)
        for i in range(14):
            it = items[(first + i) % len(items)]
            r = 2 + i
            st = sel if i == (f // 2) % 14 else DEFAULT
            if st is sel:
                c.fill(r, 1, cols - 2, " ", sel)
            col = 2
            for cl in clusters(it):
                w = cluster_width(cl)
                if w == 0:
                    continue
                if col + w > cols - 2:
                    break
                if st is sel:
                    cst = sel
                elif any(0x300 <= ord(ch) <= 0x36F for ch in cl):
                    cst = mark_st
                elif w == 2 and ord(cl[0]) >= 0x1F000 or "\ufe0f" in cl:
                    cst = emoji_st
                elif w == 2:
                    cst = wide_st
                else:
                    cst = DEFAULT
                c.set(r, col, cl, cst)
                col += w
        # Row 17..19: wide clusters sliding one column per frame over a ruler.
        c.text(17, 0, ("0123456789" * 8)[:cols], dim)
        for k, m in enumerate(movers):
            pos = (f + k * 9) % (cols - 1)
            c.set(18 + (k % 2), pos, m, emoji_st if ord(m[0]) >= 0x1F000 or "\ufe0f" in m else wide_st)
        # Row 20: alternate narrow and wide at the same columns.
        if f % 2 == 0:
            c.text(20, 0, "ab" * 40, DEFAULT)
        else:
            c.text(20, 0, "漢字" * 20, wide_st)
        # Row 21: a wide cluster in the last possible place, then a narrow one there.
        c.text(21, 0, "edge:", dim)
        if f % 3 == 0:
            c.set(21, cols - 2, "界", wide_st)
        elif f % 3 == 1:
            c.set(21, cols - 2, "😀", emoji_st)
        else:
            c.set(21, cols - 1, "x", DEFAULT)
        # Row 22: box-drawing progress with a CJK label.
        done = (f * 77) // 47
        c.text(22, 0, "進捗 ", DEFAULT)
        c.text(22, 5, "█" * done + "░" * (77 - done - 2), Style(fg=78))
        # Row 23: a status line with mixed scripts.
        rev = Style(attrs=frozenset({"reverse"}))
        c.fill(23, 0, cols, " ", rev)
        c.text(23, 1, f"行 {first + 1}/{len(items)}  列 {f % cols}  UTF-8  ✔", rev)
        fw.add(f"unicode {f + 1}", c.grid())
    return fw


def gen_dense_styles(name):
    cols, rows = 120, 40
    rng = random.Random(404)
    fw = writer(cols, rows, name, "a new style every 1-4 cells over the whole screen; each frame changes ~1% of cells")
    pool = style_pool_60(random.Random(405))[:50]
    c = Canvas(cols, rows)
    text_chars = "abcdefghijklmnopqrstuvwxyz_(){}[];.,:=+-*/<>\"'0123456789 "
    for r in range(rows):
        col = 0
        while col < cols:
            run = rng.randint(1, 4)
            st = rng.choice(pool + [DEFAULT] * 5)
            for _ in range(run):
                if col >= cols:
                    break
                c.set(r, col, rng.choice(text_chars), st)
                col += 1
    for f in range(60):
        if f:
            for _ in range(rng.randint(20, 70)):
                r, col = rng.randrange(rows), rng.randrange(cols)
                text, st = c.cells[r][col]
                k = rng.random()
                if k < 0.4:
                    c.cells[r][col] = (rng.choice(text_chars), st)
                elif k < 0.8:
                    c.cells[r][col] = (text, rng.choice(pool))
                else:
                    n = rng.randint(2, 8)
                    st2 = rng.choice(pool)
                    for i in range(col, min(cols, col + n)):
                        c.cells[r][i] = (rng.choice(text_chars), st2)
        fw.add(f"dense {f + 1}", c.grid())
    return fw


def base_page(cols, rows, rng):
    """A full screen of text with a few styled words (for one-cell and static)."""
    c = Canvas(cols, rows)
    kw = Style(fg=33, attrs=frozenset({"bold"}))
    em = Style(fg=208, attrs=frozenset({"italic"}))
    hl = Style(fg=16, bg=229)
    c.fill(0, 0, cols, " ", Style(fg=231, bg=238))
    c.text(0, 2, "document.txt  —  200x60 page", Style(fg=231, bg=238))
    for r in range(1, rows):
        col = rng.randint(0, 3)
        while True:
            word = rng.choice(WORDS)
            if col + len(word) > cols:
                break
            k = rng.random()
            st = kw if k < 0.05 else em if k < 0.08 else hl if k < 0.09 else DEFAULT
            col = c.text(r, col, word, st) + 1
    return c


def gen_one_cell(name):
    cols, rows = 200, 60
    rng = random.Random(505)
    fw = writer(cols, rows, name, "a full page of text; exactly one cell changes per frame (char and/or style)")
    c = base_page(cols, rows, rng)
    hot = [Style(fg=196, attrs=frozenset({"bold"})), Style(bg=21, fg=231), DEFAULT]
    prev = None
    for f in range(60):
        if f:
            while True:
                r, col = rng.randrange(1, rows), rng.randrange(cols)
                old = c.cells[r][col]
                new = (rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ#@*"), rng.choice(hot))
                if new != old and (r, col) != prev:
                    break
            c.cells[r][col] = new
            prev = (r, col)
        fw.add(f"one-cell {f + 1}" + (f" ({prev[0]},{prev[1]})" if prev else ""), c.grid())
    return fw


def gen_static(name):
    cols, rows = 200, 60
    fw = writer(cols, rows, name, "the same styled page 30 times: no damage after the first frame")
    c = base_page(cols, rows, random.Random(606))
    for f in range(30):
        fw.add(f"static {f + 1}", c.grid())
    return fw


def gen_sparse(name):
    cols, rows = 200, 60
    rng = random.Random(707)
    fw = writer(cols, rows, name,
                "a mostly blank dashboard: a clock, a spinner, a progress bar and a few counters update")
    c = Canvas(cols, rows)
    lbl = Style(fg=244)
    val = Style(fg=51, attrs=frozenset({"bold"}))
    bar = Style(fg=40)
    warn = Style(fg=226, bg=52, attrs=frozenset({"bold"}))
    spin = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"
    counters = [rng.randint(0, 1000) for _ in range(6)]
    for f in range(80):
        c.clear()
        secs = 3600 * 13 + 17 * 60 + f
        c.text(0, cols - 9, f"{secs // 3600:02d}:{secs // 60 % 60:02d}:{secs % 60:02d}", val)
        c.text(2, 4, spin[f % len(spin)], val)
        c.text(2, 6, "syncing", lbl)
        for i in range(6):
            counters[i] += rng.randint(0, 3 if i % 2 else 40)
            r, col = 10 + (i // 3) * 12, 20 + (i % 3) * 60
            c.text(r, col, f"counter {i}", lbl)
            c.text(r + 1, col, f"{counters[i]:>9,}", val)
        pct = (f * 100) // 79
        width = 150
        done = width * pct // 100
        c.text(rows - 4, 20, "[", lbl)
        c.text(rows - 4, 21, "=" * done + (">" if done < width else ""), bar)
        c.text(rows - 4, 21 + width, "]", lbl)
        c.text(rows - 4, 23 + width, f"{pct:3d}%", val)
        if (f // 10) % 2 == 1:
            c.text(rows - 8, 90, " WARNING: disk 91% ", warn)
        fw.add(f"sparse {f + 1}", c.grid())
    return fw


def gen_reflow(name):
    cols, rows = 120, 40
    rng = random.Random(808)
    fw = writer(cols, rows, name,
                "resize-like: a boxed paragraph re-wrapped to a width that shrinks and grows each frame "
                "(every row moves, as after a terminal resize)")
    words = [rng.choice(WORDS) for _ in range(500)]
    border = Style(fg=39)
    title = Style(fg=231, bg=39, attrs=frozenset({"bold"}))
    em = Style(fg=214, attrs=frozenset({"bold"}))
    emph = {i for i in range(len(words)) if rng.random() < 0.06}
    widths = list(range(118, 40, -4)) + list(range(42, 119, 4))
    c = Canvas(cols, rows)
    for f, w in enumerate(widths):
        c.clear()
        c.box(0, 0, rows - 1, w, border)
        c.text(0, 2, f" wrap width {w - 4} ", title)
        r, col = 1, 2
        for i, word in enumerate(words):
            if col + len(word) > w - 2:
                r += 1
                col = 2
            if r >= rows - 2:
                break
            c.text(r, col, word, em if i in emph else DEFAULT)
            col += len(word) + 1
        c.text(rows - 1, 0, f"{w}x{rows - 1} of {cols}x{rows}", Style(attrs=frozenset({"reverse"})))
        fw.add(f"width {w}", c.grid())
    return fw


def gen_hscroll(name):
    cols, rows = 120, 40
    rng = random.Random(909)
    fw = writer(cols, rows, name, "a wide styled table panned one column left per frame (every row shifts by one)")
    kw = [Style(fg=c) for c in (75, 114, 180, 168, 145)]
    lines = []
    for r in range(rows):
        parts = []
        while sum(len(p[0]) for p in parts) < 400:
            word = rng.choice(WORDS) + " " * rng.randint(1, 3)
            parts.append((word, rng.choice(kw + [DEFAULT] * 3)))
        lines.append(parts)
    for f in range(60):
        c = Canvas(cols, rows)
        for r, parts in enumerate(lines):
            flat = [(ch, st) for word, st in parts for ch in word]
            for col in range(cols):
                ch, st = flat[f * 3 + col]
                c.cells[r][col] = (ch, st if ch != " " else DEFAULT)
        fw.add(f"pan {f * 3}", c.grid())
    return fw


CODE_WORDS = ("let var func return if else for in while guard switch case struct class enum self true false nil "
              "count index value buffer row column width height frame cursor style cell text view node state").split()


def gen_edit_shift(name):
    cols, rows = 120, 40
    rng = random.Random(1212)
    fw = writer(cols, rows, name,
                "an editor: typing and deleting in the middle of lines and a table column that widens "
                "(row content shifts sideways by 1-8 columns: DCH/ICH territory)")
    gutter = Style(fg=243)
    kw_st = Style(fg=170, attrs=frozenset({"bold"}))
    id_st = Style(fg=117)
    num_st = Style(fg=179)
    str_st = Style(fg=114)
    status = Style(fg=16, bg=250)
    keywords = {"let", "var", "func", "return", "if", "else", "for", "in", "while", "guard", "switch", "case",
                "struct", "class", "enum", "self", "true", "false", "nil"}

    def make_line():
        toks = []
        indent = " " * (4 * rng.randint(0, 3))
        toks.append((indent, DEFAULT))
        n = rng.randint(14, 24)
        for _ in range(n):
            r = rng.random()
            if r < 0.1:
                w = f'"{rng.choice(WORDS)} {rng.choice(WORDS)}"'
                toks.append((w, str_st))
            elif r < 0.2:
                toks.append((str(rng.randint(0, 9999)), num_st))
            else:
                w = rng.choice(CODE_WORDS)
                toks.append((w, kw_st if w in keywords else id_st))
            toks.append((rng.choice([" ", " ", ", ", " = ", "."]), DEFAULT))
        return [(ch, st) for word, st in toks for ch in word]

    body = [make_line() for _ in range(rows - 1)]
    # A table in rows 26..37: columns that widen now and then.
    table_rows = range(26, 38)
    table = [[rng.choice(CODE_WORDS), str(rng.randint(0, 99999)), rng.choice(WORDS), rng.choice(WORDS)]
             for _ in table_rows]
    widths = [10, 7, 9, 9]
    cur_line, cur_col = 5, 20
    for f in range(80):
        op = rng.random()
        if f % 10 == 9:
            # A column of the table widens or narrows by 1-3: every table row shifts right of it.
            k = rng.randrange(0, 3)
            widths[k] = max(6, widths[k] + rng.choice([-3, -2, -1, 1, 2, 3]))
        elif op < 0.45:
            # Typing: 1-4 characters inserted at the cursor of the current line.
            text = rng.choice(CODE_WORDS)[: rng.randint(1, 4)]
            line = body[cur_line]
            at = min(cur_col, len(line))
            line[at:at] = [(ch, id_st) for ch in text]
            cur_col = at + len(text)
        elif op < 0.75:
            # Deleting a word (3-8 characters) somewhere on a line.
            r = rng.randrange(1, 25)
            line = body[r]
            if len(line) > 40:
                at = rng.randrange(4, 30)
                del line[at: at + rng.randint(3, 8)]
        elif op < 0.9:
            # Pasting a short phrase into another line.
            r = rng.randrange(1, 25)
            line = body[r]
            at = rng.randrange(0, min(30, len(line)))
            phrase = f" {rng.choice(CODE_WORDS)}({rng.choice(CODE_WORDS)})"
            line[at:at] = [(ch, id_st) for ch in phrase]
        else:
            cur_line, cur_col = rng.randrange(1, 25), rng.randrange(8, 30)
        c = Canvas(cols, rows)
        for r in range(rows - 1):
            c.text(r, 0, f"{r + 1:4d} ", gutter)
            if r in table_rows:
                cells = table[r - table_rows.start]
                col = 5
                for k, v in enumerate(cells):
                    c.text(r, col, v[: widths[k]], [id_st, num_st, DEFAULT, str_st][k])
                    col += widths[k] + 2
                continue
            for i, (ch, st) in enumerate(body[r][: cols - 5]):
                c.cells[r][5 + i] = (ch, st if ch != " " else DEFAULT)
        c.fill(rows - 1, 0, cols, " ", status)
        c.text(rows - 1, 1, f"NORMAL  main.swift  {cur_line + 1}:{cur_col + 1}  frame {f + 1}", status)
        fw.add(f"edit {f + 1}", c.grid())
    return fw


CJK_PHRASES = ["終端の描画は変化した部分だけを書く", "宽字符占两列", "화면의 바뀐 칸만 다시 쓴다",
               "文字列の幅を正しく測る", "日本語と中文の混在した文章", "滚动区域和插入删除行", "これはページャーのテストです",
               "全角記号：「」、。・！？", "表示幅が二の文字", "光标移动的代价模型"]
EMOJI = ["😀", "🎉", "✨", "🚀", "📦", "🔥", "✅", "⭐", "❤️", "👍🏽", "🇯🇵", "👨‍👩‍👧", "🙂", "📝", "⚠️"]


def gen_pager_cjk(name):
    cols, rows = 80, 24
    rng = random.Random(2424)
    fw = writer(cols, rows, name,
                "a pager (less) over CJK text with emoji (plain, VS16, skin tone, flag, ZWJ): scrolling 1-3 lines, "
                "page down, and a search highlight; wide graphemes on every line")
    status = Style(attrs=frozenset({"reverse"}))
    hit = Style(fg=16, bg=220)
    head = Style(fg=75, attrs=frozenset({"bold"}))
    lines = []
    for i in range(600):
        if i % 17 == 0:
            lines.append([(f"第{i // 17 + 1}章 {rng.choice(CJK_PHRASES)} {rng.choice(EMOJI)}", head)])
            continue
        parts, width = [], 0
        target = rng.randint(20, cols - 2)
        while True:
            r = rng.random()
            if r < 0.55:
                piece = rng.choice(CJK_PHRASES)[: rng.randint(2, 8)]
            elif r < 0.75:
                piece = rng.choice(EMOJI)
            else:
                piece = rng.choice(WORDS)
            piece += rng.choice(["", " ", "、", "。"])
            w = sum(cluster_width(cl) for cl in clusters(piece))
            if width + w > target:
                break
            parts.append((piece, DEFAULT))
            width += w
        lines.append(parts)
    top = 0
    needle = "幅"
    for f in range(90):
        if f % 12 == 11:
            top += rows - 1  # page down
        elif f % 12 == 5:
            top = max(0, top - rng.randint(1, 3))  # back up a little
        else:
            top += rng.randint(1, 3)
        search = 30 <= f < 60
        c = Canvas(cols, rows)
        for r in range(rows - 1):
            col = 0
            for piece, st in lines[(top + r) % len(lines)]:
                for cl in clusters(piece):
                    w = cluster_width(cl)
                    if w == 0 or col + w > cols:
                        continue
                    c.set(r, col, cl, hit if search and cl == needle else st)
                    col += w
        c.fill(rows - 1, 0, cols, " ", status)
        c.text(rows - 1, 0, f"doc.txt 行 {top + 1}-{top + rows - 1}/{len(lines)} {100 * (top + rows - 1) // len(lines)}%",
               status)
        fw.add(f"pager {f + 1} top {top}", c.grid())
    return fw


GENERATORS = {
    "log-scroll-200x60": gen_log_scroll,
    "churn-200x60": gen_churn,
    "unicode-80x24": gen_unicode,
    "dense-styles-120x40": gen_dense_styles,
    "one-cell-200x60": gen_one_cell,
    "static-200x60": gen_static,
    "sparse-200x60": gen_sparse,
    "reflow-120x40": gen_reflow,
    "hscroll-120x40": gen_hscroll,
    "edit-shift-120x40": gen_edit_shift,
    "pager-cjk-emoji-80x24": gen_pager_cjk,
}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("names", nargs="*", help="fixtures to write (default: all)")
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT)
    a = ap.parse_args()
    names = a.names or list(GENERATORS)
    for n in names:
        if n not in GENERATORS:
            ap.error(f"unknown fixture {n!r}; known: {', '.join(GENERATORS)}")
    a.out.mkdir(parents=True, exist_ok=True)
    for n in names:
        fw = GENERATORS[n](n)
        path = a.out / f"{n}.tuiframes"
        fw.write(path)
        print(f"{n}: {len(fw.frames)} frames, {len(fw.keys)} styles, {path.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
