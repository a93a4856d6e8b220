"""Pins the specialisability check (Fixtures/tools/check_specialisable.py).

A generic engine view passes when it is public, reconciles a body of
concrete type, holds no key path literal and, when its `Equatable` is
conditional, says `_isSame` itself; an internal one, an opaque body
without a `_reconcile` of its own, a key path literal, or a conditional
`Equatable` alone fails.

Run: python3 -m pytest Tests/Tools
"""

import subprocess
import sys
from pathlib import Path

CHECKER = Path(__file__).resolve().parents[2] / "Fixtures" / "tools" / "check_specialisable.py"


def check(tmp_path, text):
    path = tmp_path / "Sources" / "Engine" / "Controls" / "Card.swift"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    run = subprocess.run([sys.executable, str(CHECKER), str(tmp_path), "--partial"], capture_output=True, text=True)
    return run.returncode, run.stdout.splitlines()


GOOD = """public struct Card<Label: View>: View {
    var label: Label
    @Environment(EnvironmentPaths.theme) private var theme

    public var body: some View { resolvedBody }

    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        graph.reconcileComposite(view, node: node) { $0.resolvedBody }
    }

    // A key path in a comment, `\\.theme`, is no literal.
    var resolvedBody: CardFace<Label> { CardFace(label: label) }
}

public struct CardFace<Label: View>: PrimitiveView {
    var label: Label
    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        graph.reconcileOnlyChild(view.label, of: node)
    }
}

struct NotAView<T> {
    var value: T
}
"""

INTERNAL = """struct CardFace<Label: View>: PrimitiveView {
    var label: Label
    static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {}
}
"""

OPAQUE = """public struct Card<Label: View>: View {
    var label: Label
    public var body: some View { label }
}
"""

LITERALS = """public struct Card<Element>: View {
    var rows: [Element]
    @Environment(\\.theme) private var theme
    public var body: Text { Text(rows.map(\\.description).joined()) }
}
"""


ROW = """public struct Row<Content: View>: PrimitiveView {
    var content: Content
    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        graph.reconcileOnlyChild(view.content, of: node)
    }
SAME}

extension Row: @MainActor Equatable where Content: Equatable {}
"""

IS_SAME = """
    public static func _isSame(_ a: Self, _ b: Self) -> Bool? { Content._isSame(a.content, b.content) }
"""


def test_a_conditional_equatable_needs_its_own_is_same(tmp_path):
    status, out = check(tmp_path, ROW.replace("SAME", ""))
    assert status == 1
    assert "Row: a conditional Equatable without a _isSame of its own" in out[0]
    status, out = check(tmp_path, ROW.replace("SAME", IS_SAME))
    assert status == 0, out


def test_a_specialisable_view_passes(tmp_path):
    status, out = check(tmp_path, GOOD)
    assert status == 0, out
    assert out[-1].startswith("specialisable views: 2 passed, 0 failed")


def test_an_internal_generic_view_fails(tmp_path):
    status, out = check(tmp_path, INTERNAL)
    assert status == 1
    assert out[0].startswith("Sources/Engine/Controls/Card.swift:1: CardFace: not public")


def test_an_opaque_body_without_its_own_reconcile_fails(tmp_path):
    status, out = check(tmp_path, OPAQUE)
    assert status == 1
    assert "a `some View` body without a _reconcile of its own" in out[0]


def test_a_key_path_literal_fails(tmp_path):
    status, out = check(tmp_path, LITERALS)
    assert status == 1
    assert "a key path literal (\\.theme)" in out[0]
