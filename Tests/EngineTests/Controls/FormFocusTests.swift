import Testing
@testable import Engine

private struct SignUp: View {
    enum Field: Hashable { case name, email }
    @State private var name = ""
    @State private var email = ""
    @FocusState private var field: Field?
    var body: some View {
        VStack(alignment: .leading) {
            Text("name=\(name) email=\(email)")
            TextField("name", text: $name).focused($field, equals: .name).onSubmit { field = .email }
            TextField("email", text: $email).focused($field, equals: .email)
        }
        .onAppear { field = .name }
    }
}

@MainActor
@Suite("Forms")
struct FormFocusTests {
    @Test func onAppearFocusesAndSubmitMovesToTheNextField() {
        let host = FramePipeline(columns: 40, rows: 3)
        host.render(SignUp())
        host.renderIfNeeded()
        // Typed ahead, with no frame between the keys (as one read from the tty gives them).
        for c in "Ada" { host.graph.dispatch(.key(KeyPress(.character(c)))) }
        host.graph.dispatch(.key(KeyPress(.enter)))
        for c in "a@b.c" { host.graph.dispatch(.key(KeyPress(.character(c)))) }
        host.renderIfNeeded()
        let status = host.textRows.first { $0.contains("name=") } ?? ""
        #expect(status.contains("name=Ada email=a@b.c"))
    }
}
