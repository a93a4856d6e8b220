#!/usr/bin/env python3
"""The engine's generic views can be specialised in an app's module.

The engine is built with cross-module optimisation: an app's module
specialises the engine's generic code for the app's view types, so that a
list's rows, say, are compared, copied and reconciled by code made for
them. Three things stop that, silently, for everything below the view
where they happen (generic metadata is then looked up per node, values are
copied and compared through value witnesses; see `ListFace`'s comment and
`ViewGraph.reconcileComposite(_:node:body:)`):

1. an internal type: its conformance to `View` is not seen by the app's
   module, so its `_reconcile` is called through the witness table,
   unspecialised;
2. a body of opaque type (`some View`): the type behind it is not seen
   either;
3. a key path literal (`@Environment(\\.theme)`, `.environment(\\.x, …)`,
   `columns.map(\\.cell)`): a function holding one is not serialised for
   other modules (the view's `init` holds its `@Environment` properties'
   initialisers).
4. a conditional `Equatable` conformance (`extension Row: Equatable where
   Content: Equatable`) without a `_isSame` of the view's own: `View`'s
   `_isSame` witness is chosen where the view conforms to `View`, where
   its content is not known to be `Equatable`, so every node of it is
   compared through a conformance found at run time (a dynamic cast and
   `Equatable.==` through the witness table, for every row of a list).

For every struct in Sources/Engine that conforms to `View` (or
`PrimitiveView`) and has a generic parameter constrained to `View` (it
holds an app's views), this check requires that it is public (1), that a
`some View` body comes with a `_reconcile` of its own, which reconciles a
body of concrete type (2), that it holds no key path literal (3), and that
a conditional `Equatable` comes with a `_isSame` (4). Views not converted yet are listed in PENDING below; a
listed view that passes is reported, so the list only shrinks.

Usage: check_specialisable.py [ROOT] [--partial]
(ROOT: the package, default: this repo; --partial: ROOT holds only some of
the sources, so a PENDING name not found there is not reported)
Prints `path:line: Name: reason` per violation and a closing
`specialisable views: N passed, M failed (K pending)` line; exits 1 on any
violation.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

STRUCT = re.compile(r"^(?P<access>public |private |fileprivate )?struct\s+(?P<name>\w+)<(?P<generics>[^{]*?)>\s*:"
                    r"(?P<conformances>[^{]*)\{", re.M)
VIEW_PARAM = re.compile(r"\w+\s*:\s*View\b")
CONFORMS = re.compile(r"\b(View|PrimitiveView)\b")
OPAQUE_BODY = re.compile(r"^\s+(?:@ViewBuilder\s+)?(?:public\s+)?var\s+body\s*:\s*some\s+View", re.M)
RECONCILE = re.compile(r"^\s+public\s+static\s+func\s+_reconcile\s*\(", re.M)
KEY_PATH_LITERAL = re.compile(r"\\(?:[A-Z][\w.<>, ]*)?\.[a-z_]\w*")
COMMENT = re.compile(r"^\s*//.*$", re.M)
CONDITIONAL_EQUATABLE = re.compile(r"^extension\s+(\w+)\s*:[^{]*\bEquatable\b[^{]*\bwhere\b", re.M)
IS_SAME = re.compile(r"^\s+public\s+static\s+func\s+_isSame\s*\(", re.M)

# Generic views that still stop specialisation, with what they cost: none
# is on a per-row or per-frame path of the scenarios measured (their
# content is type-erased below them, or they are made once per screen).
PENDING = {
    "LazySectionBar": "a lazy stack's pinned section header; its rows are type-erased (AnyView)",
    "ListContentView": "List { … }: its rows are type-erased (AnyView) below it",
    "Menu": "one per menu",
    "Picker": "one per picker",
    "_MarkdownCodeHighlighterView": "one per Markdown view with a code highlighter",
    "ContextMenuView": "one per context menu",
    "SheetPresenter": "one per presented sheet",
    "Slider": "one per slider",
    "Gauge": "one per gauge",
}


def struct_body(text: str, start: int) -> str:
    """From a top-level struct's declaration to its closing brace at column 0."""
    end = text.find("\n}", start)
    return text[start:end if end >= 0 else len(text)]


def check(root: Path, partial: bool = False) -> int:
    failures, passed, pending_seen = [], 0, set()
    sources = [p for p in sorted((root / "Sources" / "Engine").rglob("*.swift")) if ".docc" not in p.parts]
    texts = {path: path.read_text() for path in sources}
    conditionally_equatable = {m.group(1) for text in texts.values() for m in CONDITIONAL_EQUATABLE.finditer(text)}
    for path in sources:
        text = texts[path]
        for m in STRUCT.finditer(text):
            if not CONFORMS.search(m["conformances"]):
                continue
            name, body = m["name"], struct_body(text, m.start())
            line = text.count("\n", 0, m.start()) + 1
            reasons = []
            if m["access"] != "public ":
                reasons.append("not public: an app's module calls its _reconcile through the witness table")
            if OPAQUE_BODY.search(body) and not RECONCILE.search(body):
                reasons.append("a `some View` body without a _reconcile of its own (reconcileComposite with a "
                               "body of concrete type)")
            literal = KEY_PATH_LITERAL.search(COMMENT.sub("", body))
            if literal:
                reasons.append(f"a key path literal ({literal.group(0)}): use a constant (EnvironmentPaths) "
                               "or a closure")
            if name in conditionally_equatable and not IS_SAME.search(body):
                reasons.append("a conditional Equatable without a _isSame of its own (its content's _isSame, "
                               "specialised): its nodes are compared through a conformance found at run time")
            if name in PENDING:
                pending_seen.add(name)
                if not reasons:
                    failures.append(f"{path.relative_to(root)}:{line}: {name}: passes now; take it off PENDING")
                continue
            if reasons:
                failures.extend(f"{path.relative_to(root)}:{line}: {name}: {r}" for r in reasons)
            else:
                passed += 1
    for name in sorted(set(PENDING) - pending_seen if not partial else ()):
        failures.append(f"PENDING names {name}, which is no generic view any more; take it off")
    for f in failures:
        print(f)
    print(f"specialisable views: {passed} passed, {len(failures)} failed ({len(pending_seen)} pending)")
    return 1 if failures else 0


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if a != "--partial"]
    sys.exit(check(Path(args[0]) if args else Path(__file__).resolve().parents[2], "--partial" in sys.argv[1:]))
