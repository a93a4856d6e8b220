"""The engine's state is the main actor's: a write from another thread does
not compile, and the same write on the main actor does.

Each case type-checks a small app file against the debug build's Engine
module (`swift build` makes it; `.ci/test` builds before running pytest) in
Swift 6 mode.

Run: python3 -m pytest Tests/Tools
"""

import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DEBUG = ROOT / ".build" / "debug"

APP = """import Engine

struct Counter: View {
    @State var count = 0
    var body: some View {
        Text("\\(count)").onAppear {
            let binding = $count
            WRITE
        }
    }
}
"""


def typecheck(tmp_path, write):
    if not (DEBUG / "Modules" / "Engine.swiftmodule").exists():
        pytest.skip("no debug build of Engine (run `swift build` first)")
    source = tmp_path / "app.swift"
    source.write_text(APP.replace("WRITE", write))
    command = [
        "swiftc", "-typecheck", "-swift-version", "6", "-I", str(DEBUG / "Modules"),
        "-I", str(ROOT / "Sources" / "CUnistring"),
        "-Xcc", f"-fmodule-map-file={DEBUG / 'CTerminalPlatform.build' / 'module.modulemap'}",
        "-I", str(ROOT / "Sources" / "CTerminalPlatform" / "include"), str(source),
    ]
    return subprocess.run(command, capture_output=True, text=True)


def test_a_state_write_from_another_thread_does_not_compile(tmp_path):
    run = typecheck(tmp_path, "Task.detached { binding.wrappedValue += 1 }")
    assert run.returncode != 0
    assert "main actor-isolated property 'wrappedValue' can not be mutated from a nonisolated context" in run.stderr


def test_the_same_write_on_the_main_actor_compiles(tmp_path):
    run = typecheck(tmp_path, "Task { @MainActor in binding.wrappedValue += 1 }")
    assert run.returncode == 0, run.stderr
