#!/usr/bin/env python3
"""Records a session (TUI_RECORD) of each example app, driven in tmux as a
person would: keys with pauses between them, a resize, time passing.

    python3 Fixtures/tools/record_sessions.py OUTDIR [NAME...]

The binaries come from $TUI_BIN_DIR (default .build/debug). The sessions in
Tests/ExamplesTests/Sessions were made with this script; the kit's tests
replay them against the examples' views, and Tests/Runtime/test_recording.py
records fresh ones on every run and replays those too.
"""
import os
import shutil
import subprocess
import sys
import time
import uuid

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# The notes app shows its file's path: the replay (ExampleSessionTests) uses the same one.
NOTES_PATH = "/tmp/tuisession-notes/notes.json"

# Each scenario: the binary, its arguments, the window size, and steps:
# ("keys", k...) sends tmux keys, ("text", s) types s, ("sleep", s),
# ("resize", c, r), ("wait", text) waits until the screen shows text.
SCENARIOS = {
    "counter": dict(binary="counter", size=(60, 12), steps=[
        ("wait", "Count: 0"), ("keys", "+"), ("sleep", 0.2), ("keys", "+"), ("sleep", 0.2),
        ("resize", 50, 10), ("sleep", 0.4), ("keys", "-"), ("sleep", 0.2), ("keys", "q")]),
    "todo": dict(binary="todo", size=(70, 16), steps=[
        ("wait", "Todo"), ("text", "Buy milk"), ("sleep", 0.2), ("keys", "Enter"), ("sleep", 0.2),
        ("keys", "Tab"), ("sleep", 0.2), ("keys", "Down"), ("sleep", 0.1), ("keys", "Space"), ("sleep", 0.2),
        ("keys", "h"), ("sleep", 0.2), ("keys", "h"), ("sleep", 0.2), ("keys", "q")]),
    "form": dict(binary="form", size=(70, 22), steps=[
        ("wait", "Submit"), ("text", "Ada"), ("keys", "Tab"), ("sleep", 0.1), ("text", "ada@example.com"),
        ("keys", "Tab"), ("sleep", 0.1), ("text", "secret"), ("keys", "Enter"), ("sleep", 0.2),
        ("keys", "Tab"), ("sleep", 0.1), ("keys", "Tab"), ("sleep", 0.1), ("keys", "Tab"), ("sleep", 0.1),
        ("keys", "Enter"), ("sleep", 0.3), ("keys", "Escape"), ("sleep", 0.3), ("keys", "C-c")]),
    "wizard": dict(binary="wizard", size=(70, 20), steps=[
        ("wait", "Next"), ("keys", "Tab"), ("sleep", 0.1), ("keys", "Tab"), ("sleep", 0.1),
        ("keys", "Enter"), ("sleep", 0.3), ("text", "Grace"), ("keys", "Enter"), ("sleep", 0.1),
        ("text", "grace@example.com"), ("keys", "Enter"), ("sleep", 0.3), ("keys", "Escape")]),
    "dashboard": dict(binary="dashboard", size=(90, 24), steps=[
        ("wait", "PID"), ("sleep", 0.6), ("keys", "Down"), ("sleep", 0.1), ("keys", "Down"), ("sleep", 0.3),
        ("keys", ">"), ("sleep", 0.6), ("keys", "End"), ("sleep", 0.3), ("keys", "q")]),
    "inline-progress": dict(binary="inline-progress", size=(70, 16), steps=[
        ("wait", "q stops"), ("sleep", 0.5), ("keys", "q")]),
    "pager": dict(binary="pager", size=(70, 14), steps=[
        ("wait", "line 1:"), ("keys", "j"), ("sleep", 0.1), ("keys", "j"), ("sleep", 0.1), ("keys", "Space"),
        ("sleep", 0.2), ("keys", "/"), ("sleep", 0.1), ("text", "kilo"), ("keys", "Enter"), ("sleep", 0.3),
        ("keys", "n"), ("sleep", 0.2), ("keys", "F"), ("sleep", 0.5), ("keys", "F"), ("sleep", 0.2),
        ("keys", "q")]),
    "settings": dict(binary="settings", size=(70, 18), steps=[
        ("wait", "Display"), ("keys", "Enter"), ("sleep", 0.3), ("keys", "Space"), ("sleep", 0.2),
        ("keys", "Down"), ("sleep", 0.1), ("keys", "Right"), ("sleep", 0.2), ("keys", "Escape"), ("sleep", 0.3),
        ("keys", "Down"), ("sleep", 0.1), ("keys", "Enter"), ("sleep", 0.3), ("keys", "Escape"), ("sleep", 0.2),
        ("keys", "q")]),
    "notes": dict(binary="notes", size=(72, 16), env={"NOTES_FILE": NOTES_PATH}, steps=[
        ("wait", "Notes"), ("keys", "n"), ("sleep", 0.2), ("keys", "Enter"), ("sleep", 0.2),
        ("text", "Groceries"), ("keys", "Enter"), ("text", "milk, eggs"), ("sleep", 0.8), ("keys", "Escape"),
        ("sleep", 0.2), ("keys", "q")]),
}

NOTES_FIXTURE = """[{"id":"8C6F2E1A-4D3B-4F5E-9A7C-1B2D3E4F5A6B","text":"Welcome\\nThese notes are a fixture."}]"""


class Tmux:
    def __init__(self, columns, rows):
        self.socket = f"tuirec-{uuid.uuid4().hex[:8]}"
        self.run("new-session", "-d", "-s", "t", "-x", str(columns), "-y", str(rows),
                 "env PS1='$ ' bash --norc --noprofile")
        self.wait_for("$")

    def run(self, *args):
        return subprocess.run(["tmux", "-L", self.socket, *args], capture_output=True, text=True,
                              check=True).stdout

    def keys(self, *keys, literal=False):
        self.run("send-keys", "-t", "t", *(["-l"] if literal else []), *keys)

    def screen(self):
        return self.run("capture-pane", "-p", "-t", "t")

    def wait_for(self, text, timeout=10.0):
        deadline = time.time() + timeout
        while time.time() < deadline:
            if text in self.screen():
                return
            time.sleep(0.05)
        raise RuntimeError(f"timed out waiting for {text!r}; screen:\n{self.screen()}")

    def kill(self):
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True)


def record(name, out_dir, bin_dir):
    """Records scenario `name` into OUT_DIR/name.tuisession; returns
    (path, the tmux screen just before the app ended)."""
    scenario = SCENARIOS[name]
    path = os.path.abspath(os.path.join(out_dir, f"{name}.tuisession"))
    tmp = os.path.join(out_dir, f"{name}.tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    os.makedirs(tmp)
    if name == "notes":
        os.makedirs(os.path.dirname(NOTES_PATH), exist_ok=True)
        with open(NOTES_PATH, "w") as f:
            f.write(NOTES_FIXTURE)
    env = " ".join(f"{k}={v}" for k, v in scenario.get("env", {}).items())
    binary = os.path.join(bin_dir, scenario["binary"])
    tmux = Tmux(*scenario["size"])
    last_screen = ""
    try:
        done = os.path.join(tmp, "done")
        tmux.keys(f"{env} TUI_RECORD={path} {binary}; echo $? > {done}", literal=True)
        tmux.keys("Enter")
        for step in scenario["steps"]:
            kind = step[0]
            if kind == "wait":
                tmux.wait_for(step[1])
            elif kind == "keys":
                if step[1:] in [("q",), ("C-c",), ("Escape",)] and step is scenario["steps"][-1]:
                    time.sleep(0.2)
                    last_screen = tmux.screen()
                tmux.keys(*step[1:])
            elif kind == "text":
                tmux.keys(step[1], literal=True)
            elif kind == "sleep":
                time.sleep(step[1])
            elif kind == "resize":
                tmux.run("resize-window", "-t", "t", "-x", str(step[1]), "-y", str(step[2]))
        deadline = time.time() + 10
        while not os.path.exists(done) and time.time() < deadline:
            time.sleep(0.05)
        if not os.path.exists(done):
            raise RuntimeError(f"{name} did not end; screen:\n{tmux.screen()}")
    finally:
        tmux.kill()
        shutil.rmtree(tmp, ignore_errors=True)
    return path, last_screen


def main():
    if len(sys.argv) < 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    out_dir = sys.argv[1]
    os.makedirs(out_dir, exist_ok=True)
    bin_dir = os.environ.get("TUI_BIN_DIR", os.path.join(ROOT, ".build", "debug"))
    names = sys.argv[2:] or list(SCENARIOS)
    for name in names:
        path, _ = record(name, out_dir, bin_dir)
        print(f"{name}: {path} ({os.path.getsize(path)} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
