#!/usr/bin/env python3
"""Bytes of the engine's writer against ncurses on tuiframes fixtures.

Replays each file with `tuibench replay --format json` and with
`ncurses-replay --json` (build it: make -C Fixtures/tools/ncurses-replay) and
prints both totals, their ratio and the geometric mean of the ratios.
ncurses runs with --leaveok by default (it leaves the cursor where it
stopped, as the engine's writer does; without it ncurses pays a home move
per frame): --park turns that off. Colours: the engine down-samples to
--colors (default 256, what ncurses' xterm-256color can show). Emoji widths:
--emoji-widths settled (default: what the engine's start-up probe finds in
tmux 3.3a, where the recordings were made) or cautious (re-anchor after every
emoji code point, as on a terminal that was not asked).

Usage:
    compare_ncurses.py [--tuibench PATH] [--colors 256] [--emoji-widths settled] [--park] [--json] [FILE_OR_DIR...]
"""

from __future__ import annotations

import argparse
import json
import math
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def files(args: list[str]) -> list[Path]:
    out = []
    for a in args or [str(ROOT / "Fixtures/recordings"), str(ROOT / "Fixtures/synthetic")]:
        p = Path(a)
        out += sorted(p.glob("*.tuiframes")) if p.is_dir() else [p]
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("paths", nargs="*")
    ap.add_argument("--tuibench", default=str(ROOT / ".build/release/tuibench"))
    ap.add_argument("--ncurses", default=str(ROOT / "Fixtures/tools/ncurses-replay/ncurses-replay"))
    ap.add_argument("--colors", default="256")
    ap.add_argument("--emoji-widths", default="settled", choices=["settled", "cautious"])
    ap.add_argument("--park", action="store_true", help="ncurses parks the cursor at home after each frame")
    ap.add_argument("--iterations", default="3")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    rows, ratios = [], []
    for f in files(a.paths):
        ours = json.loads(subprocess.run([a.tuibench, "replay", "--format", "json", "--colors", a.colors,
                                          "--iterations", a.iterations, "--emoji-widths", a.emoji_widths, str(f)],
                                         check=True, capture_output=True, text=True).stdout)["files"][0]
        cmd = [a.ncurses, "--json", str(f)] + ([] if a.park else ["--leaveok"])
        theirs = json.loads(subprocess.run(cmd, check=True, capture_output=True, text=True).stdout)
        ratio = ours["totalBytes"] / theirs["totalBytes"]
        ratios.append(ratio)
        rows.append({"file": f.name, "bytes": ours["totalBytes"], "ncursesBytes": theirs["totalBytes"], "ratio": ratio,
                     "medianEncodeNanoseconds": ours["medianEncodeNanoseconds"]})
    geo = math.exp(sum(math.log(r) for r in ratios) / len(ratios))
    if a.json:
        print(json.dumps({"files": rows, "geoMean": geo}, indent=2))
        return 0
    print(f"{'file':40} {'engine':>10} {'ncurses':>10} {'ratio':>7} {'encode p50':>11}")
    for r in rows:
        print(f"{r['file']:40} {r['bytes']:>10,} {r['ncursesBytes']:>10,} {r['ratio']:>7.3f} "
              f"{r['medianEncodeNanoseconds'] / 1000:>9.1f}µs")
    print(f"geo-mean ratio {geo:.3f} over {len(rows)} files; worst {max(ratios):.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
