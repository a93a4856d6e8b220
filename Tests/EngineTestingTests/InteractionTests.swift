import Engine
import EngineTesting
import Testing

@MainActor
@Suite("AppTester: scripted interaction on a manual clock")
struct InteractionTests {
    @Test func keysTextAndPaste() {
        let app = AppTester(KitCounter(), columns: 30, rows: 5)
        #expect(app.textRows[0].hasPrefix("Count: 0"))
        app.press("+")
        app.press("+", "+")
        #expect(app.contains("Count: 3"))
        app.type("--")
        #expect(app.contains("Count: 1"))
        app.paste("abcd")
        #expect(app.contains("Count: 5"))
    }

    @Test func screenQueries() {
        let app = AppTester(KitCounter(), columns: 30, rows: 5)
        let screen = app.screen
        #expect(screen.position(of: "[-]")! == (column: 4, row: 1))
        #expect(screen.rows(containing: "status") == [2])
        #expect(screen.style(of: "Count")?.attributes.contains(.bold) == true)
        #expect(screen.style(column: 0, row: 1).foreground == .blue)
        #expect(screen.style(of: "[-]")?.attributes.contains(.underline) == true)
        #expect(screen.position(of: "absent") == nil)
        #expect(!screen.contains("Count: 1"))
    }

    @Test func clicksDragsWheelAndResize() {
        let app = AppTester(KitCounter(), columns: 30, rows: 5)
        #expect(app.click(on: "[+]"))
        #expect(app.contains("Count: 1"))
        app.click(column: 5, row: 1)
        #expect(app.contains("Count: 0"))
        app.drag(from: (0, 4), to: (3, 4))
        #expect(app.contains("drags 3"))
        app.scroll(column: 0, row: 0, lines: 2)
        app.scroll(column: 0, row: 0, lines: -1)
        #expect(app.contains("wheel 1"))
        app.resize(columns: 24, rows: 6)
        #expect(app.rows == 6 && app.columns == 24)
        #expect(app.contains("status: 24x6"))
    }

    @Test func virtualTime() async {
        let app = AppTester(KitCounter(), columns: 30, rows: 5)
        await app.settle()
        #expect(app.contains("status: loading"))
        await app.advance(by: .seconds(1))
        #expect(app.contains("status: loading"))
        await app.advance(by: .seconds(1))
        #expect(app.contains("status: ready"))
    }

    @Test func waitUntilAdvancesVirtualTime() async {
        let app = AppTester(KitCounter(), columns: 30, rows: 5)
        let held = await app.waitUntil(advancing: .milliseconds(500)) { $0.contains("ready") }
        #expect(held)
        #expect(app.clock.now <= .seconds(3))
    }

    /// A condition that never holds fails the test after its bound, with
    /// the screen in the message; the settles are counted, never timed.
    @Test func waitUntilFailsAfterItsBound() async {
        let app = AppTester(KitCounter(), columns: 30, rows: 5)
        var checks = 0
        var held = true
        await withKnownIssue {
            held = await app.waitUntil("never", settles: 3) { screen in
                checks += 1
                return screen.contains("Count: 9")
            }
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.hasPrefix("waitUntil \"never\": the condition did not hold after 3 settles\n30x5 screen:\n|Count: 0")
        }
        #expect(!held)
        #expect(checks == 4)
    }

    @Test func clickOnMissingTextFails() {
        let app = AppTester(KitCounter(), columns: 30, rows: 5)
        withKnownIssue {
            #expect(!app.click(on: "[x]"))
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().hasPrefix("click(on: \"[x]\"): the screen does not show it")
        }
    }
}
