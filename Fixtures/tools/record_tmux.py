#!/usr/bin/env python3
"""Records real terminal programs in tmux as tuiframes v1 files.

Each scenario runs one program in a detached tmux session on a private
socket (`tmux -L NAME -f /dev/null`, status line off, fixed size,
TERM=xterm-256color, LANG=C.UTF-8, a scratch HOME), sends a scripted list
of keystrokes with `send-keys`, and after every step waits for the screen to
settle (polls `capture-pane` until it stops changing) and captures it with
`capture-pane -p -e -N` (-e: SGR styles; -N: keep trailing blanks; lines are
padded to the full width by the parser since tmux omits cells never
written). The capture is parsed into cells (tmux_capture.py) and written as
one frame.

Usage:
    record_tmux.py [--out DIR] [--list] [SCENARIO ...]

With no SCENARIO, records all of them. Needs tmux (3.3a was used), vim,
less, htop, top (procps), git, bash, coreutils, and the Python packages
`wcwidth` (>= 0.2.13, for grapheme clusters).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from tmux_capture import parse_capture  # noqa: E402
from tuiframes_lib import FrameWriter  # noqa: E402

HERE = Path(__file__).resolve().parent
DEFAULT_OUT = HERE.parent / "recordings"


class RecordError(Exception):
    pass


class Recorder:
    """One tmux session driving one program, collecting frames."""

    POLL = 0.03

    def __init__(self, name: str, cols: int, rows: int, home: Path, verbose=True):
        self.name = name
        self.cols = cols
        self.rows = rows
        self.home = home
        self.socket = f"fixrec-{os.getpid()}-{name}"
        self.frames = []  # (label, raw capture)
        self.last = None
        self.verbose = verbose
        self.started = False
        self.env = {
            "PATH": "/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin",
            "HOME": str(home),
            "LANG": "C.UTF-8",
            "LC_ALL": "C.UTF-8",
            "TERM": "xterm-256color",
            "TZ": "UTC",
            "USER": "fixture",
            "LOGNAME": "fixture",
            "SHELL": "/bin/bash",
            "LESSHISTFILE": "-",
            "GIT_CONFIG_NOSYSTEM": "1",
        }

    # --- tmux plumbing -------------------------------------------------
    def tmux(self, *args, check=True) -> str:
        cmd = ["tmux", "-L", self.socket, "-f", "/dev/null", "-u", *args]
        p = subprocess.run(cmd, env=self.env, capture_output=True, text=True, encoding="utf-8",
                           errors="surrogateescape")
        if check and p.returncode != 0:
            raise RecordError(f"{' '.join(cmd)} failed: {p.stderr.strip()}")
        return p.stdout

    def start(self, command: str, cwd: Path, env=None, settle=True, label="start", wait=None):
        env = dict(env or {})
        self.env.update(env)
        args = ["new-session", "-d", "-s", "main", "-x", str(self.cols), "-y", str(self.rows),
                "-c", str(cwd)]
        for k, v in self.env.items():
            args += ["-e", f"{k}={v}"]
        args += [command]
        # The options are set in the same client command as the session, so
        # they are in place before anything is drawn.
        self.tmux(*args, ";", "set", "-g", "status", "off", ";",
                  "set", "-g", "remain-on-exit", "on", ";",
                  "set", "-g", "history-limit", "0", ";",
                  "set", "-g", "escape-time", "0", ";",
                  "setw", "-g", "aggressive-resize", "off")
        self.started = True
        size = self.tmux("display", "-p", "-t", "main", "#{pane_width}x#{pane_height}").strip()
        if size != f"{self.cols}x{self.rows}":
            raise RecordError(f"pane is {size}, expected {self.cols}x{self.rows}")
        self.last = None
        if wait is not None:
            time.sleep(wait)
            self.snap(label)
        elif settle:
            self.settle(prev=None, change_timeout=5.0)
            self.snap(label)

    def capture(self) -> str:
        return self.tmux("capture-pane", "-p", "-e", "-N", "-t", "main")

    def kill(self):
        if self.started:
            self.tmux("kill-server", check=False)
            self.started = False

    # --- waiting ---------------------------------------------------------
    def settle(self, prev, quiet=0.25, change_timeout=1.2, timeout=8.0):
        """Waits until the screen changed from `prev` and then stayed the same
        for `quiet` seconds; if it never changes, gives up after
        `change_timeout` (the step had no visible effect)."""
        start = time.monotonic()
        last = self.capture()
        last_change = time.monotonic()
        changed = last != prev
        while True:
            time.sleep(self.POLL)
            cur = self.capture()
            now = time.monotonic()
            if cur != last:
                last = cur
                last_change = now
                changed = changed or cur != prev
            if changed and now - last_change >= quiet:
                break
            if not changed and now - start >= change_timeout:
                break
            if now - start >= timeout:
                print(f"  [{self.name}] warning: screen did not settle in {timeout}s", file=sys.stderr)
                break
        return last

    # --- steps -------------------------------------------------------------
    def snap(self, label, raw=None):
        raw = raw if raw is not None else self.capture()
        self.frames.append((label, raw))
        self.last = raw

    def step(self, label, *keys, literal=False, wait=None, quiet=0.25, record=True):
        """Sends keys (tmux key names, or literal text), waits, captures."""
        # tmux takes an argument ending in ';' as a command separator; '\\;' is a literal ';'.
        keys = tuple(k[:-1] + "\\;" if k.endswith(";") else k for k in keys)
        if keys:
            if literal:
                self.tmux("send-keys", "-t", "main", "-l", "--", *keys)
            else:
                self.tmux("send-keys", "-t", "main", *keys)
        if wait is not None:
            time.sleep(wait)
            raw = self.capture()
        else:
            raw = self.settle(self.last, quiet=quiet)
        if record:
            self.snap(label, raw)
        else:
            self.last = raw

    def keys(self, key, n, label=None, **kw):
        for i in range(n):
            self.step(f"{label or key} {i + 1}/{n}", key, **kw)

    def type(self, text, chunk=4, label="type", enter=False, **kw):
        """Types `text` a few characters per frame; optionally presses Enter."""
        for i in range(0, len(text), chunk):
            part = text[i:i + chunk]
            self.step(f"{label} {text[:i + len(part)]!r}", part, literal=True, **kw)
        if enter:
            self.step(f"{label} Enter", "Enter", **kw)

    def command(self, text, chunk=6, **kw):
        """Types a shell command in chunks, then Enter."""
        self.type(text, chunk=chunk, label="$", enter=True, **kw)

    # --- output ------------------------------------------------------------
    def write(self, path: Path, comments):
        warnings = {}
        fw = FrameWriter(self.cols, self.rows, comments)
        for label, raw in self.frames:
            grid = parse_capture(raw, self.cols, self.rows, warnings)
            fw.add(label, grid)
        for msg, n in warnings.items():
            print(f"  [{self.name}] note: {msg} (x{n})", file=sys.stderr)
        n = len(self.frames)
        if not 40 <= n <= 150:
            print(f"  [{self.name}] warning: {n} frames (aim: 40-150)", file=sys.stderr)
        fw.write(path)
        return n, len(fw.keys)


# ---------------------------------------------------------------------------
# Deterministic inputs


def run(cmd, cwd=None, env=None, check=True):
    return subprocess.run(cmd, cwd=cwd, env=env, check=check, capture_output=True, text=True)


def python_source_file() -> Path:
    import textwrap
    return Path(textwrap.__file__)


def make_git_repo(root: Path, home: Path, commits=100) -> Path:
    """A repository with `commits` commits on a few merged branches, with fixed
    authors, dates and content, so its hashes are the same on every run."""
    repo = root / "repo"
    repo.mkdir()
    env = {
        "PATH": "/usr/bin:/bin",
        "HOME": str(home),
        "LANG": "C.UTF-8",
        "TZ": "UTC",
        "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_COMMITTER_NAME": "Fixture Bot",
        "GIT_COMMITTER_EMAIL": "bot@fixtures.invalid",
    }
    authors = [
        ("Ada Lovelace", "ada@example.com"),
        ("Alan Turing", "alan@example.com"),
        ("Grace Hopper", "grace@example.com"),
        ("Edsger Dijkstra", "ewd@example.com"),
        ("Barbara Liskov", "barbara@example.com"),
    ]
    areas = ["parser", "writer", "diff", "layout", "cells", "colors", "unicode", "bench", "docs", "tests"]
    verbs = ["Add", "Fix", "Refactor", "Speed up", "Document", "Simplify", "Rename", "Test", "Handle", "Clean up"]
    objects = ["row damage", "wide clusters", "cursor moves", "SGR runs", "scroll regions",
               "style keys", "frame labels", "truecolor", "erase-line", "tab stops", "grapheme widths",
               "line wrapping"]

    def git(*args, i=0, author=0):
        e = dict(env)
        a = authors[author % len(authors)]
        stamp = f"2024-03-{1 + i // 8:02d}T{8 + i % 8:02d}:{(i * 7) % 60:02d}:00+0000"
        e.update(GIT_AUTHOR_NAME=a[0], GIT_AUTHOR_EMAIL=a[1], GIT_AUTHOR_DATE=stamp, GIT_COMMITTER_DATE=stamp)
        return run(["git", *args], cwd=repo, env=e)

    git("init", "-q", "-b", "main")
    git("config", "user.name", "Fixture Bot")
    git("config", "user.email", "bot@fixtures.invalid")

    def edit(i):
        area = areas[(i * 3) % len(areas)]
        f = repo / "src" / f"{area}.txt"
        f.parent.mkdir(exist_ok=True)
        lines = f.read_text().splitlines() if f.exists() else [f"# {area}"]
        k = (i * 5) % (len(lines) + 1)
        new = f"{verbs[i % len(verbs)].lower()} {objects[(i * 7) % len(objects)]} (step {i})"
        if len(lines) > 6 and i % 3 == 0:
            lines[k % len(lines)] = new  # a change
        else:
            lines.insert(k, new)
        if i % 4 == 0 and len(lines) > 4:
            del lines[(k + 2) % len(lines)]
        f.write_text("\n".join(lines) + "\n")
        return area

    i = 0
    branch_points = {12: "feature/damage", 30: "feature/unicode", 47: "fix/cursor", 63: "feature/bench",
                     80: "docs/format"}
    while i < commits:
        if i in branch_points:
            name = branch_points[i]
            git("checkout", "-q", "-b", name, i=i)
            for _ in range(4 + i % 3):
                area = edit(i)
                git("add", "-A", i=i)
                msg = f"{verbs[i % len(verbs)]} {objects[(i * 5) % len(objects)]} in {area}"
                git("commit", "-q", "-m", msg, "-m", f"Part of {name}. Commit {i} of the fixture history.",
                    i=i, author=i * 3 + 1)
                i += 1
            git("checkout", "-q", "main", i=i)
            area = edit(i)
            git("add", "-A", i=i)
            git("commit", "-q", "-m", f"{verbs[i % len(verbs)]} {area} on main", i=i, author=i)
            i += 1
            git("merge", "-q", "--no-ff", "-m", f"Merge branch '{name}'", name, i=i, author=i)
            i += 1
            continue
        area = edit(i)
        git("add", "-A", i=i)
        msg = f"{verbs[i % len(verbs)]} {objects[(i * 7) % len(objects)]} in {area}"
        body = f"Commit {i} of the fixture history; touches src/{area}.txt."
        git("commit", "-q", "-m", msg, "-m", body, i=i, author=i)
        i += 1
        if i in (20, 55, 90):
            git("tag", f"v0.{i // 20}.0", i=i)
    git("branch", "-q", "wip/experiment", "HEAD~3")
    return repo


def make_ls_tree(root: Path) -> Path:
    """A directory with many kinds of files for `ls --color`."""
    top = root / "project"
    top.mkdir()
    stamp = "2024-05-17 12:34:56"

    def touch(p: Path, size=0, mode=0o644):
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_bytes(bytes((i * 31 + len(p.name)) % 251 for i in range(size)))
        os.chmod(p, mode)

    for i, name in enumerate(["README.md", "LICENSE", "Makefile", "Package.swift", "notes.txt", ".gitignore",
                              "config.toml", "data.json", "schema.sql", "CHANGELOG.md"]):
        touch(top / name, 100 + i * 97)
    for name in ["build.sh", "run-tests", "deploy.py", "bench"]:
        touch(top / name, 300, 0o755)
    for name in ["release-1.0.tar.gz", "release-1.1.tar.gz", "assets.zip", "backup.tar.xz", "dump.bz2",
                 "vendor.7z", "pkg.deb"]:
        touch(top / name, 4096)
    for name in ["logo.png", "banner.jpg", "icon.svg", "screenshot.gif", "photo.tiff"]:
        touch(top / name, 2048)
    for name in ["theme.mp3", "click.wav", "intro.ogg", "demo.mp4", "talk.mkv"]:
        touch(top / name, 8192)
    for d in ["Sources", "Tests", "docs", "scripts", "build", "vendor", ".cache"]:
        (top / d).mkdir()
    os.chmod(top / "build", 0o777)
    os.chmod(top / ".cache", 0o1777)
    (top / "shared-tmp").mkdir()
    os.chmod(top / "shared-tmp", 0o1777)
    (top / "latest").symlink_to("release-1.1.tar.gz")
    (top / "docs-link").symlink_to("docs")
    (top / "broken-link").symlink_to("does-not-exist")
    os.mkfifo(top / "control.fifo")
    touch(top / "setuid-tool", 500, 0o4755)
    touch(top / "setgid-tool", 500, 0o2755)
    for mod in ["Engine", "Text", "Layout", "Render", "Bench"]:
        for j, kind in enumerate(["Buffer", "Writer", "Diff", "Cell", "Style", "Width"]):
            touch(top / "Sources" / mod / f"{mod}{kind}.swift", 1000 + 113 * j)
        touch(top / "Tests" / f"{mod}Tests" / f"{mod}Tests.swift", 2500)
    for j in range(12):
        touch(top / "docs" / f"chapter-{j + 1:02d}.md", 4000 + j * 10)
    touch(top / "docs" / "diagram.png", 9000)
    for j in range(8):
        touch(top / "scripts" / f"task-{j}.sh", 200, 0o755)
    for j in range(20):
        touch(top / "build" / f"obj-{j:03d}.o", 7000 + j)
    touch(top / "build" / "app", 90000, 0o755)
    touch(top / "vendor" / "lib.a", 50000)
    touch(top / "vendor" / "lib.so.1", 40000, 0o755)
    (top / "vendor" / "lib.so").symlink_to("lib.so.1")
    # Fixed times on everything (symlinks too), deepest first.
    for dirpath, dirnames, filenames in os.walk(top, topdown=False):
        for n in filenames + dirnames:
            run(["touch", "-h", "-d", stamp, os.path.join(dirpath, n)])
    run(["touch", "-d", stamp, str(top)])
    return top


def make_color_log(path: Path, lines=1500):
    """A deterministic application log with ANSI-coloured levels."""
    import random
    rng = random.Random(1234)
    levels = [("INFO", "\x1b[32m"), ("DEBUG", "\x1b[2;37m"), ("WARN", "\x1b[33;1m"), ("ERROR", "\x1b[1;31m"),
              ("TRACE", "\x1b[36m")]
    weights = [50, 25, 12, 5, 8]
    comps = ["http", "db.pool", "cache", "scheduler", "auth", "render", "queue", "metrics"]
    msgs = [
        "request GET /api/v1/items?page={n} completed in {ms}ms",
        "connection {n} returned to pool (idle={k})",
        "cache miss for key user:{n}:profile",
        "job #{n} scheduled at +{k}s",
        "token refreshed for session {hex}",
        "frame {n} rendered: {k} cells changed, {ms}ms",
        "queue depth {k}, consumers {n}",
        "slow query took {ms}ms: SELECT * FROM events WHERE id > {n} ORDER BY ts LIMIT 100",
        "retrying upstream call ({k}/5) after timeout",
        "user {n} logged in from 10.0.{k}.{n}",
    ]
    out = []
    t = 0.0
    for i in range(lines):
        t += rng.random() * 0.8
        lvl, col = rng.choices(levels, weights)[0]
        comp = rng.choice(comps)
        msg = rng.choice(msgs).format(n=rng.randint(1, 9999), k=rng.randint(0, 64), ms=rng.randint(1, 2500),
                                      hex=f"{rng.getrandbits(48):012x}")
        h, rem = divmod(int(t), 3600)
        m, s = divmod(rem, 60)
        ts = f"2024-05-17T{8 + h:02d}:{m:02d}:{s:02d}.{int((t % 1) * 1000):03d}Z"
        out.append(f"\x1b[90m{ts}\x1b[0m {col}{lvl:<5}\x1b[0m \x1b[35m[{comp}]\x1b[0m {msg}")
    path.write_text("\n".join(out) + "\n")


# ---------------------------------------------------------------------------
# Scenarios: each takes (recorder, workdir) and drives the program.

VIM_BASE = "vim -u NONE -i NONE -n -N -c 'syntax on' -c 'set number laststatus=2 ruler showcmd hlsearch incsearch'"


def vim_session(r: Recorder, search: str, insert: str):
    r.keys("C-f", 6)
    r.keys("C-d", 6)
    r.keys("j", 15)
    r.keys("k", 8)
    r.keys("C-u", 4)
    r.keys("C-b", 3)
    r.type("/" + search, chunk=1, label="search")
    r.step("search Enter", "Enter")
    r.keys("n", 6)
    r.keys("N", 2)
    r.type(":noh", chunk=4, label="cmd", enter=True)
    r.step("o (open line)", "o")
    r.type(insert, chunk=5, label="insert")
    r.step("Escape", "Escape")
    r.step("dd", "d", "d")
    r.step("u (undo)", "u")
    r.step("zt", "z", "t")
    r.step("zz", "z", "z")
    r.step("G", "G")
    r.keys("C-y", 5)
    r.step("gg", "g", "g")
    r.keys("C-e", 5)
    r.type(":set nonumber", chunk=13, label="cmd", enter=True)
    r.keys("C-f", 3)


def scen_vim_python(r: Recorder, work: Path):
    src = work / "textwrap.py"
    shutil.copy(python_source_file(), src)
    r.start(f"{VIM_BASE} -c 'colorscheme desert' -c 'set cursorline' textwrap.py", cwd=work)
    vim_session(r, search="indent", insert="    # a line typed by the fixture recorder")
    return f"{VIM_BASE} -c 'colorscheme desert' -c 'set cursorline' textwrap.py  (Python {sys.version.split()[0]} textwrap.py)"


def scen_vim_c_truecolor(r: Recorder, work: Path):
    src = work / "stdio.h"
    shutil.copy("/usr/include/stdio.h", src)
    cmd = f"{VIM_BASE} -c 'set termguicolors' -c 'colorscheme habamax' stdio.h"
    r.start(cmd, cwd=work)
    vim_session(r, search="FILE", insert="extern int fixture_recorder_was_here (void) __THROW;")
    return cmd + "  (/usr/include/stdio.h, glibc)"


def scen_less_gpl(r: Recorder, work: Path):
    r.start("less /usr/share/common-licenses/GPL-3", cwd=work)
    r.keys("j", 15)
    r.keys("space", 15)
    r.keys("b", 5)
    r.keys("d", 3)
    r.keys("u", 2)
    r.type("/License", chunk=4, label="search")
    r.step("search Enter", "Enter")
    r.keys("n", 8)
    r.keys("N", 2)
    r.step("G (end)", "G")
    r.keys("k", 4)
    r.step("g (top)", "g")
    return "less /usr/share/common-licenses/GPL-3"


def scen_less_log(r: Recorder, work: Path):
    make_color_log(work / "app.log")
    r.start("less -RS app.log", cwd=work)
    r.keys("j", 10)
    r.keys("space", 20)
    r.keys("b", 4)
    r.keys("Right", 3)
    r.keys("Left", 2)
    r.type("/ERROR", chunk=3, label="search")
    r.step("search Enter", "Enter")
    r.keys("n", 8)
    r.step("G (end)", "G")
    r.keys("b", 2)
    return "less -RS app.log  (a generated 1500-line log with ANSI colours)"


WORKLOAD_SH = r"""#!/bin/bash
# Runs as PID 1 of a new PID namespace (unshare -pf --mount-proc), so the
# process monitor sees only these processes: a few named workers with fixed
# CPU duty cycles, a memory holder, a threaded worker and some sleepers.
cd "$(dirname "$0")"
for i in 1 2 3; do (exec -a "sleeper-$i" sleep 100000) & done
(exec -a worker-light python3 busy.py 0.15) &
(exec -a worker-medium python3 busy.py 0.45) &
(exec -a worker-heavy python3 busy.py 0.80) &
(exec -a memory-holder python3 hold.py 300) &
(exec -a thread-pool python3 threads.py 6) &
sleep 0.5
exec "$@"
"""

BUSY_PY = """import sys, time
duty = float(sys.argv[1])
while True:
    end = time.monotonic() + duty * 0.05
    while time.monotonic() < end:
        pass
    time.sleep((1 - duty) * 0.05)
"""

HOLD_PY = """import sys, time
block = bytearray(int(sys.argv[1]) * 1024 * 1024)
for i in range(0, len(block), 4096):
    block[i] = 1
while True:
    time.sleep(1)
"""

THREADS_PY = """import sys, threading, time
def work(k):
    while True:
        end = time.monotonic() + 0.002 * k
        while time.monotonic() < end:
            pass
        time.sleep(0.05)
for k in range(int(sys.argv[1])):
    threading.Thread(target=work, args=(k + 1,), daemon=True).start()
while True:
    time.sleep(1)
"""


def write_workload(work: Path) -> str:
    """Writes the workload scripts; returns the command prefix that runs a
    program in a private PID namespace next to them."""
    (work / "workload.sh").write_text(WORKLOAD_SH)
    (work / "busy.py").write_text(BUSY_PY)
    (work / "hold.py").write_text(HOLD_PY)
    (work / "threads.py").write_text(THREADS_PY)
    return f"unshare -pf --mount-proc bash {work / 'workload.sh'}"


def scen_htop(r: Recorder, work: Path):
    prefix = write_workload(work)
    r.start(f"{prefix} htop -d 5", cwd=work, wait=2.0)
    for i in range(20):
        r.step(f"refresh {i + 1}", wait=0.55)
    for key, label in [("P", "sort by CPU (P)"), ("M", "sort by MEM (M)"), ("T", "sort by TIME (T)")]:
        r.step(label, key, wait=0.6)
        for i in range(4):
            r.step(f"{label} refresh {i + 1}", wait=0.55)
    r.step("tree view (t)", "t", wait=0.6)
    for i in range(4):
        r.step(f"tree refresh {i + 1}", wait=0.55)
    r.step("tree off (t)", "t", wait=0.6)
    r.step("hide threads (H)", "H", wait=0.6)
    r.step("F6 sort menu", "F6", wait=0.6)
    for i in range(4):
        r.step(f"sort menu Down {i + 1}", "Down", wait=0.3)
    r.step("sort menu Enter", "Enter", wait=0.6)
    for i in range(5):
        r.step(f"cursor Down {i + 1}", "Down", wait=0.3)
    for i in range(6):
        r.step(f"refresh {i + 21}", wait=0.55)
    return ("unshare -pf --mount-proc bash workload.sh htop -d 5  (own PID namespace with scripted worker "
            "processes; HOME is a scratch directory, so default settings)")


def scen_top(r: Recorder, work: Path):
    prefix = write_workload(work)
    r.start(f"{prefix} top -d 0.5", cwd=work, wait=2.0)
    for i in range(25):
        r.step(f"refresh {i + 1}", wait=0.55)
    for key, label in [("M", "sort by memory (M)"), ("P", "sort by CPU (P)"), ("c", "command line (c)"),
                       ("H", "threads (H)"), ("H", "threads off (H)")]:
        r.step(label, key, wait=0.6)
        for i in range(3):
            r.step(f"{label} refresh {i + 1}", wait=0.55)
    return "unshare -pf --mount-proc bash workload.sh top -d 0.5  (own PID namespace with scripted worker processes)"


def scen_git_log_graph(r: Recorder, work: Path):
    make_git_repo(work, r.home)
    cmd = "git -c core.pager='less -R' log --color --graph --decorate --all"
    r.start(cmd, cwd=work / "repo")
    r.keys("space", 20)
    r.keys("j", 15)
    r.keys("b", 6)
    r.type("/Merge", chunk=3, label="search")
    r.step("search Enter", "Enter")
    r.keys("n", 6)
    r.step("G (end)", "G")
    r.keys("b", 3)
    r.step("g (top)", "g")
    return cmd + "  (on a generated 100-commit repository, see make_git_repo)"


def scen_git_log_patch(r: Recorder, work: Path):
    make_git_repo(work, r.home)
    cmd = "git -c core.pager='less -R' log -p --stat --color"
    r.start(cmd, cwd=work / "repo")
    r.keys("space", 25)
    r.keys("j", 12)
    r.keys("b", 5)
    r.keys("d", 6)
    r.type("/^commit", chunk=4, label="search")
    r.step("search Enter", "Enter")
    r.keys("n", 5)
    return cmd + "  (on a generated 100-commit repository, see make_git_repo)"


def shell_command(r: Recorder) -> str:
    """bash without the user's startup files, with a plain '$ ' prompt (bash
    does not take PS1 from the environment here, so an rcfile sets it)."""
    rc = r.home / "fixture.bashrc"
    rc.write_text("PS1='$ '\nunset PROMPT_COMMAND\nHISTFILE=/dev/null\n")
    return f"bash --noprofile --rcfile {rc}"


def scen_ls_shell(r: Recorder, work: Path):
    make_ls_tree(work)
    r.start(shell_command(r), cwd=work / "project",
            env={"LS_COLORS": run(["bash", "-c", "eval $(dircolors -b); printf %s \"$LS_COLORS\""]).stdout})
    cmds = [
        "ls --color=auto",
        "clear; ls -l --color=always",
        "clear; ls -la --color=always",
        "ls --color Sources/Engine",
        "clear; ls -l --color=always build",
        "ls --color=always -F vendor scripts",
        "clear; ls -lh --color=always docs",
        "ls -R --color=always Sources",
        "clear; ls -l --color=always",
        "ls -1 --color=always | head -20",
    ]
    for c in cmds:
        r.command(c, chunk=8)
    return "bash (PS1='$ '); ls --color commands typed in a generated directory (see make_ls_tree)"


def scen_bash_session(r: Recorder, work: Path):
    (work / "notes.txt").write_text(
        "Notes on the renderer\n"
        "┌──────────┬──────────┬──────────┐\n"
        "│ 表示     │ 幅 width │ cells    │\n"
        "├──────────┼──────────┼──────────┤\n"
        "│ ASCII    │ 1        │ 1        │\n"
        "│ 漢字     │ 2        │ 2        │\n"
        "│ ｶﾀｶﾅ     │ 1        │ 1        │\n"
        "│ café     │ 1        │ 1        │\n"
        "└──────────┴──────────┴──────────┘\n"
        "日本語のテキストと English text on one line.\n"
        "한국어 텍스트도 있습니다. Ελληνικά και Кириллица.\n"
    )
    r.start(shell_command(r), cwd=work)
    cmds = [
        "echo hello, terminal",
        "seq 1 12",
        "cat notes.txt",
        "for i in 1 2 3 4 5 6; do printf '\\e[3%dmcolour %d\\e[0m \\e[1;4%dm bold on %d \\e[0m\\n' $i $i $i $i; done",
        "printf '%s\\n' alpha beta gamma delta | column -c 60",
        "seq 100 5 200 | paste - - - - -",
        "grep --color=always -n 'width' notes.txt",
        "printf '\\e[7m reverse \\e[0m \\e[3m italic \\e[0m \\e[9m strike \\e[0m \\e[2m dim \\e[0m\\n'",
        "for c in 196 202 208 214 220 226; do printf '\\e[48;5;%dm  %d  ' $c $c; done; printf '\\e[0m\\n'",
        "printf '\\e[38;2;255;100;0mtruecolor orange\\e[0m and \\e[48;2;0;60;120m navy bg \\e[0m\\n'",
        "seq 1 30 | tr '\\n' ' '; echo",
        "clear",
        "cat notes.txt; cat notes.txt",
    ]
    for c in cmds:
        r.command(c, chunk=10)
    return "bash (PS1='$ '); a sequence of typed commands (printf colours, CJK, box drawing)"


SCENARIOS = {
    # name: (function, cols, rows)
    "vim-python-desert-80x24": (scen_vim_python, 80, 24),
    "vim-c-truecolor-habamax-120x40": (scen_vim_c_truecolor, 120, 40),
    "less-gpl3-80x24": (scen_less_gpl, 80, 24),
    "less-colorlog-120x40": (scen_less_log, 120, 40),
    "htop-120x40": (scen_htop, 120, 40),
    "top-80x24": (scen_top, 80, 24),
    "git-log-graph-120x40": (scen_git_log_graph, 120, 40),
    "git-log-patch-80x24": (scen_git_log_patch, 80, 24),
    "ls-shell-120x40": (scen_ls_shell, 120, 40),
    "bash-session-80x24": (scen_bash_session, 80, 24),
}


def record(name: str, out: Path) -> Path:
    fn, cols, rows = SCENARIOS[name]
    with tempfile.TemporaryDirectory(prefix=f"fixrec-{name}-") as tmp:
        tmp = Path(tmp)
        home = tmp / "home"
        home.mkdir()
        work = tmp / "work"
        work.mkdir()
        r = Recorder(name, cols, rows, home)
        try:
            t0 = time.monotonic()
            desc = fn(r, work)
            path = out / f"{name}.tuiframes"
            tmux_version = run(["tmux", "-V"]).stdout.strip()
            comments = [
                f"recorded by Fixtures/tools/record_tmux.py scenario {name}",
                f"program: {desc}",
                f"{tmux_version}, {cols}x{rows}, TERM=xterm-256color, LANG=C.UTF-8",
            ]
            n, nstyles = r.write(path, comments)
            print(f"{name}: {n} frames, {nstyles} styles, {path.stat().st_size} bytes, "
                  f"{time.monotonic() - t0:.1f}s")
            return path
        finally:
            r.kill()


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("scenarios", nargs="*", help="scenario names (default: all)")
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT, help=f"output directory (default {DEFAULT_OUT})")
    ap.add_argument("--list", action="store_true", help="list the scenarios and exit")
    a = ap.parse_args()
    if a.list:
        for k, (_, c, rr) in SCENARIOS.items():
            print(f"{k}  {c}x{rr}")
        return 0
    names = a.scenarios or list(SCENARIOS)
    for n in names:
        if n not in SCENARIOS:
            ap.error(f"unknown scenario {n!r}; --list shows them")
    if shutil.which("tmux") is None:
        sys.exit("tmux is not installed")
    a.out.mkdir(parents=True, exist_ok=True)
    failed = []
    for n in names:
        try:
            record(n, a.out)
        except Exception as e:  # keep going, report at the end
            print(f"{n}: FAILED: {e}", file=sys.stderr)
            failed.append(n)
    if failed:
        print(f"failed: {', '.join(failed)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
