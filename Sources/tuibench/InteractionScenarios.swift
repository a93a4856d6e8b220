import Engine

// MARK: focus-tab

/// A grid of 200 buttons (20 rows of 10); each frame presses Tab, moving
/// focus to the next button: the old and the new button look different.
@MainActor
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

// MARK: type-field

/// A text field above the 5,461-view tree (depth 6, fanout 4); each frame
/// types one character into it. Only the field and its path should be
/// evaluated: the tree's values do not change.
@MainActor
struct FieldOverTree: View {
    @State private var text = ""
    var body: some View {
        VStack(alignment: .leading) {
            TextField("type here", text: $text).frame(width: 40)
            TreeLevel(depth: 6, fanout: 4, index: 0, changingLeaf: 0, frame: 0)
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
        case "type-field":
            let letters = Array("the quick brown fox jumps over the lazy dog ")
            return Scenario(name: name, parameters: ["views": 5461], render: { frame, host in
                if host.graph.frameNumber == 0 {
                    host.render(FieldOverTree(), keepBytes: false)
                    host.press(.tab)  // focus the field
                } else if frame % 60 == 0 {
                    host.press(.character("u"), modifiers: .control)  // Ctrl-U: the line starts over
                } else {
                    host.press(.character(letters[frame % letters.count]))
                }
            }, summary: "type into a TextField above a 5,461-view tree (Ctrl-U every 60 keys)")
        default:
            return nil
        }
    }
}
