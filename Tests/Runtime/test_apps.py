"""The apps a SwiftUI developer would write (issue 21) — a process monitor,
a notes app, a pager, a form wizard — used in a real terminal as a person
would; each ends with its exit status and the terminal as it was found
(the same `stty -g`, the alternate screen off). The reworked
inline-progress example is tested in test_examples.py."""
import json
import os
import re
import signal
import time

from conftest import binary


def run(tmux, name, *args, env=""):
    tmux.line(f"stty -g > {tmux.dir}/before; {env} {binary(name)} {' '.join(args)}; echo EXIT=$?; "
              f"stty -g > {tmux.dir}/after")


def finish(tmux):
    """The exit status, once the terminal is given back as it was found."""
    screen = tmux.wait_for(lambda s: re.search(r"EXIT=\d+", s), "the app to end", history=True)
    status = int(re.search(r"EXIT=(\d+)", screen).group(1))
    after = f"{tmux.dir}/after"
    wait_until(lambda: os.path.exists(after) and os.path.getsize(after) > 0, "stty -g after the app")
    with open(f"{tmux.dir}/before") as before, open(after) as restored:
        assert before.read() == restored.read(), "the terminal modes differ after the app"
    assert tmux.flag("alternate_on") == "0"
    return status


def wait_until(predicate, what, timeout=10.0):
    deadline = time.time() + timeout
    while time.time() < deadline:
        if predicate():
            return
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


# top

PROCESS_ROW = re.compile(r"^\s*(\d+) (\S)\s+(\d+\.\d)\s+(\d+\.\d) (.*)$")


def processes(screen):
    """(pid, cpu, mem, command) of each table row on the screen."""
    rows = [PROCESS_ROW.match(r) for r in screen.splitlines()]
    # The table's scroll indicator (│ track, █ thumb) ends the rows while they overflow.
    return [(int(m[1]), float(m[3]), float(m[4]), m[5].rstrip(" │█")) for m in rows if m]


def test_top(tmux):
    tmux.resize(100, 30)
    tmux.line(f"yes > /dev/null & echo $! > {tmux.dir}/busy")
    wait_until(lambda: os.path.exists(f"{tmux.dir}/busy") and os.path.getsize(f"{tmux.dir}/busy") > 0, "yes to start")
    busy = int(open(f"{tmux.dir}/busy").read())
    try:
        run(tmux, "top")
        screen = tmux.wait_for(lambda s: "refresh 2" in s, "two readings of /proc")
        rows = screen.splitlines()
        assert re.match(r"top \d+ processes, sorted by CPU", rows[0]), screen
        assert rows[1].startswith("CPU ") and rows[2].startswith("Mem ") and " MiB" in rows[2]
        assert re.match(r"\s+PID S\s+CPU%\s+MEM MiB COMMAND", rows[3]), screen
        # The busy process is found, with its share of a CPU, among the first rows.
        screen = tmux.wait_for(lambda s: any(p == busy and cpu >= 5 and c == "yes" for p, cpu, _, c in processes(s)),
                               "yes using the CPU")
        cpus = [cpu for _, cpu, _, _ in processes(screen)]
        assert cpus == sorted(cpus, reverse=True), screen
        tmux.keys("m")
        screen = tmux.wait_for(lambda s: "sorted by memory" in s, "the sort by memory")
        memory = [mem for _, _, mem, _ in processes(screen)]
        assert memory == sorted(memory, reverse=True) and memory[0] > 0, screen
        tmux.keys("p")
        screen = tmux.wait_for(lambda s: "sorted by PID" in s, "the sort by PID")
        pids = [pid for pid, _, _, _ in processes(screen)]
        assert pids == sorted(pids) and len(pids) == 24, screen
        assert "no process selected" in screen
        tmux.keys("Down")        # the first row is selected: its full command line is shown
        screen = tmux.wait_for(lambda s: any(r.startswith(f"{pids[0]}: ") for r in s.splitlines()), "the selection")
        tmux.keys("q")
        assert finish(tmux) == 0
    finally:
        os.kill(busy, signal.SIGTERM)


# notes

def saved_notes(path):
    try:
        with open(path) as f:
            return [note["text"] for note in json.load(f)]
    except (OSError, ValueError):
        return None


def test_notes(tmux, tmp_path):
    path = tmp_path / "notes.json"
    tmux.resize(100, 16)
    run(tmux, "notes", str(path))
    screen = tmux.wait_for(lambda s: "starting empty" in s, "the status line")
    assert f"No notes at {path} yet" in screen and "No notes yet: n makes one." in screen
    tmux.keys("n")           # a new note, its editor focused
    tmux.wait_for(lambda s: "Esc: back to the list" in s, "the editor")
    tmux.keys("Groceries", literal=True)
    tmux.keys("Enter")
    tmux.keys("milk and eggs", literal=True)
    screen = tmux.wait_for(lambda s: "│ milk and eggs" in s, "the note's text")
    assert any(r.startswith("Groceries ") and r.endswith("│ Groceries") for r in screen.splitlines()), screen
    # Saved half a second after the last change, without quitting.
    wait_until(lambda: saved_notes(path) == ["Groceries\nmilk and eggs"], "the debounced save")
    tmux.wait_for(lambda s: f"Saved 1 note to {path}." in s, "the save on the status line")
    tmux.keys("Escape")      # back to the list
    tmux.wait_for(lambda s: "n new · d delete" in s, "the list focused")
    tmux.keys("n")
    tmux.wait_for(lambda s: "Esc: back to the list" in s, "the second note's editor")
    tmux.keys("Call Bob", literal=True)
    tmux.wait_for(lambda s: any(r.startswith("Call Bob ") for r in s.splitlines()), "the second note in the list")
    tmux.keys("Escape")
    tmux.wait_for(lambda s: "n new · d delete" in s, "the list focused")
    tmux.keys("d")
    screen = tmux.wait_for(lambda s: "Delete “Call Bob”?" in s, "the confirmation")
    assert "[ Cancel ]  [ Delete ]" in screen
    tmux.keys("Tab")         # Cancel has focus; Tab moves to Delete
    tmux.keys("Enter")
    screen = tmux.wait_for(lambda s: "Call Bob" not in s and "Notes 1" in s, "the note deleted")
    assert "│ milk and eggs" in screen      # the remaining note is selected
    tmux.keys("q")
    assert finish(tmux) == 0
    assert saved_notes(path) == ["Groceries\nmilk and eggs"]


def test_notes_starts_empty_on_a_malformed_file(tmux, tmp_path):
    path = tmp_path / "broken.json"
    path.write_text("{not json")
    tmux.resize(100, 16)
    tmux.line(f"cd {tmp_path}")
    run(tmux, "notes", env="NOTES_FILE=broken.json")
    screen = tmux.wait_for(lambda s: "is not a notes file" in s, "the status line")
    assert "broken.json is not a notes file: starting empty (saving keeps it as broken.json.bak)." in screen, screen
    assert "No notes yet" in screen
    tmux.keys("n")
    tmux.wait_for(lambda s: "Esc: back to the list" in s, "the editor")
    tmux.keys("Fresh start", literal=True)
    tmux.wait_for(lambda s: "│ Fresh start" in s, "the text")
    tmux.keys("Escape")
    tmux.wait_for(lambda s: "n new · d delete" in s, "the list focused")
    tmux.keys("q")           # saves at once: the broken file is kept beside the new one
    assert finish(tmux) == 0
    assert saved_notes(path) == ["Fresh start"]
    assert (tmp_path / "broken.json.bak").read_text() == "{not json"


# pager

def first_line(screen):
    return int(re.match(r"line (\d+):", screen.splitlines()[0]).group(1))


def test_pager(tmux):
    tmux.resize(120, 12)
    run(tmux, "pager")
    screen = tmux.wait_for(lambda s: "/200000" in s, "the pager")
    rows = screen.splitlines()
    assert rows[0].startswith("line 1: bravo alpha kilo alpha"), screen
    assert re.search(r"\(generated\)\s+1–\d+/200000 0%", screen), screen
    tmux.keys("G")
    screen = tmux.wait_for(lambda s: "–200000/200000 100%" in s, "the end")
    assert any(r.startswith("line 200000: ") for r in screen.splitlines()), screen
    tmux.keys("g")
    tmux.wait_for(lambda s: first_line(s) == 1, "the top")
    tmux.keys("j", "j", "Down", "Down", "k")
    tmux.wait_for(lambda s: first_line(s) == 4, "three lines down")
    tmux.keys("PageDown")
    screen = tmux.wait_for(lambda s: first_line(s) > 4, "a page down")
    page = first_line(screen) - 4
    assert page >= 9, screen
    tmux.keys("PageUp")
    tmux.wait_for(lambda s: first_line(s) == 4, "a page up")
    # `/` and the text typed after it arrive in one read: the field that `/`
    # shows and focuses gets all of it ("q" too, which would quit the pager).
    tmux.keys("/quebec", literal=True)
    tmux.wait_for(lambda s: s.splitlines()[-1].startswith("/quebec"), "the search field with the text")
    tmux.keys("Enter")
    screen = tmux.wait_for(lambda s: "quebec" in s.splitlines()[0], "the first match")
    assert first_line(screen) == 13, screen
    styled = tmux.run("capture-pane", "-p", "-e", "-t", "t").splitlines()
    assert styled[0].startswith("\x1b[7mline 13:") and "\x1b[7m" not in styled[1], styled[:2]  # the match in reverse
    tmux.keys("n")
    tmux.wait_for(lambda s: first_line(s) == 16, "the next match")
    # A search typed and submitted in one go.
    tmux.keys("/0000:", literal=True)
    tmux.keys("Enter")
    tmux.wait_for(lambda s: first_line(s) == 10000, "line 10000")
    tmux.keys("n")
    tmux.wait_for(lambda s: first_line(s) == 20000, "line 20000")
    # Esc cancels a search: nothing moves.
    tmux.keys("/abc", literal=True)
    tmux.wait_for(lambda s: s.splitlines()[-1].startswith("/abc"), "the search field")
    tmux.keys("Escape")
    screen = tmux.wait_for(lambda s: not s.splitlines()[-1].startswith("/"), "the search cancelled")
    assert first_line(screen) == 20000
    # Follow: lines are appended and the end stays in view.
    tmux.keys("F")
    screen = tmux.wait_for(lambda s: re.search(r"/2000[1-9]\d\b", s), "lines appended while following")
    assert "following" in screen
    shown = [int(m[1]) for m in re.finditer(r"^line (\d+):", screen, re.M)]
    total = int(re.search(r"/(\d+)", screen).group(1))
    assert shown[-1] == total, screen
    tmux.keys("F")
    screen = tmux.wait_for(lambda s: "following" not in s, "following stopped")
    tmux.keys("q")
    assert finish(tmux) == 0


def test_pager_on_a_file(tmux, tmp_path):
    path = tmp_path / "words.txt"
    path.write_text("".join(f"word {i}\n" for i in range(1, 101)))
    tmux.resize(120, 12)
    tmux.line(f"cd {tmp_path}")
    run(tmux, "pager", "words.txt")
    screen = tmux.wait_for(lambda s: "/100 " in s, "the file")
    # The scroll view's indicator is the last column: the thumb at the top.
    first = screen.splitlines()[0]
    assert first.rstrip(" │█") == "word 1" and first.endswith("█"), screen
    assert "words.txt 1–11/100 11%" in screen, screen
    tmux.keys("/word 77", literal=True)
    tmux.keys("Enter")
    tmux.wait_for(lambda s: s.splitlines()[0].rstrip(" │█") == "word 77", "the match")
    tmux.keys("/nothing like it", literal=True)
    tmux.keys("Enter")
    tmux.wait_for(lambda s: "not found: nothing like it" in s, "the search failing")
    tmux.keys("q")
    assert finish(tmux) == 0


# wizard

def focused_text(tmux, text, shown=None):
    """Types into what has focus and waits until the screen shows it (or `shown`)."""
    tmux.keys(text, literal=True)
    tmux.wait_for(lambda s: (shown or text) in s, f"{text!r} typed")


def fill_to_review(tmux):
    run(tmux, "wizard")
    tmux.wait_for(lambda s: "step 1 of 5: Who you are" in s, "the first step")
    # Next with nothing filled in: both problems shown, focus on the name.
    tmux.keys("Tab", "Tab")  # name → email → Next
    tmux.keys("Enter")
    screen = tmux.wait_for(lambda s: "Enter your name." in s, "the problems")
    assert "Enter an email address like ada@example.com." in screen
    focused_text(tmux, "Ada")
    tmux.keys("Enter")       # to the email field
    focused_text(tmux, "ada@example")
    tmux.keys("Enter")       # the last field: Next; the email is still wrong and keeps focus
    tmux.wait_for(lambda s: "Enter your name." not in s, "the name accepted")
    focused_text(tmux, ".com", shown="Email     ada@example.com ")
    tmux.keys("Enter")
    tmux.wait_for(lambda s: "step 2 of 5: Where you live" in s, "the second step")
    focused_text(tmux, "1 Analytical Way")
    tmux.keys("Enter")
    focused_text(tmux, "London")
    tmux.keys("Enter", "Enter")  # no postcode
    tmux.wait_for(lambda s: "Enter a postcode." in s, "the missing postcode")
    focused_text(tmux, "N1 9GU")
    tmux.keys("Enter")
    tmux.wait_for(lambda s: "step 3 of 5: Your plan" in s, "the plan step")
    tmux.keys("Tab", "Tab", "Tab", "Tab")  # Free → Pro → Team → Back → Next
    tmux.keys("Enter")
    tmux.wait_for(lambda s: "Choose a plan." in s, "the plan required")
    tmux.keys("Tab", "Enter")  # focus went back to Free; Pro
    tmux.wait_for(lambda s: "(•) Pro" in s, "Pro chosen")
    tmux.keys("Tab", "Tab", "Tab", "Enter")  # Team → Back → Next
    tmux.wait_for(lambda s: "step 4 of 5: Options" in s, "the options")
    tmux.keys("Space")       # the newsletter toggle has focus
    tmux.wait_for(lambda s: "[x] Send me the newsletter" in s, "the newsletter on")
    tmux.keys("Tab", "Tab", "Tab", "Tab", "Enter")  # invoices → terms → Back → Next
    tmux.wait_for(lambda s: "Accept the terms to go on." in s, "the terms required")
    tmux.keys("Space")       # focus moved to the terms
    tmux.wait_for(lambda s: "[x] I accept the terms" in s, "the terms accepted")
    tmux.keys("Tab", "Tab", "Enter")
    screen = tmux.wait_for(lambda s: "step 5 of 5: Review" in s, "the review")
    for text in ("Name     Ada <ada@example.com>", "Address  1 Analytical Way, London N1 9GU", "Plan     Pro",
                 "Options  newsletter, invoices by email", "[ Back ]  [ Submit ]"):
        assert text in screen, screen


def test_wizard_submits_and_prints_a_summary(tmux):
    tmux.resize(80, 24)
    fill_to_review(tmux)
    tmux.keys("Enter")       # Submit has focus on the review
    assert finish(tmux) == 0
    screen = tmux.screen(history=True)
    rows = screen.splitlines()
    i = rows.index("Signed up:")
    assert rows[i + 1:i + 5] == ["  Name     Ada <ada@example.com>", "  Address  1 Analytical Way, London N1 9GU",
                                 "  Plan     Pro", "  Options  newsletter, invoices by email"], screen


def test_wizard_back_keeps_what_was_typed(tmux):
    tmux.resize(80, 24)
    run(tmux, "wizard")
    tmux.wait_for(lambda s: "step 1 of 5" in s, "the first step")
    focused_text(tmux, "Grace")
    tmux.keys("Enter")
    focused_text(tmux, "grace@example.org")
    tmux.keys("Enter")
    tmux.wait_for(lambda s: "step 2 of 5" in s, "the second step")
    tmux.keys("Tab", "Tab", "Tab", "Enter")  # street → city → postcode → Back
    screen = tmux.wait_for(lambda s: "step 1 of 5" in s, "the first step again")
    assert "Grace" in screen and "grace@example.org" in screen
    tmux.keys("Escape")      # cancels from any step
    assert finish(tmux) == 1


def test_wizard_q_on_the_review_cancels(tmux):
    tmux.resize(80, 24)
    fill_to_review(tmux)
    tmux.keys("q")
    assert finish(tmux) == 1
    assert "Signed up:" not in tmux.screen(history=True)
