import Testing
@testable import Engine

private struct Form: View {
    @State var name = ""
    @State var secret = ""
    @State var submitted: [String] = []
    var body: some View {
        VStack(alignment: .leading) {
            Text("name=\(name) secret=\(secret.count) submitted=\(submitted.joined(separator: ","))")
            TextField("Your name", text: $name).frame(width: 10)
                .onSubmit { submitted.append(name); name = "" }
            SecureField("Password", text: $secret).frame(width: 10)
        }
    }
}

@MainActor
@Suite("TextField")
struct TextFieldTests {
    func status(_ host: FramePipeline) -> String { host.textRows.first { $0.contains("name=") } ?? "" }
    /// The content is centred: its left edge is where the status line starts.
    func left(_ host: FramePipeline) -> Int {
        Array(status(host)).firstIndex { $0 != " " } ?? 0
    }
    func field(_ host: FramePipeline, row: Int) -> String {
        let rows = host.textRows
        let i = rows.firstIndex { $0.contains("name=") }!
        let x = left(host)
        return String(Array(rows[i + row])[x..<x + 10])
    }

    @Test func typingEditsTheBindingAndShowsAPlaceholderWhenEmpty() {
        let host = FramePipeline(columns: 40, rows: 3)
        host.render(Form())
        #expect(field(host, row: 1) == "Your name ")
        host.type("Ada")  // the name field has focus: it comes first
        #expect(status(host).contains("name=Ada "))
        #expect(field(host, row: 1) == "Ada       ")
        // The terminal cursor goes to the insertion point, after "Ada".
        let row = host.textRows.firstIndex { $0.contains("name=") }! + 1
        #expect(host.graph.caret?.x == left(host) + 3 && host.graph.caret?.y == row)
        host.press(.backspace)
        host.press(.left)
        host.type("v")
        #expect(status(host).contains("name=Avd "))
        #expect(host.graph.caret?.x == left(host) + 2)
    }

    @Test func enterSubmitsAndTheFieldFollowsTheApp() {
        let host = FramePipeline(columns: 40, rows: 3)
        host.render(Form())
        host.type("one")
        host.press(.enter)
        host.renderIfNeeded()
        #expect(status(host).contains("submitted=one"))
        #expect(status(host).contains("name= "))
        #expect(field(host, row: 1) == "Your name ")
        host.type("two")
        #expect(status(host).contains("name=two "))
    }

    @Test func wideTextScrollsAndNeverSplitsAWideCharacter() {
        let host = FramePipeline(columns: 40, rows: 3)
        host.render(Form())
        host.type("漢字かな漢字")  // 12 cells in a 10-cell field
        let shown = field(host, row: 1)
        #expect(shown.hasSuffix(" ") || shown.count == 10)
        #expect(!shown.contains("漢字かな漢字"))
        #expect(host.graph.caret!.x <= left(host) + 9)
        // Moving home shows the start again.
        host.press(.home)
        #expect(field(host, row: 1).hasPrefix("漢字かな"))
        #expect(host.graph.caret?.x == left(host))
    }

    @Test func pasteIsDataAndSecureFieldsShowBullets() {
        let host = FramePipeline(columns: 40, rows: 3)
        host.render(Form())
        host.press(.tab)
        host.paste("pa\u{1B}[2Jss\nword")
        // ESC is dropped (the decoder removes whole sequences from real pastes), the newline becomes a space.
        #expect(status(host).contains("secret=12 "))
        #expect(field(host, row: 2).allSatisfy { $0 == "•" || $0 == " " })
        #expect(!host.textRows.joined().contains("pass"))
        // Tab passes through the field: focus moves on.
        host.press(.tab)
        #expect(host.graph.caret?.y == host.textRows.firstIndex { $0.contains("name=") }! + 1)
    }

    @Test func clustersAreNeverSplitByEditing() {
        let host = FramePipeline(columns: 40, rows: 3)
        host.render(Form())
        host.type("👩‍👩‍👧e\u{301}")
        host.press(.left)
        host.press(.backspace)
        #expect(status(host).contains("name=e\u{301} "))
    }

    @Test func disabledFieldsTakeNoInput() {
        let host = FramePipeline(columns: 40, rows: 3)
        host.render(Form().disabled(true))
        host.press(.tab)
        host.type("x")
        #expect(status(host).contains("name= "))
        #expect(host.graph.caret == nil)
    }
}
