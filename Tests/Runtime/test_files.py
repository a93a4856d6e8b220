"""The files example (issue 23): a NavigationSplitView over a real directory
tree, driven in a real terminal — select a directory in the sidebar, move
into its files with Right, preview a text and a binary file, see a
directory that vanished give an error row, open a directory from the
command palette (a toast says so), collapse the columns by making the
window narrow, pop back with Esc, widen again, quit with Ctrl-Q, and find
the terminal as it was."""
import os
import re
import shutil

from conftest import binary
from test_settings import finish


def run_in(tmux, command):
    tmux.line(f"stty -g > {tmux.dir}/before; {command}; echo EXIT=$?; stty -g > {tmux.dir}/after")


def make_tree(base):
    tree = os.path.join(base, "tree")
    os.makedirs(os.path.join(tree, "alpha", "inner"))
    os.makedirs(os.path.join(tree, "gone"))
    with open(os.path.join(tree, "alpha", "notes.txt"), "w") as f:
        f.write("hello preview\nsecond line\n")
    with open(os.path.join(tree, "alpha", "data.bin"), "wb") as f:
        f.write(bytes([0, 1, 2, 3, 255]))
    os.chmod(os.path.join(tree, "alpha", "notes.txt"), 0o640)
    return tree


def test_files_split_view_preview_collapse_and_quit(tmux):
    tree = make_tree(tmux.dir)
    tmux.resize(100, 20)
    run_in(tmux, f"{binary('files')} {tree}")
    screen = tmux.wait_for(lambda s: "alpha/" in s and "gone/" in s, "the sidebar")
    assert "Select a directory" in screen and "│" in screen
    # The directory vanishes after the sidebar listed it: selecting it gives an error row.
    shutil.rmtree(os.path.join(tree, "gone"))
    tmux.keys("Down", "Down", "Down")  # ./ → alpha/ → gone/
    tmux.wait_for(lambda s: "⚠ cannot read gone" in s, "the error row")
    tmux.keys("Up")  # alpha/
    tmux.wait_for(lambda s: "data.bin" in s and "notes.txt" in s, "alpha's files")
    # Right moves into the files; the first is binary, the second text.
    tmux.keys("Right", "Down")
    screen = tmux.wait_for(lambda s: "binary file" in s, "the binary file's preview")
    assert "size 5 bytes" in screen
    tmux.keys("Down")
    screen = tmux.wait_for(lambda s: "hello preview" in s, "the text preview")
    assert re.search(r"size 26 bytes +rw-r-----", screen), screen
    assert "second line" in screen
    # Right again: the detail is the column last opened.
    tmux.keys("Right")
    # Narrow: one column at a time, the detail on top under a breadcrumb.
    tmux.resize(50, 20)
    screen = tmux.wait_for(lambda s: s.splitlines()[0].startswith("‹ tree › alpha › notes.txt"), "the collapsed detail")
    assert "hello preview" in screen and "│" not in screen
    tmux.keys("Escape")
    screen = tmux.wait_for(lambda s: s.splitlines()[0].rstrip() == "‹ tree › alpha", "the files column")
    assert "notes.txt" in screen and "hello preview" not in screen
    tmux.keys("Escape")
    screen = tmux.wait_for(lambda s: s.splitlines()[0].rstrip() == "tree", "the sidebar column")
    assert "alpha/" in screen
    # Wide again: three columns, the selection kept.
    tmux.resize(100, 20)
    screen = tmux.wait_for(lambda s: "hello preview" in s and "alpha/" in s, "the columns again")
    assert "│" in screen
    # The palette opens the selected directory; a toast says so.
    tmux.keys("C-p")
    tmux.wait_for(lambda s: "Open directory" in s, "the command palette")
    tmux.keys("Open dir", literal=True)
    tmux.keys("Enter")
    screen = tmux.wait_for(lambda s: "Opened alpha" in s, "the toast")
    assert "inner/" in screen
    tmux.keys("C-q")
    assert finish(tmux) == 0


def test_files_quits_on_q_and_types_q_in_the_palette(tmux):
    tree = make_tree(tmux.dir)
    tmux.resize(100, 20)
    run_in(tmux, f"{binary('files')} {tree}")
    screen = tmux.wait_for(lambda s: "alpha/" in s, "the sidebar")
    assert "q quit" in screen, screen
    # In the palette's search field, q is typed, not a quit.
    tmux.keys("C-p")
    tmux.wait_for(lambda s: "Open directory" in s, "the command palette")
    tmux.keys("q", literal=True)
    tmux.wait_for(lambda s: "> q" in s and "▸ Quit" in s and "Open directory" not in s, "the palette filtered by q")
    tmux.keys("Escape")
    tmux.wait_for(lambda s: "▸ Quit" not in s and "q quit" in s, "the palette closed")
    # With a list focused, q quits.
    tmux.keys("Down", "q")
    assert finish(tmux) == 0
