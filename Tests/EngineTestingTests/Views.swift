import Engine

/// A counter: `+`/`-` keys, a clickable `[+]`, pastes add their length,
/// drags and the wheel are counted, and a status line loads after a sleep.
struct KitCounter: View {
    @State private var count = 0
    @State private var status = "loading"
    @State private var drags = 0
    @State private var wheel = 0
    @Environment(\.clock) private var clock

    var body: some View {
        VStack(alignment: .leading) {
            Text("Count: \(count)").bold()
            HStack {
                Text("[+]").foregroundColor(.blue).onTapGesture { count += 1 }
                Text("[-]").underline().onTapGesture { count -= 1 }
            }
            Text("status: \(status)")
            Text("drags \(drags) wheel \(wheel)")
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        .onKeyPress("+") { count += 1; return .handled }
        .onKeyPress("-") { count -= 1; return .handled }
        .onPaste { count += $0.count }
        .onMouse { event in
            switch event.kind {
            case .drag: drags += 1
            case .scrollDown: wheel += 1
            case .scrollUp: wheel -= 1
            default: return .ignored
            }
            return .handled
        }
        .onResize { columns, rows in status = "\(columns)x\(rows)" }
        .task {
            if (try? await clock.sleep(for: .seconds(2))) != nil { status = "ready" }
        }
    }
}
