#!/usr/bin/env python3
"""Checks the layer rules ARCHITECTURE.md writes down (python3, stdlib only).

    python3 Fixtures/tools/check_layers.py [ROOT]

ROOT is the package (default: the repository this script is in). What is
checked:

- Each lower folder of Sources/Engine uses only names declared in itself or
  in the folders LAYERS allows it. A name is a type-like (capitalised) name
  declared at the top level of a file (class, struct, enum, protocol, actor,
  typealias) or a free function, variable or constant declared at the top
  level; members are not checked (common member names would give false
  alarms). The files are tokenised with comments and string literals
  removed (the code inside an interpolation is kept). A name declared in
  more than one folder is only a violation when none of them is allowed.
- Each lower folder imports only the modules MODULES allows it.
- Host never uses a name declared only in Runtime.
- Profiler (Sources/Profiler, its own target) imports only system and
  toolchain modules.
- Once Sources/Engine/Platform exists: no other file of Engine imports a
  platform module (Glibc, Musl, Darwin).
- EngineTesting (Sources/EngineTesting, the test kit apps link) imports only
  Engine, the test libraries and system and toolchain modules, and never
  `@testable`: an app's tests cannot use @testable on a dependency, so the
  kit is built on Engine's public API as they are.
- EngineFoundation (Sources/EngineFoundation, what needs Foundation)
  imports only Engine, Foundation and system and toolchain modules, never
  `@testable` (it reaches Engine's `package` declarations).

Every violation is printed as `path:line: <layer> uses <Name> from <layer>`,
then `layers: N passed, M failed` (files checked); the status is 1 when
anything failed.
"""

import os
import re
import sys

# What each lower folder of Sources/Engine may use, besides itself. The
# folders above them (Graph, View, Primitives, Modifiers, State, Focus,
# Events, Lifecycle, Controls, Host, Runtime) may use every one of them.
LAYERS = {
    "Platform": set(),                                               # system calls only
    "Text": {"Platform"},
    "Cells": {"Text", "Platform"},
    "Profiling": {"Platform"},                                       # activeProfiler(_:), over the Profiler module
    "Images": {"Cells", "Text", "Platform"},                          # pixel images, decoding, image protocols
    "Terminal": {"Cells", "Text", "Platform", "Profiling", "Images"},
    "Input": {"Cells", "Text", "Platform"},
    "Layout": {"Cells", "Text", "Platform"},                         # pure layout maths
    "Replay": {"Terminal", "Cells", "Text", "Platform", "Profiling"},
}

# The modules each lower folder may import. Every folder may import the
# standard library's own modules; Profiling, and the folders that may use
# it, may name the Profiler module's types (a `Profiler?` is what
# activeProfiler(_:) hands out).
SYSTEM_MODULES = {"Glibc", "Musl", "Darwin", "WinSDK", "Android", "Bionic"}
TOOLCHAIN_MODULES = {"Swift", "_Concurrency", "Synchronization", "Dispatch", "Foundation", "FoundationEssentials",
                     "Observation", "os"}
MODULES = {
    "Platform": SYSTEM_MODULES | {"CTerminalPlatform"},
    "Text": {"CUnistring"},
    "Cells": set(),
    "Profiling": {"Profiler"},
    "Images": {"CImageCodecs"},
    "Terminal": {"Profiler"},
    "Input": set(),
    "Layout": set(),
    "Replay": {"Profiler"},
}
# Names that belong to another folder than the one declaring them (none now;
# an entry here says which layer a name counts as while it moves).
OWNER_OVERRIDES: dict[str, str] = {}

# What the test kit (its own target) may import besides system and toolchain modules.
KIT_MODULES = {"Engine", "Testing", "XCTest"}

# Host ties the graph to a canvas; Runtime owns a Host, never the reverse.
FORBIDDEN = {"Host": {"Runtime"}}

DECLARATION = re.compile(
    r"^(?P<indent>[ \t]*)(?:@[\w.]+(?:\([^)]*\))?\s+)*"
    r"(?:(?:public|package|internal|fileprivate|private|open|final|static|class|indirect|nonisolated|"
    r"mutating|nonmutating|override|convenience|required|lazy|weak|unowned|dynamic|borrowing|consuming)"
    r"(?:\([^)]*\))?\s+)*"
    r"(?P<kind>class|struct|enum|protocol|actor|typealias|func|var|let|extension)\s+"
    r"(?P<name>`?[A-Za-z_]\w*`?)")
IMPORT = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*import\s+(?:(?:typealias|struct|class|enum|protocol|func|var|let)\s+)?"
                    r"(?P<module>\w+)")
# An identifier not reached through a dot (`MouseEvent.Button` names a
# member, not the top-level `Button`).
IDENTIFIER = re.compile(r"(?<![.\w])\s*`?([A-Za-z_][A-Za-z0-9_]*)`?")
TYPE_KINDS = {"class", "struct", "enum", "protocol", "actor", "typealias"}


def strip(source):
    """Returns `source` with comments and string literals blanked (newlines
    kept, so line numbers stay); the code inside `\\( … )` stays."""
    out = []
    i, n = 0, len(source)
    # A stack of contexts: ("code", paren depth) or ("string", hashes, multiline).
    stack = [("code", 0)]
    while i < n:
        c = source[i]
        top = stack[-1]
        if top[0] == "code":
            if source.startswith("//", i):
                end = source.find("\n", i)
                end = n if end < 0 else end
                i = end
                continue
            if source.startswith("/*", i):
                depth, j = 1, i + 2
                while j < n and depth:
                    if source.startswith("/*", j):
                        depth, j = depth + 1, j + 2
                    elif source.startswith("*/", j):
                        depth, j = depth - 1, j + 2
                    else:
                        j += 1
                out.append("\n" * source.count("\n", i, j))
                i = j
                continue
            m = re.match(r'(#*)("""|")', source[i:i + 64])
            if m and (m.group(1) == "" or source[i] == "#"):
                hashes = len(m.group(1))
                multiline = m.group(2) == '"""'
                stack.append(("string", hashes, multiline))
                out.append(" ")
                i += m.end()
                continue
            if c == "(" and len(stack) > 1:
                stack[-1] = ("code", top[1] + 1)
            elif c == ")" and len(stack) > 1:
                if top[1] == 0:
                    stack.pop()  # the end of an interpolation: back in the string
                    out.append(" ")
                    i += 1
                    continue
                stack[-1] = ("code", top[1] - 1)
            out.append(c)
            i += 1
        else:
            _, hashes, multiline = top
            close = ('"""' if multiline else '"') + "#" * hashes
            if source.startswith(close, i):
                stack.pop()
                out.append(" ")
                i += len(close)
                continue
            escape = "\\" + "#" * hashes
            if source.startswith(escape, i):
                j = i + len(escape)
                if j < n and source[j] == "(":
                    stack.append(("code", 0))
                    out.append(" ")
                    i = j + 1
                    continue
                i = j + 1  # an escaped character
                continue
            if c == "\n":
                out.append("\n")
                if not multiline:
                    stack.pop()  # an unterminated literal ends with its line
            i += 1
    return "".join(out)


def swift_files(folder):
    for base, dirs, files in os.walk(folder):
        dirs.sort()
        for f in sorted(files):
            if f.endswith(".swift"):
                yield os.path.join(base, f)


def declarations(text):
    """(kind, name, line, top level) for each declaration in stripped `text`."""
    result = []
    depth = 0
    for number, line in enumerate(text.split("\n"), 1):
        m = DECLARATION.match(line)
        if m:
            result.append((m.group("kind"), m.group("name").strip("`"), number, depth == 0))
        depth += line.count("{") - line.count("}")
    return result


def folder_of(root, path):
    parts = os.path.relpath(path, os.path.join(root, "Sources", "Engine")).split(os.sep)
    return parts[0] if len(parts) > 1 else ""


def main(argv):
    root = os.path.abspath(argv[1] if len(argv) > 1 else os.path.join(os.path.dirname(__file__), "..", ".."))
    engine = os.path.join(root, "Sources", "Engine")
    if not os.path.isdir(engine):
        print(f"{engine}: no such folder")
        return 2
    has_platform = os.path.isdir(os.path.join(engine, "Platform"))

    stripped = {}
    local = {}  # folder -> every name it declares, at any depth (they shadow other folders' names)
    owners = {}  # name -> set of folders declaring it (type-like names and top-level free names)
    for path in swift_files(engine):
        with open(path, encoding="utf-8") as f:
            text = strip(f.read())
        stripped[path] = text
        folder = folder_of(root, path)
        for kind, name, _, top in declarations(text):
            local.setdefault(folder, set()).add(name)
            if not top or kind == "extension":
                continue
            if kind in TYPE_KINDS and not name[0].isupper():
                continue
            owners.setdefault(name, set()).add(folder)
    for name, folder in OWNER_OVERRIDES.items():
        if name in owners:
            owners[name] = {folder}

    checked = failed = 0
    violations = []

    def report(path, number, message):
        violations.append(f"{os.path.relpath(path, root)}:{number}: {message}")

    for path, text in stripped.items():
        folder = folder_of(root, path)
        if folder in LAYERS:
            allowed = LAYERS[folder] | {folder}
            forbidden = None
        elif folder in FORBIDDEN:
            allowed = None
            forbidden = FORBIDDEN[folder]
        else:
            allowed = forbidden = None
        before = len(violations)
        lines = text.split("\n")
        if allowed is not None or forbidden is not None:
            own = local.get(folder, set())
            for number, line in enumerate(lines, 1):
                seen = set()
                for token in IDENTIFIER.findall(line):
                    if token in seen or token not in owners or token in own:
                        continue
                    seen.add(token)
                    where = owners[token]
                    if allowed is not None and not (where & allowed):
                        report(path, number, f"{folder} uses {token} from {'/'.join(sorted(where))}")
                    elif forbidden is not None and where <= forbidden:
                        report(path, number, f"{folder} uses {token} from {'/'.join(sorted(where))}")
        # Imports: what a lower folder may import, and the platform modules.
        for number, line in enumerate(lines, 1):
            m = IMPORT.match(line)
            if not m:
                continue
            module = m.group("module")
            if module in SYSTEM_MODULES:
                # Until Platform exists every folder still imports the C library itself.
                if has_platform and folder != "Platform":
                    report(path, number, f"{folder} imports {module} (only Platform imports a platform module)")
                continue
            if folder in LAYERS and module not in MODULES[folder] and module not in TOOLCHAIN_MODULES:
                report(path, number, f"{folder} imports {module}")
        if allowed is not None or forbidden is not None or has_platform:
            checked += 1
            failed += len(violations) > before

    # Profiler imports nothing of ours.
    for path in swift_files(os.path.join(root, "Sources", "Profiler")):
        with open(path, encoding="utf-8") as f:
            text = strip(f.read())
        before = len(violations)
        for number, line in enumerate(text.split("\n"), 1):
            m = IMPORT.match(line)
            if m and m.group("module") not in SYSTEM_MODULES | TOOLCHAIN_MODULES:
                report(path, number, f"Profiler imports {m.group('module')}")
        checked += 1
        failed += len(violations) > before

    # The test kit (Engine's public API and the test libraries) and
    # EngineFoundation (Engine and Foundation): never @testable.
    for target, allowed in (("EngineTesting", KIT_MODULES), ("EngineFoundation", {"Engine", "Foundation"})):
        for path in swift_files(os.path.join(root, "Sources", target)):
            with open(path, encoding="utf-8") as f:
                text = strip(f.read())
            before = len(violations)
            for number, line in enumerate(text.split("\n"), 1):
                m = IMPORT.match(line)
                if not m:
                    continue
                module = m.group("module")
                if re.match(r"\s*@testable\b", line):
                    report(path, number, f"{target} uses @testable import {module}")
                elif module not in allowed | SYSTEM_MODULES | TOOLCHAIN_MODULES:
                    report(path, number, f"{target} imports {module}")
            checked += 1
            failed += len(violations) > before

    for v in violations:
        print(v)
    print(f"layers: {checked - failed} passed, {failed} failed")
    return 1 if violations else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
