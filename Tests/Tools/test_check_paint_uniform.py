"""Pins the paint-uniformity check (Fixtures/tools/check_paint_uniform.py).

A behaviour class that overrides `paint` without `paintIsRowUniform`
fails; one that overrides both, or neither, passes.

Run: python3 -m pytest Tests/Tools
"""

import subprocess
import sys
from pathlib import Path

CHECKER = Path(__file__).resolve().parents[2] / "Fixtures" / "tools" / "check_paint_uniform.py"


def check(tmp_path, text):
    path = tmp_path / "Sources" / "Engine" / "Controls" / "Badge.swift"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    run = subprocess.run([sys.executable, str(CHECKER), str(tmp_path)], capture_output=True, text=True)
    return run.returncode, run.stdout.splitlines()


BOTH = """final class BadgeBehavior: NodeBehavior {
    override func paintIsRowUniform(_ node: ViewNode, visible: Rect, over region: Rect, painted part: Rect) -> Bool { false }

    override func paint(_ node: ViewNode, into canvas: CellBuffer, clip: Rect, inherited: Style) {}
}
"""

ONLY_PAINT = """final class QuietBehavior: NodeBehavior {
    override func sizeThatFits(_ p: ProposedSize, node: ViewNode, graph: ViewGraph) -> Size { .zero }
}

private final class BadgeBehavior: NodeBehavior {
    override func paint(_ node: ViewNode, into canvas: CellBuffer, clip: Rect, inherited: Style) {}
}
"""


def test_a_painter_that_answers_passes(tmp_path):
    status, out = check(tmp_path, BOTH)
    assert status == 0, out
    assert out[-1] == "paint uniformity: 1 passed, 0 failed"


def test_a_painter_that_does_not_answer_fails(tmp_path):
    status, out = check(tmp_path, ONLY_PAINT)
    assert status == 1
    assert out[0] == ("Sources/Engine/Controls/Badge.swift:6: BadgeBehavior overrides paint(...) "
                      "but not paintIsRowUniform(...)")
    assert out[-1] == "paint uniformity: 0 passed, 1 failed"
