"""The settings example (issue 23): a NavigationStack of forms, driven in a
real terminal — push three levels, pop with Esc and with the screen's own
Done (`dismiss`), see that each screen kept its state, quit with q, and
find the terminal as it was (the same `stty -g`, the alternate screen off)."""
import os
import re
import time

from conftest import binary


def run(tmux, name):
    tmux.line(f"stty -g > {tmux.dir}/before; {binary(name)}; echo EXIT=$?; stty -g > {tmux.dir}/after")


def finish(tmux):
    """The exit status, once the terminal is given back as it was found."""
    screen = tmux.wait_for(lambda s: re.search(r"EXIT=\d+", s), "the app to end", history=True)
    status = int(re.search(r"EXIT=(\d+)", screen).group(1))
    after = f"{tmux.dir}/after"
    deadline = time.time() + 10
    while not (os.path.exists(after) and os.path.getsize(after) > 0):
        assert time.time() < deadline, "stty -g after the app"
        time.sleep(0.05)
    with open(f"{tmux.dir}/before") as before, open(after) as restored:
        assert before.read() == restored.read(), "the terminal modes differ after the app"
    assert tmux.flag("alternate_on") == "0"
    return status


def title_bar(screen):
    return screen.splitlines()[0].rstrip()


def test_settings_push_pop_and_quit(tmux):
    tmux.resize(70, 20)
    run(tmux, "settings")
    screen = tmux.wait_for(lambda s: "Display ›" in s and "dark=off" in s, "the settings list")
    assert title_bar(screen) == "Settings"
    # Push the display pane (its first control, the toggle, takes focus).
    tmux.keys("Enter")
    screen = tmux.wait_for(lambda s: "Dark mode" in s, "the display pane")
    assert title_bar(screen) == "‹ Settings › Display"
    assert re.search(r"Dark mode +\[ \]", screen) and re.search(r"Brightness +‹ 5 ›", screen)
    tmux.keys("Space")
    tmux.wait_for(lambda s: re.search(r"Dark mode +\[x\]", s), "dark mode on")
    # Brightness up, then the accent link: a third level.
    tmux.keys("Tab", "+", "Tab", "Enter")
    screen = tmux.wait_for(lambda s: "(•) blue" in s, "the accent screen")
    assert title_bar(screen) == "‹ Settings › Display › Accent"
    tmux.keys("Tab", "Enter")  # green
    tmux.wait_for(lambda s: "(•) green" in s, "green chosen")
    # Done dismisses the screen: the display pane is back as it was.
    tmux.keys("Tab", "Tab", "Enter")
    screen = tmux.wait_for(lambda s: re.search(r"Accent +green ›", s), "the display pane again")
    assert title_bar(screen) == "‹ Settings › Display"
    assert re.search(r"Dark mode +\[x\]", screen) and re.search(r"Brightness +‹ 6 ›", screen)
    # Focus came back to the accent link: Enter opens it again.
    tmux.keys("Enter")
    tmux.wait_for(lambda s: "(•) green" in s, "the accent screen again")
    # Esc twice: back to the root, which shows what the panes changed.
    tmux.keys("Escape")
    tmux.wait_for(lambda s: "Dark mode" in s, "the display pane after Esc")
    tmux.keys("Escape")
    screen = tmux.wait_for(lambda s: "dark=on brightness=6 accent=green" in s, "the root with the new settings")
    assert title_bar(screen) == "Settings"
    tmux.keys("q")
    assert finish(tmux) == 0
