"""Protocols checked in real emulators, under Xvfb: xterm reports its
palette (OSC 4) at start and RGB colours are down-sampled to what it
reported (a screenshot's pixels); xterm -ti vt340 draws sixel images; tmux
inside xterm passes sixel through (`allow-passthrough on`) and keeps half
blocks without it; tmux keeps an OSC 8 link's text and shows no stray
bytes of it; xterm takes an OSC 52 copy onto the X clipboard (xclip reads
it back). Apps record their sessions (TUI_RECORD): what the terminal
answered, and each screen. Skipped where xterm, Xvfb, xwd or ImageMagick's
convert (or tmux, or xclip and xdotool) are absent."""
import os
import shutil
import subprocess
import time
import uuid

import pytest

from conftest import binary

NEEDS = ["xterm", "Xvfb", "xwd", "convert"]
pytestmark = pytest.mark.skipif(not all(shutil.which(n) for n in NEEDS),
                                reason="needs xterm, Xvfb, xwd and ImageMagick's convert")



def histogram(display):
    """The screen's colours: {(r, g, b): pixels}."""
    xwd = subprocess.run(["xwd", "-root", "-display", display], capture_output=True, check=True).stdout
    text = subprocess.run(["convert", "xwd:-", "-format", "%c", "histogram:info:-"], input=xwd,
                          capture_output=True, check=True).stdout.decode()
    colours = {}
    for line in text.splitlines():
        count, _, rest = line.strip().partition(":")
        rgb = rest.strip().split(")")[0].strip("( ").split(",")
        colours[tuple(int(float(v)) for v in rgb[:3])] = int(count)
    return colours


class XtermApp:
    """An xterm running `command`, its app recording to `session`."""

    def __init__(self, display, tmp_path, command, xterm_args=(), wrap=None):
        self.session = tmp_path / f"{uuid.uuid4().hex[:6]}.tuisession"
        self.display = display
        env = dict(os.environ, DISPLAY=display)
        env.pop("COLORTERM", None)
        env.pop("TMUX", None)
        # xterm sets TERM=xterm for its child: 256 colours are asked for
        # (inside tmux, tmux's TERM stays).
        inner = ["env", f"TUI_RECORD={self.session}"] + ([] if wrap else ["TERM=xterm-256color"]) + command
        argv = wrap(inner) if wrap else inner
        self.process = subprocess.Popen(["xterm", "-geometry", "100x30", *xterm_args, "-e", *argv], env=env,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def text(self):
        return self.session.read_text(errors="replace") if self.session.exists() else ""

    def wait_for(self, marker, timeout=15):
        deadline = time.time() + timeout
        while time.time() < deadline:
            if marker in self.text():
                # The frame that holds it is on its way to the screen.
                time.sleep(0.5)
                return self.text()
            time.sleep(0.05)
        raise AssertionError(f"no {marker!r} in the session:\n{self.text()[-2000:]}")

    def close(self):
        self.process.terminate()
        self.process.wait(5)


def test_xterm_palette_report_changes_the_downsampled_colour(display, tmp_path):
    """RGB (205, 0, 0) on a 256-colour xterm: xterm's palette maps it to
    entry 160 (215, 0, 0); with a theme whose entry 4 is (205, 0, 0) and
    entry 1 blue, xterm reports that at start and the block is drawn as
    entry 4, exactly (205, 0, 0)."""
    swapped = ["-xrm", "XTerm*color1: #0000ee", "-xrm", "XTerm*color4: #cd0000"]
    app = XtermApp(display, tmp_path, [binary("runtime-probe"), "--colors"], swapped)
    session = app.wait_for("\\e]4;15;rgb:")
    assert "\\e]4;1;rgb:0000/0000/eeee" in session and "\\e]4;4;rgb:cdcd/0000/0000" in session, session[:3000]
    time.sleep(0.5)
    colours = histogram(display)
    app.close()
    assert colours.get((205, 0, 0), 0) > 1000 and (215, 0, 0) not in colours, colours
    plain = XtermApp(display, tmp_path, [binary("runtime-probe"), "--colors"])
    session = plain.wait_for("\\e]4;15;rgb:")
    time.sleep(0.5)
    colours = histogram(display)
    plain.close()
    assert colours.get((215, 0, 0), 0) > 1000 and (205, 0, 0) not in colours, (colours, session[:4000])


def sun_pixels(colours):
    """Pixels of the gallery's sunset sun (255, 210, 80), as quantised."""
    return sum(n for (r, g, b), n in colours.items() if r > 235 and 185 < g < 230 and b < 120)


def test_xterm_vt340_draws_sixel(display, tmp_path):
    """Sixel through xterm -ti vt340 (which answers 2026 as unknown, so
    frames go without a synchronized block there)."""
    app = XtermApp(display, tmp_path, [binary("gallery")], ["-ti", "vt340"])
    session = app.wait_for("drawn with sixel")
    colours = histogram(display)
    app.close()
    assert "\\e[?2026;0$y" in session  # not recognized
    assert sun_pixels(colours) > 500, sorted(colours.items(), key=lambda kv: -kv[1])[:20]


needs_tmux = pytest.mark.skipif(not shutil.which("tmux"), reason="needs tmux")


def in_tmux(config, tmp_path):
    conf = tmp_path / f"tmux-{uuid.uuid4().hex[:6]}.conf"
    conf.write_text(config)
    socket = f"tuitest-{uuid.uuid4().hex[:8]}"

    def wrap(inner):
        return ["tmux", "-L", socket, "-f", str(conf), "new-session", " ".join(inner)]
    return socket, wrap


@needs_tmux
def test_tmux_in_xterm_passes_sixel_through(display, tmp_path):
    """tmux (3.3 and later) with allow-passthrough: the wrapped queries are
    answered by xterm, the images are drawn with sixel through tmux."""
    socket, wrap = in_tmux("set -g allow-passthrough on\n", tmp_path)
    app = XtermApp(display, tmp_path, [binary("gallery")], ["-ti", "vt340"], wrap=wrap)
    try:
        session = app.wait_for("drawn with sixel")
        colours = histogram(display)
    finally:
        app.close()
        subprocess.run(["tmux", "-L", socket, "kill-server"], capture_output=True)
    assert "\\e[?1;0;" in session  # XTSMGRAPHICS, from xterm through tmux
    assert sun_pixels(colours) > 500, sorted(colours.items(), key=lambda kv: -kv[1])[:20]


@needs_tmux
def test_tmux_without_passthrough_keeps_half_blocks(display, tmp_path):
    socket, wrap = in_tmux("set -g allow-passthrough off\n", tmp_path)
    app = XtermApp(display, tmp_path, [binary("gallery")], ["-ti", "vt340"], wrap=wrap)
    try:
        app.wait_for("drawn with half blocks")
        time.sleep(1.5)
        session = app.text()
    finally:
        app.close()
        subprocess.run(["tmux", "-L", socket, "kill-server"], capture_output=True)
    assert "drawn with sixel" not in session and "\\e[?1;0;" not in session


@needs_tmux
def test_tmux_keeps_link_text_without_stray_bytes(tmux):
    """OSC 8 inside tmux (the engine sends links there): the link's text
    is on the screen and nothing of the escape shows."""
    tmux.line(f"TERM=tmux-256color {binary('runtime-probe')} --colors")
    screen = tmux.wait_for(lambda s: "end" in s and "engine-link" in s, "the probe")
    assert "8;" not in screen and "example.com" not in screen and "\\" not in screen, screen
    styled = tmux.run("capture-pane", "-p", "-e", "-t", "t")
    assert "engine-link" in styled
    tmux.keys("q")


@pytest.mark.skipif(not (shutil.which("xclip") and shutil.which("xdotool")), reason="needs xclip and xdotool")
def test_xterm_takes_an_osc52_copy(display, tmp_path):
    """`c` copies a text with OSC 52; xterm (with the selection window
    operations allowed) puts it on the clipboard, where xclip reads it."""
    allow = ["-xrm", "XTerm*disallowedWindowOps: 1,2,3,4,5,6,7,8,9,11,13,14,18,19,20,21",
             "-xrm", "XTerm*allowWindowOps: true"]
    app = XtermApp(display, tmp_path, [binary("runtime-probe"), "--colors"], allow)
    try:
        app.wait_for("engine-link")
        env = dict(os.environ, DISPLAY=display)
        subprocess.run(["xdotool", "mousemove", "100", "100"], env=env, check=True)
        subprocess.run(["xdotool", "key", "c"], env=env, check=True)
        deadline = time.time() + 5
        copied = ""
        while time.time() < deadline and copied != "copied-by-probe":
            copied = subprocess.run(["xclip", "-o", "-selection", "clipboard"], env=env, capture_output=True,
                                    text=True, timeout=5).stdout
            time.sleep(0.1)
    finally:
        app.close()
    assert copied == "copied-by-probe"
