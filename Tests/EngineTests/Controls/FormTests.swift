import Testing
@testable import Engine

private struct Preferences: View {
    @State private var notify = true
    @State private var advanced = false
    @State private var debug = false
    var body: some View {
        Form {
            Section("Account") {
                LabeledContent("Name", value: "Ada")
                LabeledContent("Email address", value: "ada@example.org")
                Toggle("Notify", isOn: $notify)
            }
            Section {
                DisclosureGroup("Advanced", isExpanded: $advanced) {
                    LabeledContent("Cache", value: "12 MB")
                    Toggle("Debug", isOn: $debug)
                }
            } header: {
                Text("System")
            } footer: {
                Text("notify=\(notify) debug=\(debug)")
            }
        }
    }
}

@MainActor
@Suite("Form, Section, LabeledContent, DisclosureGroup")
struct FormTests {
    @Test("labels line up in one column as wide as the widest; sections head their rows")
    func labelColumn() {
        let host = FramePipeline(columns: 34, rows: 12)
        host.render(Preferences())
        host.renderIfNeeded()
        #expect(host.textRows == [
            "Account                           ",
            "Name           Ada                ",
            "Email address  ada@example.org    ",
            "Notify         [x]                ",
            "                                  ",
            "System                            ",
            "▶ Advanced                        ",
            "notify=true debug=false           ",
            "                                  ",
            "                                  ",
            "                                  ",
            "                                  ",
        ])
        // Headers bold, the footer dimmed.
        let header = Array(host.styleRows[0])[0], footer = Array(host.styleRows[7])[0]
        #expect(host.styleLegend.contains { $0.hasPrefix("\(header) ") && $0.contains("bold") })
        #expect(host.styleLegend.contains { $0.hasPrefix("\(footer) ") && $0.contains("dim") })
    }

    @Test("a disclosure group opens on Enter and a click; its rows keep the form's columns, indented")
    func disclosureGroup() {
        let host = FramePipeline(columns: 34, rows: 12)
        host.render(Preferences())
        host.renderIfNeeded()
        // The toggle is focused first (the form's first control), then the group.
        #expect(focusedText(host).hasPrefix("Notify"))
        host.press(.space)
        #expect(host.textRows[7].hasPrefix("notify=false"))
        host.press(.tab)
        #expect(focusedText(host).hasPrefix("▶ Advanced"))
        host.press(.enter)
        #expect(Array(host.textRows[5...9]) == [
            "System                            ",
            "▼ Advanced                        ",
            "  Cache        12 MB              ",
            "  Debug        [ ]                ",
            "notify=false debug=false          ",
        ])
        host.press(.tab)  // the Debug toggle inside
        host.press(.enter)
        #expect(host.textRows[9].hasPrefix("notify=false debug=true"))
        host.click(column: 0, row: 6)  // the header: collapses
        #expect(host.textRows[6] == "▶ Advanced                        ")
        #expect(host.textRows[7].hasPrefix("notify=false debug=true"))
        host.press(.right)  // focused header: Right expands, Left collapses
        #expect(host.textRows[6].hasPrefix("▼ Advanced"))
        host.press(.left)
        #expect(host.textRows[6].hasPrefix("▶ Advanced"))
    }

    @Test("outside a form: LabeledContent side by side, a disclosure group indents its content")
    func outsideAForm() {
        struct Plain: View {
            @State private var open = true
            var body: some View {
                VStack(alignment: .leading, spacing: 0) {
                    LabeledContent("Size", value: "4 KB")
                    DisclosureGroup("More", isExpanded: $open) {
                        Text("inside")
                    }
                }
                .frame(width: 12, height: 3, alignment: .topLeading)
            }
        }
        let host = FramePipeline(columns: 12, rows: 3)
        host.render(Plain())
        #expect(host.textRows == ["Size  4 KB  ", "▼ More      ", "  inside    "])
    }

    @Test("a disclosure group without a binding keeps its own expansion")
    func ownExpansion() {
        let host = FramePipeline(columns: 12, rows: 3)
        host.render(VStack(alignment: .leading, spacing: 0) {
            DisclosureGroup("More") { Text("inside") }
        }.frame(width: 12, height: 3, alignment: .topLeading))
        #expect(host.textRows == ["▶ More      ", "            ", "            "])
        host.press(.space)
        #expect(host.textRows == ["▼ More      ", "  inside    ", "            "])
    }

    @Test("a Stepper in a form is a labelled row too")
    func stepperRow() {
        struct Volume: View {
            @State private var volume = 3
            var body: some View {
                Form {
                    LabeledContent("Name", value: "x")
                    Stepper("Volume", value: $volume, in: 0...5)
                }
            }
        }
        let host = FramePipeline(columns: 20, rows: 2)
        host.render(Volume())
        host.renderIfNeeded()
        #expect(host.textRows == ["Name    x           ", "Volume  ‹ 3 ›       "])
        host.press("+")
        #expect(host.textRows[1] == "Volume  ‹ 4 ›       ")
    }
}
