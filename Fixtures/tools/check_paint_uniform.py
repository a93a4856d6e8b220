#!/usr/bin/env python3
"""Every node behaviour that paints says whether its paint is row-uniform.

A scrolling container shifts its cells instead of repainting them
(`ScrollBlit`, Sources/Engine/Graph/ViewGraph+ScrollBlit.swift) only while
everything outside it that paints into its region paints every row of the
region alike. Painting asks each such painter
`paintIsRowUniform(_:visible:over:painted:)`, whose default answers `true`
because the default `paint(_:into:clip:inherited:)` draws nothing. So a
class that overrides `paint` must override `paintIsRowUniform` too, or a
new painter (a badge, a chart) drawn over a list would be shifted with the
list's rows. This check enforces that, per class, over Sources/Engine and
Examples.

Usage: check_paint_uniform.py [ROOT]   (ROOT: the package, default: this repo)
Prints `path:line: Name overrides paint(...) but not paintIsRowUniform(...)`
per violation and a closing `paint uniformity: N passed, M failed` line;
exits 1 on any violation.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

CLASS = re.compile(r"^(?:[\w@()]+\s+)*class\s+(?P<name>\w+)", re.M)
PAINT = re.compile(r"^\s+override\s+func\s+paint\s*\(", re.M)
UNIFORM = re.compile(r"^\s+override\s+func\s+paintIsRowUniform\s*\(", re.M)


def check(root: Path) -> int:
    failures, checked = [], 0
    paths = sorted((root / "Sources" / "Engine").rglob("*.swift")) + sorted((root / "Examples").rglob("*.swift"))
    for path in paths:
        text = path.read_text()
        starts = [m for m in CLASS.finditer(text)]
        for i, m in enumerate(starts):
            end = starts[i + 1].start() if i + 1 < len(starts) else len(text)
            body = text[m.start():end]
            paint = PAINT.search(body)
            if not paint:
                continue
            checked += 1
            if not UNIFORM.search(body):
                line = text.count("\n", 0, m.start() + paint.start()) + 1
                failures.append(f"{path.relative_to(root)}:{line}: {m['name']} overrides paint(...) "
                                "but not paintIsRowUniform(...)")
    for f in failures:
        print(f)
    print(f"paint uniformity: {checked - len(failures)} passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(check(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parents[2]))
