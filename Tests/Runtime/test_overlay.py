"""The live performance overlay: shown from the start with TUI_OVERLAY=1,
drawn in the top-right corner of the running app, toggled by F12; hiding
it repaints what was under it."""
from conftest import binary


def test_overlay_toggles_and_restores_the_cells_under_it(tmux):
    tmux.resize(100, 20)
    tmux.line("TUI_OVERLAY=1 " + binary("counter"))
    screen = tmux.wait_for(lambda s: "frame p50" in s and "Count: 0" in s, "the overlay over the counter")
    rows = screen.splitlines()
    top = [r for r in rows if "frame p50" in r][0]
    assert top.rstrip().endswith(top.strip()) and rows.index(top) == 0
    assert any("B/frame" in r and "evals/frame" in r for r in rows[:4]), screen
    tmux.keys("+")
    # From the second frame on the frames are profiled: the phases show too.
    screen = tmux.wait_for(lambda s: "Count: 1" in s and "layout " in s, "a frame with the overlay up")
    rows = screen.splitlines()
    assert any("eval " in r and "layout " in r and "draw " in r and "diff " in r for r in rows[:4]), screen
    tmux.keys("F12")
    screen = tmux.wait_for(lambda s: "frame p50" not in s, "the overlay to go")
    # What was under it (blank here) is back, and the app still works.
    assert all("µs" not in r and "B/frame" not in r for r in screen.splitlines())
    tmux.keys("F12")
    tmux.wait_for(lambda s: "frame p50" in s, "the overlay again")
    tmux.keys("q")


def test_hiding_the_overlay_in_a_frame_with_app_changes_writes_that_frame_whole(tmux):
    # F12 and + in one read: one frame both hides the overlay and changes the
    # app. The frame's bytes must be the app's frame (not a copy of the
    # encoder's buffer that hiding the overlay re-encoded into): the count
    # shows, the box around it is whole, and nothing of the overlay stays.
    tmux.resize(100, 20)
    tmux.line("TUI_OVERLAY=1 " + binary("counter") + "; echo EXIT=$?")
    tmux.wait_for(lambda s: "frame p50" in s and "Count: 0" in s, "the overlay over the counter")
    for n in range(1, 6):
        tmux.keys("F12", "+")
        shown = n % 2 == 0
        screen = tmux.wait_for(lambda s: f"Count: {n}" in s and (("frame p50" in s) == shown),
                               f"count {n} with the overlay {'shown' if shown else 'hidden'}")
        rows = screen.splitlines()
        border = [r for r in rows if r.startswith("╭")]
        assert len(border) == 1 and border[0].endswith("╮"), screen
        if not shown:
            assert all("µs" not in r and "B/frame" not in r for r in rows), screen
    tmux.keys("q")
    tmux.wait_for(lambda s: "EXIT=0" in s, "exit")
