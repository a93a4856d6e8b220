import Engine

/// A list row of an index and a value, as tuibench's `list` scenario has
/// them: equal rows are skipped, the row whose value changes is evaluated.
struct ValueRow: View, @MainActor Equatable {
    var index: Int
    var value: Int
    var body: some View {
        HStack {
            Text("row \(index)")
            Spacer()
            Text("value \(value)")
        }
    }
}
