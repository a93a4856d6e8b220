"""An app package outside the repository uses the test kit (EngineTesting).

Creates, in a temporary folder, a package with a library of views and a
test target that depends on this repository by path and on its
`EngineTesting` product, with one snapshot test (its snapshot recorded
with TUI_SNAPSHOT=record, then compared), one Pilot-style interaction
test, one emulator check and one replay of a session recorded (with
TUI_RECORD) by running the package's app in tmux, and runs `swift test` in it — twice: the
second run, without TUI_SNAPSHOT, must find the recorded snapshot and
pass; a third run after changing the view must fail with the diff.

It builds the engine again (minutes), so it runs only with
TUI_SLOW_TESTS=1:

    TUI_SLOW_TESTS=1 python3 -m pytest -q Tests/Tools/test_kit_outside_package.py
"""

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(os.environ.get("TUI_SLOW_TESTS") != "1",
                                reason="builds the engine in a new package: set TUI_SLOW_TESTS=1")

MANIFEST = """// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "KitUser",
    platforms: [.macOS(.v15)],
    dependencies: [.package(path: "{root}")],
    targets: [
        .target(name: "KitUserViews", dependencies: [.product(name: "Engine", package: "{identity}")]),
        .executableTarget(name: "greeter", dependencies: ["KitUserViews", .product(name: "Engine", package: "{identity}")]),
        .testTarget(name: "KitUserTests", dependencies: [
            "KitUserViews",
            .product(name: "EngineTesting", package: "{identity}"),
        ], exclude: ["Sessions"]),
    ]
)
"""

VIEW = """import Engine

public struct Greeter: View {
    @State private var name = ""
    @State private var greeted = false
    public init() {}
    public var body: some View {
        VStack(alignment: .leading) {
            Text("Name: \\(name)").bold()
            Text(greeted ? "Hello, \\(name)!" : "%(prompt)s").foregroundColor(.green)
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        .onKeyPress(characters: { $0.isLetter }) { press in
            if case .character(let c) = press.key { name.append(c) }
            return .handled
        }
        .onKeyPress(.enter) { greeted = true; return .handled }
    }
}
"""

APP = """import Engine
import KitUserViews

@main
struct GreeterApp: App {
    var body: some View { Greeter() }
}
"""

TESTS = """import EngineTesting
import KitUserViews
import Testing

@MainActor
@Suite struct GreeterTests {
    @Test func greets() async {
        let app = AppTester(Greeter(), columns: 24, rows: 3)
        app.type("Ada")
        app.press(.enter)
        await app.waitUntil { $0.contains("Hello, Ada!") }
        #expect(app.screen.style(of: "Name")?.attributes.contains(.bold) == true)
    }

    @Test func firstScreen() {
        let app = AppTester(Greeter(), columns: 24, rows: 3)
        assertSnapshot(of: app)
    }

    @Test func bytesInAnEmulator() {
        let app = AppTester(Greeter(), columns: 24, rows: 3)
        app.type("Bob")
        app.press(.enter)
        if case .differs(_, let what) = app.verifyInEmulator() { Issue.record("differs: \\(what)") }
    }

    @Test func replaysTheRecordedSession() async {
        await assertReplay(Greeter(), session: "Sessions/greeter.tuisession")
    }
}
"""


def swift_test(package, **env):
    return subprocess.run(["swift", "test"], cwd=package, capture_output=True, text=True,
                          env={**os.environ, **env}, timeout=3000)


def record_session(package, path):
    """Runs the package's app in tmux with TUI_RECORD, types a name and
    Enter as a person would, and ends it with Ctrl-C."""
    import sys
    sys.path.insert(0, str(ROOT / "Fixtures" / "tools"))
    from record_sessions import Tmux
    built = subprocess.run(["swift", "build", "--product", "greeter"], cwd=package, capture_output=True,
                           text=True, timeout=3000)
    assert built.returncode == 0, built.stdout[-4000:] + built.stderr[-4000:]
    tmux = Tmux(30, 5)
    try:
        tmux.keys(f"TUI_RECORD={path} {package}/.build/debug/greeter", literal=True)
        tmux.keys("Enter")
        tmux.wait_for("Type a name")
        tmux.keys("Ada", literal=True)
        tmux.wait_for("Name: Ada")
        tmux.keys("Enter")
        tmux.wait_for("Hello, Ada!")
        tmux.keys("C-c")
        tmux.wait_for("$")
    finally:
        tmux.kill()


def test_an_outside_package_uses_the_kit(tmp_path):
    if shutil.which("swift") is None:
        pytest.skip("no swift toolchain")
    package = tmp_path / "KitUser"
    (package / "Sources/KitUserViews").mkdir(parents=True)
    (package / "Tests/KitUserTests").mkdir(parents=True)
    # The path dependency's identity is its folder's name.
    (package / "Package.swift").write_text(MANIFEST.format(root=ROOT, identity=ROOT.name.lower()))
    view = package / "Sources/KitUserViews/Greeter.swift"
    view.write_text(VIEW % {"prompt": "Type a name"})
    (package / "Tests/KitUserTests/GreeterTests.swift").write_text(TESTS)
    (package / "Sources/greeter").mkdir(parents=True)
    (package / "Sources/greeter/GreeterApp.swift").write_text(APP)
    session = package / "Tests/KitUserTests/Sessions/greeter.tuisession"
    session.parent.mkdir(parents=True)
    record_session(package, session)
    assert session.read_text().startswith("tuisession 1\nsize 30 5\n")

    first = swift_test(package, TUI_SNAPSHOT="record")
    assert first.returncode == 0, first.stdout[-4000:] + first.stderr[-4000:]
    snapshot = package / "Tests/KitUserTests/__Snapshots__/GreeterTests/firstScreen.tuisnap"
    assert snapshot.read_text().startswith("tuisnap 1 24x3\n-- text\n|Name:                   |\n")
    assert (snapshot.with_suffix(".svg")).read_text().startswith("<svg ")

    again = swift_test(package)
    assert again.returncode == 0, again.stdout[-4000:] + again.stderr[-4000:]
    assert "emulator check skipped" not in again.stdout + again.stderr or shutil.which("tmux") is None

    view.write_text(VIEW % {"prompt": "Your name?"})
    changed = swift_test(package)
    output = changed.stdout + changed.stderr
    assert changed.returncode != 0
    assert "text (stored | now), 1 of 3 rows differ:" in output
    assert "> 1 |Type a name             | |Your name?              |" in output
    # The recorded session no longer matches either: its first frame shows the old prompt.
    assert "frame 1 differs first at column 1, row 2" in output
