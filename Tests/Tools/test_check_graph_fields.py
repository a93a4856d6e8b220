"""Pins the graph-field check (Fixtures/tools/check_graph_fields.py) on small trees.

A file outside Sources/Engine/Graph/ that names one of ViewGraph's internal
fields, or writes one of its `internal(set)` ones, fails; reading a public
field, calling the graph's API, or anything inside Graph/ passes.

Run: python3 -m pytest Tests/Tools
"""

import subprocess
import sys
from pathlib import Path

CHECKER = Path(__file__).resolve().parents[2] / "Fixtures" / "tools" / "check_graph_fields.py"

GRAPH = """public final class ViewGraph {
    @exclusivity(unchecked) var dirtyNodes: [Int] = []
    @exclusivity(unchecked) public internal(set) var stateSlotCount = 0
    public private(set) var needsFrame = false
    public var onNeedsFrame: (() -> Void)?
    let canvas = 0
    func requestFrame() {}
}
"""


def check(tmp_path, files):
    files = {"Graph/ViewGraph.swift": GRAPH, **files}
    for name, text in files.items():
        path = tmp_path / "Sources" / "Engine" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    run = subprocess.run([sys.executable, str(CHECKER), str(tmp_path)], capture_output=True, text=True)
    return run.returncode, run.stdout.splitlines()


def test_api_calls_and_public_reads_pass(tmp_path):
    status, out = check(tmp_path, {
        "Controls/Button.swift": "func f(graph: ViewGraph) {\n    graph.requestFrame()\n"
                                 "    _ = graph.stateSlotCount + 1\n    graph.onNeedsFrame = nil\n"
                                 "    // graph.dirtyNodes.append(1) in a comment\n    _ = \"graph.dirtyNodes\"\n}\n",
        "Graph/ViewGraph+Frame.swift": "extension ViewGraph {\n    func g() { dirtyNodes.append(1); stateSlotCount += 1 }\n}\n",
    })
    assert status == 0, out
    assert out[-1] == "graph fields: 1 passed, 0 failed"


def test_naming_an_internal_field_fails(tmp_path):
    status, out = check(tmp_path, {"Focus/Focus.swift": "func f(graph: ViewGraph) {\n    _ = graph.dirtyNodes.count\n}\n"})
    assert status == 1
    assert out[0].startswith("Sources/Engine/Focus/Focus.swift:2: names ViewGraph.dirtyNodes outside Graph/")


def test_writing_an_internal_set_field_fails(tmp_path):
    for write in ("graph.stateSlotCount += 1", "graph.stateSlotCount = 0", "self.graph.stateSlotCount = 2"):
        status, out = check(tmp_path, {"Controls/Model.swift": f"func f(graph: ViewGraph) {{\n    {write}\n}}\n"})
        assert status == 1, write
        assert "writes ViewGraph.stateSlotCount outside Graph/" in out[0], write


def test_bare_use_inside_an_extension_outside_graph_fails(tmp_path):
    status, out = check(tmp_path, {"Events/Dispatch.swift": "extension ViewGraph {\n    func h() {\n        dirtyNodes = []\n    }\n}\n"})
    assert status == 1
    assert out[0].startswith("Sources/Engine/Events/Dispatch.swift:3: names ViewGraph.dirtyNodes")
