"""The markdown-viewer example (issue 24): a Markdown file drawn in a real
terminal — markup gone, headings, lists, quotes, code and tables laid out,
scrolled with keys and the wheel to the end of a long document, and q
giving the terminal back as it was."""
import os
import re
import time

from conftest import binary


def test_markdown_viewer_draws_and_scrolls(tmux):
    tmux.resize(60, 14)
    doc = f"{tmux.dir}/doc.md"
    with open(doc, "w") as f:
        f.write("# Viewer *test*\n\nSome **bold** and `code` and [a link](https://example.com).\n\n")
        f.write("- item one\n- item two\n\n> quoted\n\n| a | b |\n|---|--:|\n| x | 10 |\n\n")
        f.write("".join(f"para {i}\n\n" for i in range(200)))
        f.write("The last line.\n")
    tmux.line(f"stty -g > {tmux.dir}/before; {binary('markdown-viewer')} {doc}; echo EXIT=$?; stty -g > {tmux.dir}/after")
    screen = tmux.wait_for(lambda s: "Viewer test" in s, "the heading")
    assert "Some bold and code and a link." in screen
    assert "**" not in screen and "`" not in screen and "](" not in screen
    assert "• item one" in screen
    assert "│ quoted" in screen
    assert "a │  b" in screen and "x │ 10" in screen
    # Down scrolls a row: the heading leaves the top.
    tmux.keys("Down", "Down")
    tmux.wait_for(lambda s: "Viewer test" not in s, "the heading scrolled off")
    # End shows the last page; Home the first again.
    tmux.keys("End")
    screen = tmux.wait_for(lambda s: "The last line." in s, "the end of the document")
    assert "para 199" in screen
    tmux.keys("Home")
    tmux.wait_for(lambda s: "Viewer test" in s, "the top again")
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


def test_markdown_viewer_built_in_page(tmux):
    tmux.resize(70, 20)
    tmux.line(f"{binary('markdown-viewer')}; echo EXIT=$?")
    screen = tmux.wait_for(lambda s: "markdown-viewer" in s and "What it draws" in s, "the built-in page")
    assert "**" not in screen
    tmux.keys("q")
    tmux.wait_for(lambda s: "EXIT=0" in s, "the app to end", history=True)
