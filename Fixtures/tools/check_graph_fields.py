#!/usr/bin/env python3
"""Nothing outside Sources/Engine/Graph/ writes a field of ViewGraph.

Swift's access control is per file, so the graph's fields that several
files of Graph/ share (the frame's queues, its statistics) are `internal`:
the compiler cannot keep the rest of the module from writing them. This
check does, as ARCHITECTURE.md states:

- a stored property of `ViewGraph` that is settable inside the module
  (`var` without `private`, `private(set)` or `fileprivate`) and not public
  may not be named at all outside Graph/ (as `graph.name`, `self.name`, or
  bare inside an `extension ViewGraph`): other layers call the graph's
  named API instead;
- one that is public but `internal(set)` may be read there, not written
  (assigned, compound-assigned, or changed by a mutating call such as
  `append`).

Public properties with a public setter are the graph's configuration
(`onNeedsFrame`, `profiler`, …) and are not checked. Classes the graph
holds with `let` (`focusTracker`, `presentations`, `registries`) keep
their own fields private: calling their API is how other layers use them.

Usage: check_graph_fields.py [ROOT]   (ROOT: the package, default: this repo)
Prints `path:line: writes ViewGraph.name outside Graph/` per violation and a
closing `graph fields: N passed, M failed` line; exits 1 on any violation.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

PROPERTY = re.compile(
    r"^    (?:@[\w()]+\s+)*(?P<access>(?:(?:public|internal|private|fileprivate)(?:\(set\))?\s+)*)"
    r"(?P<kind>var|let)\s+(?P<name>\w+)"
)
MUTATING_CALL = r"\.(?:append|removeAll|removeLast|removeFirst|remove|insert|reserveCapacity|sort|popLast|add|formUnion)\s*\("


def strip(source: str) -> str:
    """Comments and string literals blanked (line breaks kept, so lines still count)."""
    out = []
    i, n = 0, len(source)
    while i < n:
        if source.startswith("//", i):
            j = source.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif source.startswith("/*", i):
            j = source.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", source[i:j]))
            i = j
        elif source.startswith('"""', i):
            j = source.find('"""', i + 3)
            j = n if j < 0 else j + 3
            out.append(re.sub(r"[^\n]", " ", source[i:j]))
            i = j
        elif source[i] == '"':
            j = i + 1
            while j < n and source[j] not in '"\n':
                j += 2 if source[j] == "\\" else 1
            j = min(j + 1, n)
            out.append(" " * (j - i))
            i = j
        else:
            out.append(source[i])
            i += 1
    return "".join(out)


def graph_fields(graph_file: Path) -> tuple[set[str], set[str]]:
    """(names hidden outside Graph/, names readable but not writable there)."""
    text = strip(graph_file.read_text())
    body = text[text.index("public final class ViewGraph"):]
    hidden, read_only = set(), set()
    for line in body.splitlines():
        m = PROPERTY.match(line)
        if not m or m["kind"] == "let":
            continue
        access = m["access"] or ""
        if "private" in access:
            continue
        if "public" in access and "internal(set)" not in access:
            continue  # configuration with a public setter
        (read_only if "public" in access else hidden).add(m["name"])
    return hidden, read_only


def extension_ranges(text: str) -> list[tuple[int, int]]:
    """Character ranges of `extension ViewGraph` bodies."""
    ranges = []
    for m in re.finditer(r"\bextension\s+ViewGraph\b[^{]*\{", text):
        depth, i = 1, m.end()
        while i < len(text) and depth:
            depth += {"{": 1, "}": -1}.get(text[i], 0)
            i += 1
        ranges.append((m.end(), i))
    return ranges


def check(root: Path) -> int:
    engine = root / "Sources" / "Engine"
    hidden, read_only = graph_fields(engine / "Graph" / "ViewGraph.swift")
    failures, checked = [], 0
    for path in sorted(engine.rglob("*.swift")):
        if (engine / "Graph") in path.parents:
            continue
        checked += 1
        text = strip(path.read_text())
        inside = extension_ranges(text)
        names = "|".join(sorted(hidden | read_only))
        if not names:
            continue
        qualified = re.compile(rf"(?:\bgraph|\bself)\s*\.\s*(?P<name>{names})\b")
        bare = re.compile(rf"(?<![\w.])(?P<name>{names})\b")
        hits = [(m, m.start()) for m in qualified.finditer(text)]
        hits += [(m, m.start()) for m in bare.finditer(text) if any(a <= m.start() < b for a, b in inside)]
        for m, at in hits:
            name = m["name"]
            rest = text[m.end():m.end() + 200]
            if name in read_only:
                write = re.match(rf"\s*(?:\.\w+|\[[^\]\n]*\])*\s*(?:(?<![=!<>])=(?!=)|[-+*/]=|{MUTATING_CALL})", rest)
                if not write:
                    continue
            line = text.count("\n", 0, at) + 1
            what = "writes" if name in read_only else "names"
            failures.append(f"{path.relative_to(root)}:{line}: {what} ViewGraph.{name} outside Graph/ "
                            "(use the graph's API)")
    for f in failures:
        print(f)
    print(f"graph fields: {checked - len({f.split(':')[0] for f in failures})} passed, "
          f"{len({f.split(':')[0] for f in failures})} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(check(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parents[2]))
