"""What an app says when it cannot have a terminal, and TUI_PROFILE for apps."""
import os
import re
import subprocess

from conftest import binary


def test_stdout_not_a_terminal_is_a_clear_error():
    r = subprocess.run([binary("counter")], capture_output=True, text=True, timeout=10, stdin=subprocess.DEVNULL)
    assert r.returncode == 1
    assert "standard output is not a terminal" in r.stderr
    assert r.stdout == ""


def test_dumb_terminal_is_a_clear_error(tmux):
    tmux.line(f"TERM=dumb {binary('counter')}; echo EXIT=$?")
    screen = tmux.wait_for(lambda s: re.search(r"EXIT=\d", s), "the app to refuse")
    assert "TERM=dumb" in screen and "EXIT=1" in screen
    assert tmux.flag("alternate_on") == "0"


def test_tui_profile_is_written_when_the_app_ends(tmux):
    path = os.path.join(tmux.dir, "counter.svg")
    tmux.line(f"TUI_PROFILE={path} {binary('counter')}; echo EXIT=$?")
    tmux.wait_for(lambda s: "Count: 0" in s, "the counter")
    tmux.keys("+", "+", "q")
    tmux.wait_for(lambda s: re.search(r"EXIT=0", s), "the app to end", history=True)
    svg = open(path).read()
    assert svg.startswith("<?xml") or "<svg" in svg[:200]
    assert "body[CounterApp]" in svg or "CounterApp" in svg
