"""Every way out of an app leaves the terminal as it was found.

Each test runs the probe app in a real terminal (tmux), leaves it by one
path, and checks from outside: termios is what it was (`stty -g` before and
after), the alternate screen was left, the cursor is visible, mouse
reporting is off, and the exit status is what that path gives without the
runtime (a crash keeps its signal)."""
import os
import re
import signal
import time

import pytest

from conftest import binary

SIGNAL_STATUS = {name: 128 + int(getattr(signal, name)) for name in
                 ("SIGINT", "SIGTERM", "SIGHUP", "SIGILL", "SIGSEGV", "SIGABRT", "SIGTRAP")}


def start(tmux, *args, via_sh=False):
    probe = binary("runtime-probe")
    d = tmux.dir
    # The Swift runtime's backtracer asks for a key when it reports a crash in
    # a terminal; the tests want its report and status, not the prompt.
    run = f"{probe} {' '.join(args)}; echo EXIT=$?"
    # `sh -c`: an interactive bash abandons the rest of a command line whose
    # program died of SIGINT (as if Ctrl-C was typed); dash reports it.
    if via_sh:
        run = f"sh -c '{run}'"
    tmux.line(f"export SWIFT_BACKTRACE=interactive=no; stty -g > {d}/before; {run}; stty -g > {d}/after")
    tmux.wait_for(lambda s: "probe count=" in s, "the probe's first frame")
    assert tmux.flag("alternate_on") == ("0" if "--inline" in args else "1")


def finished(tmux, marker="EXIT"):
    screen = tmux.wait_for(lambda s: re.search(marker + r"=\d+", s), "the app to end", history=True)
    status = int(re.search(marker + r"=(\d+)", screen).group(1))
    for _ in range(100):
        if os.path.exists(f"{tmux.dir}/after") and os.path.getsize(f"{tmux.dir}/after") > 0:
            break
        time.sleep(0.05)
    before = open(f"{tmux.dir}/before").read()
    after = open(f"{tmux.dir}/after").read()
    return status, before, after


def assert_restored(tmux, before, after):
    assert before == after, "termios changed"
    assert tmux.flag("alternate_on") == "0", "still in the alternate screen"
    assert tmux.flag("cursor_flag") == "1", "cursor hidden"
    assert tmux.flag("mouse_any_flag") == "0", "mouse reporting left on"
    assert tmux.flag("mouse_sgr_flag") == "0", "SGR mouse left on"


@pytest.mark.parametrize("keys, status", [
    (["q"], 0),                              # the app quits
    (["C-c"], 130),                          # default quit on Ctrl-C
    (["e"], 3),                              # exit() from a handler
    (["f"], SIGNAL_STATUS["SIGILL"]),        # Swift fatalError (a trap)
    (["o"], SIGNAL_STATUS["SIGILL"]),        # integer overflow trap
    (["s"], SIGNAL_STATUS["SIGSEGV"]),       # segmentation fault
    (["a"], SIGNAL_STATUS["SIGABRT"]),       # abort()
])
@pytest.mark.parametrize("mode", [["--mouse"], ["--inline", "--mouse"]])
def test_keys_and_crashes(tmux, keys, status, mode):
    start(tmux, *mode)
    tmux.keys(*keys)
    got, before, after = finished(tmux)
    assert got == status
    assert_restored(tmux, before, after)


# Every other signal whose default action ends the process: the terminal is
# restored, and the app still dies by the signal (a shell sees 128 + n).
TERMINATING = [name for name in ("SIGUSR1", "SIGUSR2", "SIGALRM", "SIGVTALRM", "SIGPROF", "SIGXCPU", "SIGXFSZ",
                                 "SIGPWR", "SIGSTKFLT", "SIGIO") if hasattr(signal, name)]


@pytest.mark.parametrize("sig", TERMINATING)
def test_every_terminating_signal_restores_the_terminal(tmux, sig):
    start(tmux, "--mouse")
    os.kill(tmux.child_pid_of("runtime-probe"), getattr(signal, sig))
    got, before, after = finished(tmux)
    assert got == 128 + int(getattr(signal, sig))
    assert_restored(tmux, before, after)


@pytest.mark.parametrize("sig", ["SIGTERM", "SIGINT", "SIGHUP"])
def test_signals(tmux, sig):
    start(tmux, "--mouse", via_sh=True)
    os.kill(tmux.child_pid_of("runtime-probe"), getattr(signal, sig))
    got, before, after = finished(tmux)
    assert got == SIGNAL_STATUS[sig]
    assert_restored(tmux, before, after)


def test_suspend_and_resume(tmux):
    start(tmux, "--mouse")
    tmux.keys("+")
    tmux.wait_for(lambda s: "count=1" in s, "the count")
    tmux.keys("C-z")
    tmux.wait_for(lambda s: "Stopped" in s, "the job to stop", history=True)
    assert tmux.flag("alternate_on") == "0"
    assert tmux.flag("cursor_flag") == "1"
    assert tmux.flag("mouse_any_flag") == "0"
    tmux.line(f"fg; echo FGEXIT=$?; stty -g > {tmux.dir}/after")
    screen = tmux.wait_for(lambda s: "probe count=1" in s, "the app to come back and repaint")
    assert tmux.flag("alternate_on") == "1"
    assert tmux.flag("mouse_any_flag") == "1"
    tmux.keys("+")
    tmux.wait_for(lambda s: "count=2" in s, "input after resume")
    tmux.keys("q")
    got, before, after = finished(tmux, "FGEXIT")
    assert got == 0
    assert_restored(tmux, before, after)


def test_sigtstp_from_outside(tmux):
    start(tmux)
    os.kill(tmux.child_pid_of("runtime-probe"), signal.SIGTSTP)
    tmux.wait_for(lambda s: "Stopped" in s, "the job to stop", history=True)
    assert tmux.flag("alternate_on") == "0"
    tmux.line(f"fg; echo FGEXIT=$?; stty -g > {tmux.dir}/after")
    tmux.wait_for(lambda s: "probe count=0" in s, "the repaint after fg")
    tmux.keys("q")
    got, before, after = finished(tmux, "FGEXIT")
    assert got == 0
    assert_restored(tmux, before, after)


@pytest.mark.parametrize("sig", ["SIGTERM", "SIGINT", "SIGHUP"])
def test_a_handled_signal_still_ends_the_app_by_that_signal(tmux, sig):
    # The runtime catches TERM, INT and HUP to restore the terminal, then
    # must die by the signal (a parent sees "killed by SIGTERM", not an exit
    # status that only looks like one): a wrapper reports how it ended.
    probe = binary("runtime-probe")
    wrapper = f"import subprocess; r = subprocess.call([{probe!r}]); print('RC=' + str(r))"
    tmux.line(f"python3 -c \"{wrapper}\"")
    tmux.wait_for(lambda s: "probe count=" in s, "the probe's first frame")
    os.kill(tmux.child_pid_of("runtime-probe"), getattr(signal, sig))
    screen = tmux.wait_for(lambda s: re.search(r"RC=-?\d+", s), "the wrapper's report", history=True)
    assert f"RC={-int(getattr(signal, sig))}" in screen, screen


def test_resuming_enters_the_terminal_modes_once(tmux):
    # Ctrl-Z, then fg: the stop's own return and SIGCONT both reach the
    # runtime, which must take the terminal back exactly once (entering
    # twice pushes the kitty keyboard flags twice and pops them once).
    start(tmux, "--mouse")
    tmux.keys("C-z")
    tmux.wait_for(lambda s: "Stopped" in s, "the job to stop", history=True)
    capture = f"{tmux.dir}/resumed.bin"
    tmux.run("pipe-pane", "-t", "t", "-o", f"cat > {capture}")
    tmux.line(f"fg; echo FGEXIT=$?; stty -g > {tmux.dir}/after")
    tmux.wait_for(lambda s: "probe count=0" in s, "the repaint after fg")
    time.sleep(0.3)
    tmux.run("pipe-pane", "-t", "t")
    written = open(capture, "rb").read()
    assert written.count(b"\x1b[?1049h") == 1, written
    assert written.count(b"\x1b[?1000h") == 1, written
    tmux.keys("q")
    got, before, after = finished(tmux, "FGEXIT")
    assert got == 0
    assert_restored(tmux, before, after)


def test_ctrl_z_then_bg_leaves_the_screen_to_the_shell(tmux):
    # Issue 27 item 13: continued in the background (`bg`), the app must not
    # take the terminal back (alternate screen, mouse); it does on `fg`.
    start(tmux, "--mouse")
    tmux.keys("C-z")
    tmux.wait_for(lambda s: "Stopped" in s, "the job to stop", history=True)
    tmux.line("bg")
    time.sleep(0.5)
    assert tmux.flag("alternate_on") == "0"
    assert tmux.flag("mouse_any_flag") == "0"
    tmux.line("echo STILL-THE-SHELL")
    tmux.wait_for(lambda s: "STILL-THE-SHELL" in s.replace("echo STILL-THE-SHELL", ""), "the shell to run a command")
    assert tmux.flag("alternate_on") == "0"
    tmux.line(f"fg; echo FGEXIT=$?; stty -g > {tmux.dir}/after")
    tmux.wait_for(lambda s: "probe count=0" in s, "the repaint after fg")
    assert tmux.flag("alternate_on") == "1"
    tmux.keys("q")
    got, before, after = finished(tmux, "FGEXIT")
    assert got == 0
    assert_restored(tmux, before, after)


def test_ctrl_z_leaves_and_enters_exactly_once_under_a_job_control_shell(tmux):
    # Issue 27 item 9: Ctrl-Z under `bash -i` stops the job after one leave
    # (no leave/enter loop racing the stop), and `fg` enters once.
    start(tmux, "--mouse")
    capture = f"{tmux.dir}/stop.bin"
    tmux.run("pipe-pane", "-t", "t", "-o", f"cat > {capture}")
    for round in range(3):
        tmux.keys("C-z")
        tmux.wait_for(lambda s: s.count("Stopped") > round, "the job to stop", history=True)
        tmux.line(f"fg; echo FGEXIT=$?; stty -g > {tmux.dir}/after" if round == 2 else "fg")
        tmux.wait_for(lambda s: "probe count=0" in s, "the repaint after fg")
    time.sleep(0.3)
    tmux.run("pipe-pane", "-t", "t")
    written = open(capture, "rb").read()
    assert written.count(b"\x1b[?1049l") == 3, written
    assert written.count(b"\x1b[?1049h") == 3, written
    tmux.keys("q")
    got, before, after = finished(tmux, "FGEXIT")
    assert got == 0
    assert_restored(tmux, before, after)
