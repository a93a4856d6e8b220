"""Pins the layer check (Fixtures/tools/check_layers.py) on small trees.

Each case writes a few Swift files into a temporary package and runs the
checker on it: a lower folder naming a type of a folder above it fails with
`path:line: <layer> uses <Name> from <layer>`; what the rules allow passes.

Run: python3 -m pytest Tests/Tools
"""

import subprocess
import sys
from pathlib import Path

CHECKER = Path(__file__).resolve().parents[2] / "Fixtures" / "tools" / "check_layers.py"


def package(tmp_path, files):
    """Writes `files` ({path under Sources/: text}) into a package at tmp_path."""
    for name, text in files.items():
        path = tmp_path / "Sources" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return tmp_path


def check(root):
    run = subprocess.run([sys.executable, str(CHECKER), str(root)], capture_output=True, text=True)
    return run.returncode, run.stdout.splitlines()


BASE = {
    "Engine/Text/Width.swift": "enum GraphemeWidth { static func of(_ s: String) -> Int { 1 } }\n",
    "Engine/Cells/Cell.swift": "struct Cell { var width = GraphemeWidth.of(\"a\") }\n",
    "Engine/Graph/ViewNode.swift": "final class ViewNode { var cell = Cell() }\nfunc reconcileAll() {}\n",
    "Engine/Runtime/TerminalHost.swift": "final class TerminalHost { let host = FramePipeline() }\n",
    "Engine/Host/FramePipeline.swift": "final class FramePipeline { var node: ViewNode? }\n",
    "Profiler/Profiler.swift": "#if canImport(Glibc)\nimport Glibc\n#endif\nimport Foundation\nfinal class Profiler {}\n",
}


def test_allowed_uses_pass(tmp_path):
    status, lines = check(package(tmp_path, BASE))
    assert status == 0, lines
    assert lines[-1] == "layers: 4 passed, 0 failed"


def test_lower_layer_naming_a_higher_type_fails(tmp_path):
    files = dict(BASE)
    files["Engine/Cells/Cell.swift"] = (
        "struct Cell {\n"
        "    // A comment naming ViewNode is not a use, nor is \"ViewNode\" in a string.\n"
        "    var owner: ViewNode?\n"
        "    func f() { reconcileAll() }\n"
        "}\n")
    status, lines = check(package(tmp_path, files))
    assert status == 1
    assert lines == [
        "Sources/Engine/Cells/Cell.swift:3: Cells uses ViewNode from Graph",
        "Sources/Engine/Cells/Cell.swift:4: Cells uses reconcileAll from Graph",
        "layers: 3 passed, 1 failed",
    ]


def test_interpolated_code_is_checked_and_members_are_not(tmp_path):
    files = dict(BASE)
    files["Engine/Text/Width.swift"] = (
        "enum GraphemeWidth {\n"
        "    static func of(_ s: String) -> Int { 1 }\n"
        "    static func name(_ x: Int) -> String { \"\\(x) \\(Cell.self)\" }\n"
        "    static let host = MouseEvent.FramePipeline\n"
        "}\n")
    status, lines = check(package(tmp_path, files))
    assert status == 1
    assert lines == ["Sources/Engine/Text/Width.swift:3: Text uses Cell from Cells", "layers: 3 passed, 1 failed"]


def test_host_using_runtime_fails(tmp_path):
    files = dict(BASE)
    files["Engine/Host/FramePipeline.swift"] = "final class FramePipeline { weak var runtime: TerminalHost? }\n"
    status, lines = check(package(tmp_path, files))
    assert status == 1
    assert lines[0] == "Sources/Engine/Host/FramePipeline.swift:1: Host uses TerminalHost from Runtime"


def test_profiler_importing_the_engine_fails(tmp_path):
    files = dict(BASE)
    files["Profiler/Hook.swift"] = "import Engine\n"
    status, lines = check(package(tmp_path, files))
    assert status == 1
    assert lines == ["Sources/Profiler/Hook.swift:1: Profiler imports Engine", "layers: 4 passed, 1 failed"]


def test_platform_imports_only_in_platform_once_it_exists(tmp_path):
    files = dict(BASE)
    files["Engine/Cells/Clock.swift"] = "#if canImport(Glibc)\nimport Glibc\n#endif\n"
    status, lines = check(package(tmp_path, files))
    assert status == 0, lines  # no Platform folder yet: every folder still imports the C library
    files["Engine/Platform/Clock.swift"] = "import Glibc\nfunc monotonicNanoseconds() -> UInt64 { 0 }\n"
    status, lines = check(package(tmp_path, files))
    assert status == 1
    assert lines[0] == "Sources/Engine/Cells/Clock.swift:2: Cells imports Glibc (only Platform imports a platform module)"


def test_a_lower_layer_importing_a_module_it_may_not_fails(tmp_path):
    files = dict(BASE)
    files["Engine/Layout/Break.swift"] = "import CUnistring\n"
    status, lines = check(package(tmp_path, files))
    assert status == 1
    assert lines[0] == "Sources/Engine/Layout/Break.swift:1: Layout imports CUnistring"


def test_the_test_kit_uses_only_the_public_api(tmp_path):
    files = dict(BASE)
    files["EngineTesting/Tester.swift"] = "import Engine\nimport Testing\nimport XCTest\nimport Foundation\n"
    code, lines = check(package(tmp_path, files))
    assert code == 0 and lines[-1] == "layers: 5 passed, 0 failed"
    files["EngineTesting/Tester.swift"] = "@testable import Engine\nimport Profiler\n"
    code, lines = check(package(tmp_path, files))
    assert code == 1
    assert lines == ["Sources/EngineTesting/Tester.swift:1: EngineTesting uses @testable import Engine",
                     "Sources/EngineTesting/Tester.swift:2: EngineTesting imports Profiler",
                     "layers: 4 passed, 1 failed"]
