import Engine

// MARK: focus-tab

/// A grid of 200 buttons (20 rows of 10); each frame presses Tab, moving
/// focus to the next button: the old and the new button look different.
struct ButtonGrid: View {
    var rows: Int
    var columns: Int
    var body: some View {
        VStack(alignment: .leading) {
            Text("200 focusable buttons; Tab moves focus")
            ForEach(0..<rows) { r in
                HStack(spacing: 1) {
                    ForEach(0..<columns) { c in
                        Button("b\(r * columns + c)") {}
                    }
                }
            }
        }
    }
}

extension Scenarios {
    static func makeInteraction(_ name: String) -> Scenario? {
        switch name {
        case "focus-tab":
            return Scenario(name: name, parameters: ["controls": 200], render: { frame, host in
                if host.graph.frameNumber == 0 {
                    host.render(ButtonGrid(rows: 20, columns: 10), keepBytes: false)
                } else {
                    host.press(.tab)
                }
            }, summary: "Tab to the next of 200 focusable buttons (the host's first frame builds them)")
        default:
            return nil
        }
    }
}
