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
    # The CPU chart: five rows of plot with the y axis's labels trailing.
    assert rows[3].rstrip().endswith("├100") and rows[5].rstrip().endswith("├50"), first
    assert rows[7].rstrip().endswith("├0"), first
    assert re.search(r"[\u2801-\u28ff]", "".join(rows[3:8])), first  # braille: the line is drawn
    # On Linux the CPU figures are this machine's, from /proc/stat, with a
    # sparkline per CPU below the chart.
    assert "/proc/stat" in rows[0] and rows[8].startswith("cpu0"), first
    assert "PID USER" in rows[10] and "COMMAND" in rows[10] and "HISTORY" in rows[10]
    # 30 rows: 11 above the table, the footer below, 18 process rows.
    assert len([r for r in rows if re.match(r"^\s+\d+ \w", r)]) == 18, first
    # Each process row ends its numbers with a sparkline of its CPU.
    assert any(re.search(r"[▁▂▃▄▅▆▇█]{2}", r) for r in rows[11:29]), first
    tmux.wait_for(lambda s: "tick 6" in s, "the timer to keep ticking")
    tmux.keys("Tab")          # the table
    tmux.keys("End")
    tmux.keys(">")            # sort by the next column: memory
    screen = tmux.wait_for(lambda s: "MEM% ▼" in s, "the sort by memory")
    tmux.resize(80, 20)
    # Until the app repaints, tmux shows the bottom of the old frame.
    screen = tmux.wait_for(lambda s: s.startswith("dashboard") and "q quit" in s and len(s.splitlines()) <= 20,
                           "the resized dashboard")
    assert sum(1 for r in screen.splitlines() if re.match(r"^\s+\d+ \w", r)) == 8, screen
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


def test_todo(tmux):
    tmux.resize(80, 16)
    # Start low on the screen: the app must still draw from the top-left
    # (after DECSET 1049 the cursor is where the shell left it).
    tmux.line("seq 1 8")
    run(tmux, "todo")
    screen = tmux.wait_for(lambda s: "Todo — 2 to do, 3 in all" in s, "the todo list")
    rows = screen.splitlines()
    assert rows[0].startswith("Todo — 2 to do, 3 in all"), screen
    assert rows[3] == "[ ] Write the runtime".ljust(len(rows[3])) or rows[3].startswith("[ ] Write the runtime")
    # The field, first in focus order, has focus from the start.
    tmux.keys("Buy milk", literal=True)
    tmux.keys("Enter")
    screen = tmux.wait_for(lambda s: "[ ] Buy milk" in s and "3 to do, 4 in all" in s, "the new item")
    rows = screen.splitlines()
    assert rows[0].startswith("Todo — 3 to do, 4 in all")
    assert rows[6].startswith("[ ] Buy milk"), screen
    assert rows[1].startswith("New: what needs doing?"), screen   # the field was cleared
    tmux.keys("Tab")          # to the list
    tmux.keys("x")            # toggles the selected (new) item
    screen = tmux.wait_for(lambda s: "[x] Buy milk" in s, "the item done")
    tmux.keys("h")            # hide done items
    screen = tmux.wait_for(lambda s: "Buy milk" not in s and "Decode" not in s, "done items hidden")
    tmux.keys("q")
    assert exit_status(tmux) == 0


def test_form(tmux):
    tmux.resize(80, 24)
    run(tmux, "form")
    tmux.wait_for(lambda s: "Create an account" in s, "the form")
    # Enter moves from field to field; the password is never shown.
    tmux.keys("Ada", literal=True)
    tmux.keys("Enter")
    tmux.keys("ada@example.com", literal=True)
    tmux.keys("Enter")
    tmux.keys("short", literal=True)
    screen = tmux.wait_for(lambda s: "•••••" in s, "the masked password")
    assert "short" not in screen
    tmux.keys("Enter")        # submits: too short
    screen = tmux.wait_for(lambda s: "Please fix:" in s, "the validation alert")
    assert "password needs 8 characters" in screen
    assert "email address looks wrong" not in screen
    tmux.keys("Enter")        # OK
    tmux.wait_for(lambda s: "Please fix:" not in s, "the alert to close")
    tmux.keys("enough!", literal=True)
    tmux.keys("Enter")
    screen = tmux.wait_for(lambda s: "Welcome, Ada!" in s, "the welcome alert")
    tmux.keys("Escape")
    tmux.wait_for(lambda s: "Welcome" not in s, "the alert to close")
    tmux.keys("C-c")
    assert exit_status(tmux) == 130


def test_bench_apps_show_each_key(tmux):
    """The workloads of `tuibench app`: each key changes what they show, and Ctrl-C quits."""
    run(tmux, "bench-apps", "ticker")
    tmux.wait_for(lambda s: "tick 0" in s and "Symbol" in s and "EMBR" in s, "the quote board")
    tmux.keys("t", "t")
    tmux.wait_for(lambda s: "tick 2" in s, "two ticks")
    tmux.keys("C-c")
    assert exit_status(tmux) == 130
    run(tmux, "bench-apps", "typing")
    tmux.wait_for(lambda s: "message 1:" in s and "sent 0" in s, "the messages and the field")
    tmux.keys("hi", literal=True)
    tmux.wait_for(lambda s: "2 characters" in s and "\nhi" in s, "the draft")
    tmux.keys("Enter")
    tmux.wait_for(lambda s: "sent 1 · 0 characters" in s, "the draft sent")
    tmux.keys("C-c")
    assert exit_status(tmux) == 130
    run(tmux, "bench-apps", "scroll")
    tmux.wait_for(lambda s: "row 1 of 100,000" in s, "the list")
    tmux.keys("Down", "Down")
    tmux.wait_for(lambda s: "row 3 of 100,000" in s, "the selection two rows down")
    tmux.keys("C-c")
    assert exit_status(tmux) == 130
