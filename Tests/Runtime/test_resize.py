"""Resizes the app may see only the end of: whatever sizes the terminal
went through, the screen ends up drawn whole at the size it has."""
import time

from conftest import binary


def test_a_resize_away_and_back_repaints_everything(tmux):
    # 80x24 -> 10x5 -> 80x24 while the app is busy in a handler: it sees an
    # unchanged size afterwards, but the terminal cut its screen at 10x5 (an
    # alternate screen keeps nothing outside), so all of it must be drawn again.
    tmux.line(binary("runtime-probe") + " --wide; echo EXIT=$?")
    tmux.wait_for(lambda s: "probe count=0" in s, "the probe")
    for n in range(1, 4):
        tmux.keys("w")  # busy for half a second
        time.sleep(0.1)
        tmux.resize(10, 5)
        tmux.resize(80, 24)
        tmux.keys("+")
        screen = tmux.wait_for(lambda s: f"probe count={n} " in s and "=" * 80 in s.splitlines(),
                               "the whole screen drawn again")
        assert "last: " in screen
    tmux.keys("q")
    tmux.wait_for(lambda s: "EXIT=0" in s, "exit")
