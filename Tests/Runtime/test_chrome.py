"""The chrome example (issue 23): the key-binding help follows focus and
switches to its full form on ?, the command palette (Ctrl-P) filters as one
types and runs the chosen command, which posts a toast that goes by itself;
a menu drops down and sorts, a context menu (Shift-F10) deletes; driven in
a real terminal."""
import re

from conftest import binary


def help_line(screen):
    return next((l.rstrip() for l in screen.splitlines() if "? more" in l or "? less" in l), "")


def test_help_palette_and_toast(tmux):
    tmux.resize(70, 20)
    tmux.line(f"{binary('chrome')}; echo EXIT=$?")
    screen = tmux.wait_for(lambda s: "? more" in s, "the help line")
    # The Sort menu has focus: only the shortcuts are listed.
    assert help_line(screen) == "q Quit • ctrl+p commands • ? more"
    # The menu drops down below its button; Down, Enter sorts reversed.
    tmux.keys("Enter")
    screen = tmux.wait_for(lambda s: "▸ By name" in s, "the Sort menu")
    lines = screen.splitlines()
    assert "Sort ▾" in lines[0] and "┌" in lines[1], screen
    # tmux (3.3a) reports no background colour and no theme: the scheme stays dark.
    assert lines[0].rstrip().endswith("dark theme"), screen
    tmux.keys("Down", "Enter")
    screen = tmux.wait_for(lambda s: "▸ By name" not in s, "the menu to close")
    tasks = [l for l in screen.splitlines() if l.startswith("[ [ ]")]
    assert [t.split("] ", 1)[1].rstrip(" ]") for t in tasks] == ["Book the train", "Review the patch", "Write the report"]
    # The first task: its own keys come first, then the shortcuts.
    tmux.keys("Tab")
    screen = tmux.wait_for(lambda s: help_line(s).startswith("d delete"), "a task's help")
    assert help_line(screen) == "d delete • enter done • q Quit • ctrl+p commands • ? more"
    # Shift-F10 opens its context menu below it; Down, Enter deletes it.
    tmux.keys("S-F10")
    tmux.wait_for(lambda s: "▸ Mark done" in s, "the context menu")
    tmux.keys("Down", "Enter")
    tmux.wait_for(lambda s: "Deleted “Book the train”" in s, "the delete toast")
    # Focus on the text field: the task's keys go, the field's own come.
    tmux.keys("Tab", "Tab", "Tab")
    screen = tmux.wait_for(lambda s: help_line(s).startswith("enter add"), "the field's help")
    assert "d delete" not in help_line(screen)
    tmux.keys("BTab")
    tmux.wait_for(lambda s: help_line(s).startswith("d delete"), "a task's help again")
    # ? switches to the full form: columns of key and description.
    tmux.keys("?")
    screen = tmux.wait_for(lambda s: "? less" in s, "the full help")
    assert re.search(r"^d +delete +\? less", screen, re.M), screen
    assert re.search(r"^ctrl\+p +commands", screen, re.M), screen
    tmux.keys("?")
    tmux.wait_for(lambda s: "? more" in s, "the short help again")
    # The palette: every command, then those matching "ma" (Mark all done).
    tmux.keys("C-p")
    screen = tmux.wait_for(lambda s: "Search commands" in s, "the palette")
    for title in ("Clear completed", "Mark all done", "Show a warning", "Quit"):
        assert title in screen, title
    tmux.keys("m", "a")
    screen = tmux.wait_for(lambda s: "> ma" in s and "Show a warning" not in s, "the filtered palette")
    assert "▸ Mark all done" in screen
    tmux.keys("Enter")
    screen = tmux.wait_for(lambda s: "All 2 tasks done" in s, "the toast")
    assert "Search commands" not in screen
    assert screen.count("[x]") == 2
    # The toast goes after its five seconds.
    tmux.wait_for(lambda s: "All 2 tasks done" not in s, "the toast to go", timeout=12)
    # q quits (a shortcut the palette lists too).
    tmux.keys("q")
    tmux.wait_for(lambda s: "EXIT=0" in s, "the app to end", history=True)
