import Engine
import EngineTesting
import XCTest

/// The kit under XCTest: its failures arrive as XCTest failures at the
/// caller's line (captured here instead of failing the case).
@MainActor
final class XCTestReportingTests: XCTestCase {
    nonisolated(unsafe) private var failures: [(message: String, line: Int)] = []

    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
                                expected: Bool) {
        failures.append((description, lineNumber))
    }

    /// (Not under `TUI_SNAPSHOT=update`, which would rewrite the stored snapshot.)
    func testSnapshotMatchesAndAMismatchIsAnXCTestFailure() {
        guard SnapshotMode.current != .update else { return }
        let app = AppTester(KitCounter(), columns: 24, rows: 5)
        app.press("+")
        assertSnapshot(of: app, named: "stored-count-one")
        XCTAssertTrue(failures.isEmpty)
        app.press("+")
        assertSnapshot(of: app, named: "stored-count-one"); let line = #line
        XCTAssertEqual(failures.count, 1)
        XCTAssertEqual(failures.first?.line, line)
        XCTAssertTrue(failures.first?.message.contains("> 0 |Count: 1                | |Count: 2                |") == true)
    }

    func testWaitUntilFailsUnderXCTest() async {
        let app = AppTester(KitCounter(), columns: 24, rows: 5)
        let held = await app.waitUntil(settles: 2) { $0.contains("Count: 5") }
        XCTAssertFalse(held)
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(failures.first?.message.contains("did not hold after 2 settles") == true)
    }
}
