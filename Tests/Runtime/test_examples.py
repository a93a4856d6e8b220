"""The example apps, used in a real terminal as a person would: type,
navigate, resize, quit; screens compared."""
import re

from conftest import binary


def run(tmux, name, *args):
    tmux.line(f"stty -g > {tmux.dir}/before; {binary(name)} {' '.join(args)}; echo EXIT=$?; stty -g > {tmux.dir}/after")


def exit_status(tmux):
    screen = tmux.wait_for(lambda s: re.search(r"EXIT=\d+", s), "the app to end", history=True)
    return int(re.search(r"EXIT=(\d+)", screen).group(1))


def test_counter(tmux):
    run(tmux, "counter")
    tmux.wait_for(lambda s: "Count: 0" in s, "the counter")
    tmux.keys("+", "+", "+", "-")
    screen = tmux.wait_for(lambda s: "Count: 2" in s, "the count after + + + -")
    assert "╭" in screen and "+ / - change it, q quits" in screen
    tmux.resize(40, 12)
    # Until the app repaints, tmux shows the old frame cut at 40 columns.
    screen = tmux.wait_for(lambda s: "Count: 2" in s and any(r.startswith("╭") and r.endswith("╮") for r in s.splitlines()),
                           "the resized screen")
    # The border is redrawn at the new width, with nothing left from before.
    border = [r for r in screen.splitlines() if r.startswith("╭")]
    assert len(border) == 1 and border[0].endswith("╮") and len(border[0]) == 40, screen
    tmux.keys("q")
    assert exit_status(tmux) == 0
    assert tmux.flag("alternate_on") == "0"


def test_counter_quits_with_ctrl_c(tmux):
    run(tmux, "counter")
    tmux.wait_for(lambda s: "Count: 0" in s, "the counter")
    tmux.keys("C-c")
    assert exit_status(tmux) == 130


def test_dashboard(tmux):
    tmux.resize(100, 30)
    run(tmux, "dashboard")
    first = tmux.wait_for(lambda s: "tick 2" in s, "a few timer ticks")
    rows = first.splitlines()
    assert rows[0].startswith("dashboard") and "64 tasks" in rows[0]
    assert rows[1].startswith("CPU") and rows[2].startswith("Mem")
    assert "PID USER" in rows[4] and "COMMAND" in rows[4]
    # 30 rows: 5 above the table, the footer below, 24 process rows.
    assert len([r for r in rows if re.match(r"^\s+\d+ \w", r)]) == 24, first
    tmux.wait_for(lambda s: "tick 6" in s, "the timer to keep ticking")
    tmux.keys("End")
    tmux.keys("s")
    screen = tmux.wait_for(lambda s: "MEM%▼" in s, "the sort by memory")
    tmux.resize(80, 20)
    # Until the app repaints, tmux shows the bottom of the old frame.
    screen = tmux.wait_for(lambda s: s.startswith("dashboard") and "q quit" in s and len(s.splitlines()) <= 20,
                           "the resized dashboard")
    assert sum(1 for r in screen.splitlines() if re.match(r"^\s+\d+ \w", r)) == 14, screen
    tmux.keys("q")
    assert exit_status(tmux) == 0


def test_inline_progress(tmux):
    tmux.line("echo above the progress")
    run(tmux, "inline-progress")
    screen = tmux.wait_for(lambda s: re.search(r"EXIT=\d", s), "the downloads to finish", timeout=20, history=True)
    rows = screen.splitlines()
    i = next(k for k, r in enumerate(rows) if r == "above the progress")
    logs = [r for r in rows[i + 1:] if r.startswith("✓ ")]
    assert len(logs) == 4, screen
    assert "4/4 done" in screen
    assert re.search(r"EXIT=0", screen)
    # The last frame stays: four full bars under the log lines.
    assert sum(1 for r in rows if r.rstrip().endswith("100%")) == 4, screen


def test_inline_progress_stops_with_q(tmux):
    run(tmux, "inline-progress")
    tmux.wait_for(lambda s: "done · q stops" in s, "the bars")
    tmux.keys("q")
    assert exit_status(tmux) == 1
