import Engine

/// A list of 100,000 rows under a line saying which is selected. Up/Down
/// move the selection; the list scrolls to keep it in sight.
struct ScrollApp: App {
    @State private var selection: Int? = 0

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            Text("row \((selection ?? 0) + 1) of 100,000 · ↑/↓ move · Ctrl-C quits").bold()
            List(0..<100_000, id: \.self, selection: $selection) { i in
                Text("row \(i + 1): item \(i * 7919 % 100_000)")
            }
        }
    }
}
