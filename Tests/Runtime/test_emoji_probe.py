"""The start-up emoji width probe: on the alternate screen the host prints
😀 and 🫠 (concealed) at home and asks where the cursor went (the first of
the width probe's classes). tmux 3.3a draws both two
columns wide, so the writer then prints single emoji without re-anchoring
the cursor after each; inline mode (the user's screen) never probes."""
import os
import re

from conftest import binary

ROW = "😀a🚀b🫠c⭐d"


def run_probe(tmux, *flags):
    out = os.path.join(tmux.dir, "bytes")
    tmux.run("pipe-pane", "-t", "t", "-o", f"cat >> {out}")
    tmux.line(" ".join([binary("runtime-probe"), "--emoji", *flags]))
    screen = tmux.wait_for(lambda s: "emoji round=0" in s and ROW in s, "the emoji row")
    tmux.keys("+")
    tmux.wait_for(lambda s: "emoji round=1" in s and "😀b🚀c🫠d⭐e" in s, "the letters to change")
    tmux.keys("q")
    tmux.wait_for(lambda s: s.rstrip().endswith("$"), "the shell prompt again")
    tmux.run("pipe-pane", "-t", "t")
    with open(out, "rb") as f:
        return screen, f.read().decode("utf-8", "replace")


def test_alternate_screen_probes_and_prints_emoji_without_anchors(tmux):
    screen, data = run_probe(tmux)
    # The emoji pair is the width probe's first class (test_width_probe.py
    # has the rest); DA1 follows the probe.
    assert "\x1b[8m\x1b[H😀🫠\x1b[6n\x1b[H" in data
    assert "\x1b[6n\x1b[0m\x1b[c" in data
    # The frame after the probe prints the row in one run, and the probe's
    # emoji are not left on the screen.
    assert ROW in data.split("\x1b[6n\x1b[0m\x1b[c", 1)[1]
    assert "😀🫠" not in screen


def test_inline_mode_does_not_probe_and_re_anchors(tmux):
    screen, data = run_probe(tmux, "--inline")
    assert "😀🫠" not in data
    # Each emoji is followed by an absolute column move (HPA) before the next letter.
    assert re.search("😀\x1b\\[\\d*`a", data), repr(data[-400:])
