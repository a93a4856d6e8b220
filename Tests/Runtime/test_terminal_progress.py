"""OSC 9;4: the progress a view reports reaches the terminal, and every way
out clears it (the restore bytes, a signal's included).

tmux does not keep OSC 9;4, so the pane's output is recorded raw with
`pipe-pane` and the bytes are checked."""

import os
import time

import pytest

from test_exit_paths import SIGNAL_STATUS, assert_restored, finished, start

SHOWN = b"\x1b]9;4;1;50\x1b\\"
CLEARED = b"\x1b]9;4;0\x1b\\"


def recorded(tmux):
    path = f"{tmux.dir}/output"
    for _ in range(100):
        if os.path.exists(path) and CLEARED in open(path, "rb").read():
            break
        time.sleep(0.05)
    return open(path, "rb").read()


@pytest.mark.parametrize("how", ["q", "C-c", "SIGTERM"])
def test_progress_is_shown_then_cleared_on_exit(tmux, how):
    tmux.run("pipe-pane", "-t", "t", f"cat > {tmux.dir}/output")
    start(tmux, "--progress")
    if how == "SIGTERM":
        os.kill(tmux.child_pid_of("runtime-probe"), 15)
    else:
        tmux.keys(how)
    status, before, after = finished(tmux)
    assert status == {"q": 0, "C-c": 130, "SIGTERM": SIGNAL_STATUS["SIGTERM"]}[how]
    assert_restored(tmux, before, after)
    out = recorded(tmux)
    assert SHOWN in out
    assert CLEARED in out[out.index(SHOWN):], "progress left shown"


def test_no_progress_without_the_opt_in(tmux):
    tmux.run("pipe-pane", "-t", "t", f"cat > {tmux.dir}/output")
    start(tmux)
    tmux.keys("q")
    finished(tmux)
    time.sleep(0.2)
    assert b"\x1b]9;4;" not in open(f"{tmux.dir}/output", "rb").read()
