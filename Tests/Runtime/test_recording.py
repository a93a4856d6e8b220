"""TUI_RECORD: apps run in tmux write sessions whose frames are what the
terminal showed, that hold no raw control bytes, and that the test kit
replays to the same frames (Tests/ExamplesTests)."""
import os
import re
import subprocess
import sys

import pytest

from conftest import ROOT, Tmux, binary

sys.path.insert(0, os.path.join(ROOT, "Fixtures", "tools"))
import record_sessions  # noqa: E402


def bin_dir():
    return os.path.dirname(binary("counter"))


def screens(path):
    """The session's frames as lists of text rows (the last one is what the
    app showed when it ended), and its records' kinds."""
    rows, frames, kinds = [], [], []
    size = None
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    assert lines[0] == "tuisession 1"
    for line in lines[1:]:
        m = re.match(r"@[0-9]+\.[0-9]+ (\w+) ?(.*)$", line)
        if m:
            kinds.append(m.group(1))
            if m.group(1) == "frame":
                number, dims = m.group(2).split(" ")
                c, r = map(int, dims.split("x"))
                if (c, r) != size:
                    size = (c, r)
                    rows = [""] * r
                frames.append(rows)
            continue
        m = re.match(r"([0-9]+)\|(.*)$", line)
        if m:
            rows = list(rows)
            rows[int(m.group(1))] = m.group(2)
            frames[-1] = rows
    return frames, kinds


@pytest.mark.parametrize("name", ["counter", "todo", "form", "pager"])
def test_recorded_frames_are_what_the_terminal_showed(tmp_path, name):
    path, shown = record_sessions.record(name, str(tmp_path), bin_dir())
    data = open(path, "rb").read()
    # Nothing but text and line feeds: every control is quoted.
    assert all(b >= 0x20 or b == 0x0A for b in data), "a raw control byte in the session"
    frames, kinds = screens(path)
    assert kinds[-1] == "end"
    assert "in" in kinds and "clock" in kinds and len(frames) >= 3
    last = [r.rstrip() for r in frames[-1]]
    terminal = [r.rstrip() for r in shown.rstrip("\n").split("\n")]
    terminal += [""] * (len(last) - len(terminal))  # capture-pane leaves out blank rows at the bottom
    assert last == terminal[:len(last)], f"last frame:\n{last}\nterminal:\n{terminal}"


def test_a_session_that_cannot_be_written_does_not_stop_the_app():
    t = Tmux(60, 12)
    try:
        t.line(f"TUI_RECORD=/nonexistent/dir/s.tuisession {binary('counter')}; echo EXIT=$?")
        t.wait_for(lambda s: "Count: 0" in s, "the counter")
        t.keys("+")
        t.wait_for(lambda s: "Count: 1" in s, "the count")
        t.keys("q")
        screen = t.wait_for(lambda s: re.search(r"EXIT=[0-9]", s), "the exit status")
        assert "EXIT=0" in screen
        assert "TUI_RECORD: could not create /nonexistent/dir/s.tuisession" in screen
    finally:
        t.kill()


def test_fresh_sessions_replay_to_the_same_frames_in_the_kit(tmp_path):
    """Sessions recorded now, in tmux, replayed by the kit's tests against
    the examples' views (the committed ones are replayed by swift test)."""
    tests = os.path.join(ROOT, ".build", "debug", "TerminalEnginePackageTests.xctest")
    if not os.path.exists(tests):
        pytest.skip("the package's tests are not built (swift build --build-tests)")
    for name in ["counter", "todo", "form", "inline-progress", "pager"]:
        record_sessions.record(name, str(tmp_path), bin_dir())
    env = dict(os.environ, TUI_FRESH_SESSIONS=str(tmp_path))
    result = subprocess.run(["swift", "test", "--skip-build", "--filter",
                             "ExamplesTests.ExampleSessionTests/replaysFreshRecordings"],
                            cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0 and "passed" in result.stdout, result.stdout[-4000:] + result.stderr[-2000:]
