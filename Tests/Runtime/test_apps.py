"""The apps a SwiftUI developer would write (issue 21) — a process monitor —
used in a real terminal as a person would; each ends with its exit status
and the terminal as it was found (the same `stty -g`, the alternate screen
off). The reworked inline-progress example is tested in test_examples.py."""
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
    return [(int(m[1]), float(m[3]), float(m[4]), m[5]) for m in rows if m]


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
