import Engine

/// A chat-like screen: 100 lines of text above a text field. The draft
/// lives at the app's root, so each key re-evaluates the root's body (the
/// 100 lines stay as they were). Enter sends the draft: it is counted and
/// cleared.
struct TypingApp: App {
    @State private var draft = ""
    @State private var sent = 0
    @FocusState private var typing: Bool

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            ScrollView {
                VStack(alignment: .leading, spacing: 0) {
                    ForEach(0..<100, id: \.self) { i in
                        Text("message \(i + 1): the quick brown fox jumps over the lazy dog").lineLimit(1)
                    }
                }
            }
            Divider()
            Text("sent \(sent) · \(draft.count) characters · Enter sends · Ctrl-C quits").dim()
            TextField("say something", text: $draft)
                .focused($typing)
                .onSubmit {
                    sent += 1
                    draft = ""
                }
        }
        .defaultFocus($typing, true)
    }
}
