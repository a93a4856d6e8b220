"""Keys, pastes and focus typed into a real terminal (tmux) reach the app
as the events a person meant, through the decoder."""
import pytest

from conftest import binary


@pytest.fixture
def probe(tmux):
    tmux.line(binary("runtime-probe") + " --mouse")
    tmux.wait_for(lambda s: "probe count=0" in s, "the probe")
    return tmux


@pytest.mark.parametrize("keys, shown", [
    (["Up"], "last: key up"),
    (["F5"], "last: key function(5)"),
    (["S-F5"], "last: key function(5) 1"),          # Shift
    (["M-x"], "last: key U+78 2"),                  # Alt-x: ESC prefix
    (["C-a"], "last: key U+61 4"),                  # Ctrl-a
    (["C-Right"], "last: key right 4"),
    (["BTab"], "last: key tab 1"),                  # Shift-Tab
    (["Escape"], "last: key escape"),               # a lone Esc, after the timeout
    (["é"], "last: key U+e9"),
    (["👍🏽"], "last: key U+1f44d U+1f3fd"),          # one grapheme cluster, one key
    (["Enter"], "last: key enter"),
    (["BSpace"], "last: key backspace"),
    (["DC"], "last: key delete"),
    (["PPage"], "last: key pageUp"),
])
def test_keys(probe, keys, shown):
    probe.keys(*keys)
    probe.wait_for(lambda s: any(r.strip() == shown for r in s.splitlines()), shown)


def test_paste_is_one_event_and_never_keys(probe):
    probe.run("set-buffer", "hello q\x1b[A world")
    probe.run("paste-buffer", "-p", "-t", "t")   # -p: bracketed, as the app asked
    screen = probe.wait_for(lambda s: "last: paste" in s, "the paste")
    # One event; the q inside did not quit, the ESC [ A inside is not an arrow.
    assert "events=1" in screen
    assert "probe count=0" in screen
