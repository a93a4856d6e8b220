"""The logtail example (issue 24): `tail -f` in a LogView, driven in a real
terminal — the file's lines shown, lines appended later followed, a
truncated file read again from its start, a rotated file (renamed, a new
one at the path) reopened, ANSI colours shown without raw escapes, and q
giving the terminal back as it was."""
import os
import re
import time

from conftest import binary


def append(path, text):
    with open(path, "a") as f:
        f.write(text)
        f.flush()


def test_logtail_follows_truncation_and_rotation(tmux):
    tmux.resize(70, 12)
    log = f"{tmux.dir}/app.log"
    with open(log, "w") as f:
        f.write("".join(f"first {i}\n" for i in range(30)))
    tmux.line(f"stty -g > {tmux.dir}/before; {binary('logtail')} {log}; echo EXIT=$?; stty -g > {tmux.dir}/after")
    screen = tmux.wait_for(lambda s: "first 29" in s, "the file's last lines")
    assert "first 0\n" not in screen  # following: the newest lines, not the first
    # Appended lines (one written in two pieces) are followed.
    append(log, "second line\nthird ")
    append(log, "piece\n\x1b[31mred\x1b[0m \x1b]0;title\x07\x1b[2Jafter\n")
    screen = tmux.wait_for(lambda s: "third piece" in s and "red after" in s, "appended lines")
    assert "second line" in screen
    # Truncation: the file starts again.
    with open(log, "w") as f:
        f.write("after truncation\n")
    screen = tmux.wait_for(lambda s: "after truncation" in s, "the truncated file's line")
    assert "was truncated" in screen
    # Rotation: the file is renamed and a new one made at the path.
    os.rename(log, log + ".1")
    append(log + ".1", "written to the old file\n")
    with open(log, "w") as f:
        f.write("new file line\n")
    screen = tmux.wait_for(lambda s: "new file line" in s, "the new file's line")
    assert "was replaced" in screen
    # Scrolled back, new lines do not move the view; End follows again.
    tmux.keys("Tab", "Home")
    screen = tmux.wait_for(lambda s: "first 0" in s, "the top of the log")
    append(log, "while scrolled back\n")
    time.sleep(0.5)
    assert "while scrolled back" not in tmux.screen()
    tmux.keys("End")
    tmux.wait_for(lambda s: "while scrolled back" in s, "following again")
    tmux.keys("q")
    screen = tmux.wait_for(lambda s: re.search(r"EXIT=\d+", s), "the app to end", history=True)
    assert int(re.search(r"EXIT=(\d+)", screen).group(1)) == 0
    after = f"{tmux.dir}/after"
    deadline = time.time() + 10
    while not (os.path.exists(after) and os.path.getsize(after) > 0):
        assert time.time() < deadline, "stty -g after the app"
        time.sleep(0.05)
    with open(f"{tmux.dir}/before") as before, open(after) as restored:
        assert before.read() == restored.read(), "the terminal modes differ after the app"
    assert tmux.flag("alternate_on") == "0"
