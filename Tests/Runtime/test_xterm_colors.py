"""xterm under Xvfb answers the start-up queries itself: OSC 11 with its
background, so the probe's scheme follows `-bg` (white: light, the adaptive
line repainted in its light colour; black: dark). The app records its
session (TUI_RECORD), which holds what xterm answered and each screen; it
is ended by SIGTERM from `timeout`. Skipped where xterm or Xvfb is absent."""
import os
import shutil
import subprocess

import pytest

from conftest import binary

pytestmark = pytest.mark.skipif(not (shutil.which("xterm") and shutil.which("Xvfb")), reason="needs xterm and Xvfb")



def recorded_session(display, tmp_path, background):
    path = tmp_path / "xterm.tuisession"
    env = dict(os.environ, DISPLAY=display, TUI_RECORD=str(path), TERM="xterm-256color")
    subprocess.run(["xterm", "-bg", background, "-fg", "grey50", "-e", "timeout", "-s", "TERM", "2",
                    binary("runtime-probe"), "--scheme"], env=env, timeout=15, check=False)
    return path.read_text(errors="replace")


def test_xterm_white_background_is_light(display, tmp_path):
    session = recorded_session(display, tmp_path, "white")
    # xterm answered OSC 11 with its background and DA1 after it.
    assert "\\e]11;rgb:ffff/ffff/ffff" in session, session[:2000]
    # The adaptive line's cells in its light colour (the recording's style legend).
    assert "scheme=light" in session and "fg=#0a141e" in session, session[-2000:]


def test_xterm_black_background_stays_dark(display, tmp_path):
    session = recorded_session(display, tmp_path, "black")
    assert "\\e]11;rgb:0000/0000/0000" in session, session[:2000]
    assert "scheme=dark" in session and "scheme=light" not in session
    assert "fg=#c8d2dc" in session and "fg=#0a141e" not in session
