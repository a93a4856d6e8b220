import os
import shutil
import subprocess
import tempfile
import time
import uuid

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# Apps started by the tests keep their measured terminal widths in a cache
# of the test run's own, not the user's (a terminal named by an inherited
# TERM_PROGRAM would otherwise be probed once and then read from there).
os.environ["XDG_CACHE_HOME"] = tempfile.mkdtemp(prefix="tuitest-cache-")


def binary(name):
    """A built product: $TUI_BIN_DIR/name, else .build/debug/name."""
    base = os.environ.get("TUI_BIN_DIR", os.path.join(ROOT, ".build", "debug"))
    path = os.path.join(base, name)
    if not os.path.exists(path):
        pytest.fail(f"{path} is not built (swift build --product {name})")
    return path


class Tmux:
    """One tmux server (its own socket) with one shell window, driven as a person would."""

    def __init__(self, columns=80, rows=24):
        self.socket = f"tuitest-{uuid.uuid4().hex[:8]}"
        self.dir = f"/tmp/{self.socket}"
        os.makedirs(self.dir)
        # A cache of its own: apps in it measure the terminal's widths afresh
        # (a cache hit would skip the start-up width probe).
        self.run("new-session", "-d", "-s", "t", "-x", str(columns), "-y", str(rows),
                 f"env PS1='$ ' XDG_CACHE_HOME={self.dir}/cache bash --norc --noprofile")
        self.wait_for(lambda s: "$" in s, "the shell prompt")

    def run(self, *args):
        return subprocess.run(["tmux", "-L", self.socket, *args], capture_output=True, text=True, check=True).stdout

    def keys(self, *keys, literal=False):
        self.run("send-keys", "-t", "t", *(["-l"] if literal else []), *keys)

    def line(self, text):
        self.keys(text, literal=True)
        self.keys("Enter")

    def screen(self, history=False):
        args = ["capture-pane", "-p", "-t", "t"] + (["-S", "-200"] if history else [])
        return self.run(*args)

    def flag(self, name):
        return self.run("display", "-p", "-t", "t", "#{" + name + "}").strip()

    def resize(self, columns, rows):
        self.run("resize-window", "-t", "t", "-x", str(columns), "-y", str(rows))

    def wait_for(self, predicate, what, timeout=10.0, history=False):
        deadline = time.time() + timeout
        while time.time() < deadline:
            screen = self.screen(history)
            if predicate(screen):
                return screen
            time.sleep(0.05)
        raise AssertionError(f"timed out waiting for {what}; screen:\n{self.screen(history)}")

    def child_pid(self):
        """The pid of the program the shell is running."""
        shell = self.flag("pane_pid")
        deadline = time.time() + 5
        while time.time() < deadline:
            out = subprocess.run(["pgrep", "-P", shell], capture_output=True, text=True).stdout.split()
            if out:
                return int(out[0])
            time.sleep(0.05)
        raise AssertionError("no child process")

    def child_pid_of(self, name):
        """The pid of the process named `name` below the shell (any depth)."""
        deadline = time.time() + 5
        while time.time() < deadline:
            out = subprocess.run(["pgrep", "-x", name], capture_output=True, text=True).stdout.split()
            shell = int(self.flag("pane_pid"))
            for pid in map(int, out):
                p = pid
                while p > 1:
                    try:
                        p = int(open(f"/proc/{p}/stat").read().rsplit(")", 1)[1].split()[1])
                    except (OSError, IndexError, ValueError):
                        break
                    if p == shell:
                        return pid
            time.sleep(0.05)
        raise AssertionError(f"no {name} below the shell")

    def kill(self):
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True)
        shutil.rmtree(self.dir, ignore_errors=True)


@pytest.fixture
def tmux():
    t = Tmux()
    yield t
    t.kill()


@pytest.fixture
def display():
    """An X display of its own (Xvfb, 800x600), for tests that run xterm.
    Tests that use it skip themselves where Xvfb is absent."""
    for number in range(90, 130):
        if not os.path.exists(f"/tmp/.X11-unix/X{number}") and not os.path.exists(f"/tmp/.X{number}-lock"):
            break
    server = subprocess.Popen(["Xvfb", f":{number}", "-screen", "0", "800x600x24"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.time() + 10
    while not os.path.exists(f"/tmp/.X11-unix/X{number}") and time.time() < deadline:
        time.sleep(0.05)
    yield f":{number}"
    server.terminate()
    server.wait(5)
