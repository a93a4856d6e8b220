#!/usr/bin/env python3
"""Frame pacing over an emulated slow link (`tuibench link`): the pager,
paging down 60 times 33 ms apart through 1 Mbit/s with a 100 ms round trip,
with pacing on and off (TUI_PACING=0).

Unpaced, every page is written and waits behind the others on the wire:
what the terminal shows lags the keys by most of a second. Paced, the app
holds frames while the terminal has not read the ones before, so fewer
frames and bytes go, and the screen lags by about one round trip and one
frame. Asserted with wide margins (the link is emulated in real time on a
shared machine): paced writes fewer frames, and its p90 key-to-screen
latency and its settle are under two thirds of unpaced's.

usage: check_link_pacing.py --tuibench .build/release/tuibench
"""
import argparse
import json
import os
import random
import subprocess
import sys
import tempfile


def text_file(path):
    """20,000 lines of random words: every page differs from the last."""
    rng = random.Random(1)
    words = ["".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(rng.randint(2, 9))) for _ in range(5000)]
    with open(path, "w") as f:
        for _ in range(20000):
            f.write(" ".join(rng.choice(words) for _ in range(rng.randint(10, 30))) + "\n")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tuibench", required=True)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "pages.txt")
        text_file(path)
        command = [args.tuibench, "link", "--app", "pager", "--app-argument", path, "--key", "pagedown",
                   "--keys", "60", "--interval-ms", "33", "--rate", "1mbit", "--latency", "100ms",
                   "--size", "160x48", "--format", "json"]
        result = subprocess.run(command, capture_output=True, text=True, timeout=300)
        if result.returncode != 0:
            print(result.stderr, file=sys.stderr)
            sys.exit(f"tuibench link failed with status {result.returncode}")
    report = json.loads(result.stdout)
    runs = {r["run"]: r for r in report["runs"]}
    paced, unpaced = runs["paced"], runs["unpaced"]
    for name, r in (("paced", paced), ("unpaced", unpaced)):
        print(f"{name}: {r['frames']} frames, {r['bytes']} bytes, key→screen p50 {r['latencyMedianMilliseconds']:.0f} ms "
              f"p90 {r['latencyP90Milliseconds']:.0f} ms max {r['latencyMaxMilliseconds']:.0f} ms, settle {r['settleMilliseconds']:.0f} ms")
    failures = []
    if not unpaced["frames"] >= 50:
        failures.append(f"unpaced wrote {unpaced['frames']} frames for 60 pages")
    if not paced["frames"] < unpaced["frames"]:
        failures.append("paced wrote no fewer frames than unpaced")
    if not paced["latencyP90Milliseconds"] < unpaced["latencyP90Milliseconds"] * 2 / 3:
        failures.append("paced p90 latency is not under two thirds of unpaced's")
    if not paced["settleMilliseconds"] < unpaced["settleMilliseconds"] * 2 / 3:
        failures.append("paced settle is not under two thirds of unpaced's")
    for failure in failures:
        print("FAIL:", failure)
    print(f"link pacing: {4 - len(failures)} passed, {len(failures)} failed")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
