#!/usr/bin/env python3
"""Checks that the engine's writer really draws every frame of tuiframes files.

Runs `tuibench replay --raw --format json` on each file, splits the bytes at
the per-frame counts, feeds them to the emulator harness
(Tests/Emulator/emulate.py: pyte with xterm semantics, raw-mode LF) and
compares each row's text after each frame with the file's frame. Rows
holding clusters terminals measure differently (ZWJ, VS15/16, flags, skin
tones) are left out, as ncurses-replay/check_pyte.py does; styles are
checked by the Swift emulator property tests, not here.

Usage:
    check_replay_emulator.py [--tuibench PATH] [--colors 256] [--emoji-widths settled] FILE_OR_DIR...
Exit status 0 when every compared row of every frame matches.
"""

from __future__ import annotations

import argparse
import base64
import json
import subprocess
import sys
import tempfile
import unicodedata
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Fixtures/tools/ncurses-replay"))

from check_pyte import parse, uncertain  # noqa: E402


def files(args):
    out = []
    for a in args or [str(ROOT / "Fixtures/recordings"), str(ROOT / "Fixtures/synthetic")]:
        p = Path(a)
        out += sorted(p.glob("*.tuiframes")) if p.is_dir() else [p]
    return out


def check(tuibench: str, colors: str, emoji_widths: str, path: Path) -> bool:
    cols, rows, _, frames = parse(path)
    with tempfile.TemporaryDirectory() as tmp:
        raw = Path(tmp) / "out.raw"
        report = json.loads(subprocess.run(
            [tuibench, "replay", "--format", "json", "--colors", colors, "--emoji-widths", emoji_widths,
             "--iterations", "1", "--raw", str(raw), str(path)], check=True, capture_output=True, text=True).stdout)["files"][0]
        data = raw.read_bytes()
        chunks, at = [], 0
        for f in report["frames"]:
            chunks.append(base64.b64encode(data[at:at + f["bytes"]]).decode())
            at += f["bytes"]
        spec = Path(tmp) / "frames.json"
        spec.write_text(json.dumps(chunks))
        screens = json.loads(subprocess.run(
            [sys.executable, str(ROOT / "Tests/Emulator/emulate.py"), "pyte", str(cols), str(rows), "--frames",
             str(spec)], check=True, capture_output=True, text=True).stdout)
    bad = 0
    for n, (frame, screen) in enumerate(zip(frames, screens), 1):
        for y, (text, _) in enumerate(frame):
            if uncertain(text):
                continue
            got = "".join(c["t"] for c in screen["lines"][y]).rstrip(" ")
            want = unicodedata.normalize("NFC", text).rstrip(" ")
            if unicodedata.normalize("NFC", got) != want:
                if bad < 3:
                    print(f"{path.name}: frame {n} row {y + 1}: {got!r} != {want!r}")
                bad += 1
    print(f"{'OK ' if bad == 0 else 'BAD'} {path.name}: {len(frames)} frames, {bad} rows differ")
    return bad == 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("paths", nargs="*")
    ap.add_argument("--tuibench", default=str(ROOT / ".build/release/tuibench"))
    ap.add_argument("--colors", default="256")
    ap.add_argument("--emoji-widths", default="settled", choices=["settled", "cautious"],
                    help="the writer's emoji width assumption (tuibench replay --emoji-widths)")
    a = ap.parse_args()
    ok = all([check(a.tuibench, a.colors, a.emoji_widths, f) for f in files(a.paths)])
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
