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
        "-I", str(ROOT / "Sources" / "CTerminalPlatform" / "include"),
        "-Xcc", f"-fmodule-map-file={DEBUG / 'CImageCodecs.build' / 'module.modulemap'}",
        "-I", str(ROOT / "Sources" / "CImageCodecs" / "include"), str(source),
    ]
    return subprocess.run(command, capture_output=True, text=True)


def test_a_state_write_from_another_thread_does_not_compile(tmp_path):
    run = typecheck(tmp_path, "Task.detached { binding.wrappedValue += 1 }")
    assert run.returncode != 0
    assert "main actor-isolated property 'wrappedValue' can not be mutated from a nonisolated context" in run.stderr


def test_the_same_write_on_the_main_actor_compiles(tmp_path):
    run = typecheck(tmp_path, "Task { @MainActor in binding.wrappedValue += 1 }")
    assert run.returncode == 0, run.stderr


# SwiftUI code as a user writes it, with no concurrency annotations of its
# own (and `import Engine` alone, as `import SwiftUI` is alone): an App, an @Observable model, a task that awaits and then writes
# state, a task group whose children run off the main actor, a timer task,
# and a handler that starts a task. It must type-check warning-free in
# Swift 6 mode, as it does against SwiftUI.
ORDINARY_APP = """import Engine

@Observable
final class Model {
    var totals: [Int] = []
    var status = "idle"
    func record(_ total: Int) { totals.append(total) }
}

func work(_ n: Int) async -> Int { (0..<n).reduce(0, +) }

@main
struct Monitor: App {
    @State private var model = Model()
    @State private var ticks = 0
    @Environment(\\.terminal) private var terminal
    @Environment(\\.clock) private var clock

    var body: some View {
        VStack {
            Text("ticks \\(ticks) \\(model.status) \\(model.totals.count)")
            TextField("Status", text: Bindable(model).status)
            Button("Run") { start() }
        }
        .task {
            while (try? await clock.sleep(for: .seconds(1))) != nil { ticks += 1 }
        }
        .onKeyPress("r") {
            Task {
                model.status = "running"
                let total = await withTaskGroup(of: Int.self) { group in
                    for n in 1...8 { group.addTask { await work(n * 1000) } }
                    var sum = 0
                    for await part in group { sum += part }
                    return sum
                }
                model.record(total)
                model.status = "done"
            }
            return .handled
        }
        .onKeyPress("q") { terminal.quit(); return .handled }
    }

    func start() {
        Task {
            try? await Task.sleep(for: .milliseconds(10))
            ticks = 0
            terminal.print("restarted")
        }
    }
}
"""


def typecheck_source(tmp_path, text):
    if not (DEBUG / "Modules" / "Engine.swiftmodule").exists():
        pytest.skip("no debug build of Engine (run `swift build` first)")
    source = tmp_path / "app.swift"
    source.write_text(text)
    command = [
        "swiftc", "-typecheck", "-parse-as-library", "-swift-version", "6", "-I", str(DEBUG / "Modules"),
        "-I", str(ROOT / "Sources" / "CUnistring"),
        "-Xcc", f"-fmodule-map-file={DEBUG / 'CTerminalPlatform.build' / 'module.modulemap'}",
        "-I", str(ROOT / "Sources" / "CTerminalPlatform" / "include"),
        "-Xcc", f"-fmodule-map-file={DEBUG / 'CImageCodecs.build' / 'module.modulemap'}",
        "-I", str(ROOT / "Sources" / "CImageCodecs" / "include"), str(source),
    ]
    return subprocess.run(command, capture_output=True, text=True)


def test_ordinary_swiftui_concurrency_compiles_without_annotations(tmp_path):
    run = typecheck_source(tmp_path, ORDINARY_APP)
    assert run.returncode == 0, run.stderr
    assert "warning:" not in run.stderr, run.stderr


def test_quitting_from_another_thread_does_not_compile(tmp_path):
    # TerminalActions is Sendable (a task may carry it), but its requests
    # are the main actor's: the compiler, not a trap at run time, says so.
    text = ORDINARY_APP.replace('terminal.print("restarted")',
                                'terminal.print("restarted")\n        let t = terminal\n        Task.detached { t.quit() }')
    run = typecheck_source(tmp_path, text)
    assert run.returncode != 0
    assert "quit" in run.stderr and "main actor" in run.stderr, run.stderr
