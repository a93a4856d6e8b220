import Engine

/// `+` and `-` change the number; `q` or Ctrl-C quits.
@main
struct CounterApp: App {
    @State private var count = 0
    @Environment(\.terminal) private var terminal

    var body: some View {
        VStack(alignment: .leading) {
            Text("Count: \(count)").bold()
            Divider()
            Text("+ / - change it, q quits")
        }
        .padding(1)
        .border(.rounded)
        .onKeyPress("+") { count += 1; return .handled }
        .onKeyPress("-") { count -= 1; return .handled }
        .onKeyPress("q") { terminal.quit(); return .handled }
    }
}
