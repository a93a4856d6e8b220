#!/usr/bin/env python3
"""Instructions per frame and per evaluated node, counted by callgrind.

Runs `tuibench steady CASE` under `valgrind --tool=callgrind` with
collection on only inside the measured frames (`--collect-atstart=no
--toggle-collect='*callgrindMeasuredFrame*'`) and SWIFT_DETERMINISTIC_HASHING=1
(without it, hash seeds move identical runs by ~1e5 instructions), then
prints instructions (Ir) per frame and per body evaluation. The malloc
interposer linked into tuibench (libMallocInterposerSwift.so) counts nothing
in `steady` but its wrappers still run; their own instructions are reported
and subtracted.

A case is a scenario with options: `tree`, `tree,depth=8`,
`list,rows=100000`, `one-cell,size=400x120`, `state-churn,frames=40`.
`--suite baseline` and `--suite scale` name the issue-12 sets; a scale
group prints the ratio of its largest to its smallest size.

`--method difference` checks the toggle: it counts the whole process for N
and 2N measured frames (same warm-up) and prints (I(2N) - I(N)) / N.

Usage:
    instructions.py [--tuibench PATH] [--suite baseline|scale] [--method toggle|difference]
                    [--frames N] [--warmup N] [--json] [--per-frame] [CASE...]

`--per-frame` also prints each measured frame apart (callgrind's
`--dump-after`): instructions, evaluations, nodes created and instructions
per created node — nav-push's push and pop frames, for instance.
See docs/instructions.md.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

SUITES = {
    "baseline": [
        "deep-chain,depth=200", "tree", "list,rows=1000", "list,rows=100000", "state-tree",
        "state-churn,frames=40,warmup=20", "churn,frames=20,warmup=5", "unicode", "one-cell",
    ],
    # (group, case): a group's cases share the length of the changed path
    # (tree: the path grows one level per size; see docs/instructions.md).
    "scale": [
        ("tree (path grows with depth)", "tree,depth=4"), ("tree (path grows with depth)", "tree,depth=5"),
        ("tree (path grows with depth)", "tree,depth=6"), ("tree (path grows with depth)", "tree,depth=7"),
        ("state-tree (same path)", "state-tree,depth=4"), ("state-tree (same path)", "state-tree,depth=5"),
        ("state-tree (same path)", "state-tree,depth=6"), ("state-tree (same path)", "state-tree,depth=7"),
        ("one cell (screen size)", "one-cell,size=80x24"), ("one cell (screen size)", "one-cell,size=200x60"),
        ("one cell (screen size)", "one-cell,size=400x120"),
        ("list (rows)", "list,rows=1000"), ("list (rows)", "list,rows=100000"),
        ("line chart (points)", "line-chart,rows=1000"), ("line chart (points)", "line-chart,rows=100000"),
        ("line chart over a store (points)", "line-chart-store,rows=1000"),
        ("line chart over a store (points)", "line-chart-store,rows=1000000"),
        # Issue 24's data views: a frame's cost follows what is shown, not
        # the tree's nodes, the log's lines or the document's length.
        ("outline (nodes)", "outline-expand,rows=10000"), ("outline (nodes)", "outline-expand,rows=1000000"),
        ("log (lines)", "log-append,rows=1000"), ("log (lines)", "log-append,rows=100000"),
        ("markdown (lines)", "markdown-scroll,rows=1000"), ("markdown (lines)", "markdown-scroll,rows=20000"),
        ("markdown streamed (lines)", "markdown-stream,rows=1000"),
        ("markdown streamed (lines)", "markdown-stream,rows=20000"),
        ("markdown streamed into a store (lines)", "markdown-stream-store,rows=1000"),
        ("markdown streamed into a store (lines)", "markdown-stream-store,rows=100000"),

        ("lazy grid (cells)", "lazy-grid,rows=1000"), ("lazy grid (cells)", "lazy-grid,rows=100000"),
    ],
}

# The object the allocation interposer's wrappers live in (tuibench links it).
INTERPOSER_OBJECT = "libMallocInterposerSwift"


def parse_case(case: str, frames: int, warmup: int) -> tuple[str, list[str], int, int]:
    parts = case.split(",")
    name, args = parts[0], []
    for p in parts[1:]:
        key, _, value = p.partition("=")
        if key == "frames":
            frames = int(value)
        elif key == "warmup":
            warmup = int(value)
        else:
            args += [f"--{key}", value]
    return name, args, frames, warmup


# tuibench's own allocation counter (Sources/CAllocationCounter): its
# wrappers' self cost is the interposer's, as the shared object's was.
COUNTER_FUNCTIONS = {"malloc", "calloc", "realloc", "posix_memalign", "aligned_alloc", "memalign", "valloc"}


def without_debug_info(tuibench: str, tmp: str) -> str:
    """A copy of `tuibench` without DWARF: valgrind 3.19's reader gives up on
    the DWARF 5 unit clang writes for the C target. Symbols stay, so
    --toggle-collect and function names work; counts are unchanged."""
    copy = os.path.join(tmp, "tuibench")
    run = subprocess.run(["objcopy", "--strip-debug", tuibench, copy], capture_output=True, text=True)
    if run.returncode != 0:
        return tuibench
    os.chmod(copy, 0o755)
    return copy


def measured_frame_symbol(tuibench: str) -> str:
    """The mangled name of `callgrindMeasuredFrame` in `tuibench`."""
    run = subprocess.run(["nm", tuibench], capture_output=True, text=True)
    names = [line.split()[-1] for line in run.stdout.splitlines() if "callgrindMeasuredFrame" in line]
    if len(names) != 1:
        sys.exit(f"expected one callgrindMeasuredFrame symbol in {tuibench}, found {names}")
    return names[0]


def callgrind(tuibench: str, name: str, args: list[str], frames: int, warmup: int, toggle: bool,
              per_frame: bool = False) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "callgrind.out")
        tuibench = without_debug_info(tuibench, tmp)
        cmd = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}"]
        if toggle:
            cmd += ["--collect-atstart=no", "--toggle-collect=*callgrindMeasuredFrame*"]
        if per_frame:
            # One dump per measured frame: out.1, out.2, … (the last, at
            # exit, collected nothing). --dump-after takes no wildcard: the
            # function's symbol, as the binary spells it.
            cmd += [f"--dump-after={measured_frame_symbol(tuibench)}"]
        cmd += [tuibench, "steady", name, *args, "--frames", str(frames), "--warmup", str(warmup)]
        env = dict(os.environ, SWIFT_DETERMINISTIC_HASHING="1")
        run = subprocess.run(cmd, env=env, capture_output=True, text=True)
        if run.returncode != 0:
            sys.exit(f"failed: {' '.join(cmd)}\n{run.stderr[-2000:]}")
        report = json.loads(run.stdout.strip().splitlines()[-1])
        if per_frame:
            dumps = sorted((p for p in Path(tmp).glob("callgrind.out.*") if p.suffix[1:].isdigit()),
                           key=lambda p: int(p.suffix[1:]))
            costs = [read_costs(str(p)) for p in dumps][:frames]
            if len(costs) != frames:
                sys.exit(f"expected {frames} per-frame dumps, found {len(costs)}")
            report["frameIr"] = [t - i for t, i in costs]
            total, interposer = sum(t for t, _ in costs), sum(i for _, i in costs)
        else:
            total, interposer = read_costs(out)
        report.update(ir=total, interposerIr=interposer, command=" ".join(cmd))
        return report


def read_costs(path: str) -> tuple[int, int]:
    """Total Ir, and the self Ir of the malloc interposer's wrappers (its own shared object)."""
    names: dict[str, dict[str, str]] = {"ob": {}, "fn": {}}
    ob = fn = ""
    total = interposer = 0
    after_calls = False
    name_re = re.compile(r"^(c?)(ob|fn|fl|fi|fe)=(?:\((\d+)\))?\s*(.*)$")
    for line in open(path, encoding="utf-8", errors="replace"):
        line = line.rstrip("\n")
        if line.startswith(("totals:", "summary:")):
            total = int(line.split()[1])
            continue
        m = name_re.match(line)
        if m:
            called, kind, ident, text = m.groups()
            if kind in ("ob", "fn"):
                table = names[kind]
                if ident is not None:
                    if text:
                        table[ident] = text
                    text = table.get(ident, text)
                if not called:
                    if kind == "ob":
                        ob = text
                    else:
                        fn = text
            continue
        if line.startswith("calls="):
            after_calls = True
            continue
        if line and (line[0].isdigit() or line[0] in "+-*"):
            if after_calls:
                after_calls = False
                continue
            fields = line.split()
            if len(fields) >= 2 and (INTERPOSER_OBJECT in ob or fn in COUNTER_FUNCTIONS and "tuibench" in ob):
                interposer += int(fields[1])
    return total, interposer


def measure(tuibench: str, case: str, frames: int, warmup: int, method: str, per_frame: bool = False) -> dict:
    name, args, frames, warmup = parse_case(case, frames, warmup)
    if method == "toggle":
        r = callgrind(tuibench, name, args, frames, warmup, toggle=True, per_frame=per_frame)
        ir = r["ir"] - r["interposerIr"]
        r["irPerFrame"] = ir / frames
        r["interposerPerFrame"] = r["interposerIr"] / frames
    else:
        a = callgrind(tuibench, name, args, frames, warmup, toggle=False)
        b = callgrind(tuibench, name, args, 2 * frames, warmup, toggle=False)
        r = b
        r["frames"] = frames
        r["bodyEvaluations"] = b["bodyEvaluations"] - a["bodyEvaluations"]
        r["bytes"] = b["bytes"] - a["bytes"]
        r["irPerFrame"] = ((b["ir"] - b["interposerIr"]) - (a["ir"] - a["interposerIr"])) / frames
        r["interposerPerFrame"] = (b["interposerIr"] - a["interposerIr"]) / frames
    r["case"] = case
    r["evaluationsPerFrame"] = r["bodyEvaluations"] / r["frames"]
    r["irPerEvaluation"] = r["irPerFrame"] / r["evaluationsPerFrame"] if r["bodyEvaluations"] else None
    return r


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("cases", nargs="*")
    ap.add_argument("--tuibench", default=str(ROOT / ".build/release/tuibench"))
    ap.add_argument("--suite", choices=sorted(SUITES))
    ap.add_argument("--method", choices=["toggle", "difference"], default="toggle")
    ap.add_argument("--frames", type=int, default=100)
    ap.add_argument("--warmup", type=int, default=20)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--per-frame", action="store_true",
                    help="also print each measured frame's instructions, evaluations and nodes created "
                         "(callgrind --dump-after; toggle method only)")
    opts = ap.parse_args()
    if opts.per_frame and opts.method != "toggle":
        ap.error("--per-frame needs --method toggle")
    items = [("", c) for c in opts.cases]
    if opts.suite:
        items += [c if isinstance(c, tuple) else ("", c) for c in SUITES[opts.suite]]
    if not items:
        ap.error("give cases or --suite")
    results = []
    for group, case in items:
        r = measure(opts.tuibench, case, opts.frames, opts.warmup, opts.method, opts.per_frame)
        r["group"] = group
        results.append(r)
        if not opts.json and opts.per_frame:
            for k, (ir, evals, created) in enumerate(zip(r["frameIr"], r["frameEvaluations"],
                                                          r["frameNodesCreated"])):
                per_node = f"{ir / created:,.0f}" if created else "-"
                print(f"  frame {k + 1:>3}  Ir {ir:>12,}  evals {evals:>6}  nodes created {created:>6}  "
                      f"Ir/created node {per_node:>7}", flush=True)
        if not opts.json:
            per_eval = f"{r['irPerEvaluation']:,.0f}" if r["irPerEvaluation"] is not None else "-"
            print(f"{case:34} {r['size']:>8} nodes {r['nodes']:>7,}  Ir/frame {r['irPerFrame']:>12,.0f}  "
                  f"evals/frame {r['evaluationsPerFrame']:>7.1f}  Ir/eval {per_eval:>8}  "
                  f"bytes/frame {r['bytes'] / r['frames']:>8.1f}  (interposer {r['interposerPerFrame']:,.0f}/frame "
                  f"subtracted)", flush=True)
    if opts.json:
        print(json.dumps(results, indent=2))
        return
    groups: dict[str, list[dict]] = {}
    for r in results:
        if r["group"]:
            groups.setdefault(r["group"], []).append(r)
    for group, rs in groups.items():
        small, large = rs[0], rs[-1]
        print(f"scale {group}: {small['case']} -> {large['case']} ({small['nodes']:,} -> {large['nodes']:,} nodes): "
              f"Ir/frame ratio {large['irPerFrame'] / small['irPerFrame']:.2f}")


if __name__ == "__main__":
    main()
