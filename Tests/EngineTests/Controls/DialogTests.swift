import Testing
@testable import Engine

private struct Doc: Hashable { var name: String }

/// A list whose delete is confirmed through `alert(_:isPresented:presenting:)`
/// with a binding derived from the selection (SwiftUI's pattern).
private struct Documents: View {
    @State private var docs = [Doc(name: "a"), Doc(name: "b"), Doc(name: "c")]
    @State private var selected: Doc?
    @State private var log: [String] = []
    var body: some View {
        let show = Binding(get: { selected != nil }, set: { if !$0 { selected = nil } })
        VStack(alignment: .leading) {
            Text("docs=\(docs.map(\.name).joined(separator: ",")) log=\(log.joined(separator: ","))")
            Button("Delete b") { selected = Doc(name: "b") }
        }
        .alert("Delete?", isPresented: show, presenting: selected) { doc in
            Button("Delete \(doc.name)", role: .destructive) { delete(doc) }
        } message: { doc in
            Text("\(doc.name) will be gone.")
        }
    }

    private func delete(_ doc: Doc) {
        // What the action sees: the alert is still presented.
        log.append("deleting \(doc.name) while selected=\(selected?.name ?? "nil")")
        docs.removeAll { $0 == doc }
    }
}

/// An alert and a dialog, each with whatever buttons a test gives.
private struct Host<Actions: View>: View {
    var dialog: Bool
    var titleVisibility: Visibility
    var actions: () -> Actions
    @State private var shown = false

    init(dialog: Bool, titleVisibility: Visibility = .automatic, @ViewBuilder actions: @escaping () -> Actions) {
        self.dialog = dialog
        self.titleVisibility = titleVisibility
        self.actions = actions
    }
    var body: some View {
        VStack {
            Text("shown=\(shown)")
            Button("Open") { shown = true }
        }
        .alert("Alert title", isPresented: dialog ? .constant(false) : $shown, actions: actions)
        .confirmationDialog("Dialog title", isPresented: dialog ? $shown : .constant(false),
                            titleVisibility: titleVisibility, actions: actions)
    }
}

/// Records which action ran.
@MainActor
private final class Log {
    var entries: [String] = []
    func callAsFunction(_ entry: String) -> () -> Void { { self.entries.append(entry) } }
}

@MainActor
private func open<V: View>(_ view: V, columns: Int = 50, rows: Int = 14) -> FramePipeline {
    let host = FramePipeline(columns: columns, rows: rows)
    host.render(view)
    host.press(.tab)
    host.press(.enter)  // Open
    host.renderIfNeeded()
    return host
}

@MainActor
@Suite("Alerts and confirmation dialogs with view-builder actions")
struct DialogTests {
    @Test("alert(presenting:): the button's action gets the data and runs before the dismissal clears it")
    func presentingRunsActionFirst() {
        let host = FramePipeline(columns: 60, rows: 12)
        host.render(Documents())
        host.press(.tab)
        host.press(.enter)  // Delete b
        #expect(host.textRows.contains { $0.contains("Delete?") })
        #expect(host.textRows.contains { $0.contains("b will be gone.") })
        #expect(host.textRows.contains { $0.contains("[ Delete b ]") })
        host.press(.enter)
        #expect(!host.textRows.contains { $0.contains("Delete?") })
        let status = host.textRows.first { $0.contains("docs=") } ?? ""
        #expect(status.contains("docs=a,c log=deleting b while selected=b"))
    }

    @Test("an alert's row: the cancel button first, the others as written; focus on the first plain button")
    func alertButtonOrderAndFocus() {
        let log = Log()
        let host = open(Host(dialog: false) {
            Button("Save", action: log("save"))
            Button("Discard", role: .destructive, action: log("discard"))
            Button("Cancel", role: .cancel, action: log("cancel"))
        })
        #expect(host.textRows.contains { $0.contains("Alert title") })
        #expect(host.textRows.contains { $0.contains("[ Cancel ]  [ Save ]  [ Discard ]") })
        #expect(focusedText(host) == "[ Save ]")
        host.press(.enter)
        #expect(log.entries == ["save"])
        #expect(host.textRows.contains { $0.contains("shown=false") })
    }

    @Test("Esc presses the cancel button; with no cancel button it only dismisses")
    func escape() {
        let log = Log()
        let withCancel = open(Host(dialog: false) {
            Button("Delete", role: .destructive, action: log("delete"))
            Button("Keep", role: .cancel, action: log("keep"))
        })
        #expect(focusedText(withCancel) == "[ Keep ]", "Enter never destroys by default")
        withCancel.press(.escape)
        #expect(log.entries == ["keep"])
        #expect(withCancel.textRows.contains { $0.contains("shown=false") })

        let without = open(Host(dialog: false) { Button("Retry", action: log("retry")) })
        without.press(.escape)
        #expect(log.entries == ["keep"])
        #expect(without.textRows.contains { $0.contains("shown=false") })
    }

    @Test("an alert with no buttons has an OK button that dismisses it")
    func okButton() {
        let host = open(Host(dialog: false) { EmptyView() })
        #expect(host.textRows.contains { $0.contains("[ OK ]") })
        #expect(focusedText(host) == "[ OK ]")
        host.press(.enter)
        #expect(host.textRows.contains { $0.contains("shown=false") })
        #expect(!host.textRows.contains { $0.contains("Alert title") })
    }

    @Test("buttons under if, ForEach and Group are the alert's buttons; other views are shown above them")
    func builderStructure() {
        let log = Log()
        let shown = true
        let host = open(Host(dialog: false) {
            Text("a note")
            if shown { Button("One", action: log("one")) }
            Group {
                ForEach(["Two", "Three"], id: \.self) { Button($0, action: log($0)) }
            }
        })
        let rows = host.textRows
        let note = rows.firstIndex { $0.contains("a note") }
        let buttons = rows.firstIndex { $0.contains("[ One ]  [ Two ]  [ Three ]") }
        #expect(note != nil && buttons != nil && note! < buttons!)
        host.press(.tab)
        host.press(.enter)  // Two
        #expect(log.entries == ["Two"])
    }

    @Test("a confirmation dialog stacks its buttons, adds a Cancel, and Esc or Cancel run no other action")
    func confirmationDialog() {
        let log = Log()
        let host = open(Host(dialog: true) {
            Button("Discard", role: .destructive, action: log("discard"))
            Button("Save as Draft", action: log("draft"))
        })
        let rows = host.textRows
        #expect(rows.contains { $0.contains("Dialog title") })
        let discard = rows.firstIndex { $0.contains("[ Discard ]") }!
        #expect(rows[discard + 1].contains("[ Save as Draft ]"))
        #expect(rows[discard + 2].contains("[ Cancel ]"))
        #expect(focusedText(host) == "[ Save as Draft ]")
        host.press(.escape)
        #expect(log.entries.isEmpty)
        #expect(host.textRows.contains { $0.contains("shown=false") })
        host.press(.enter)  // Open again (focus is back on it)
        host.renderIfNeeded()
        host.press(.tab)  // Save as Draft → Cancel
        host.press(.enter)
        #expect(log.entries.isEmpty)
        #expect(host.textRows.contains { $0.contains("shown=false") })
    }

    @Test("a dialog's own cancel button replaces the added one; titleVisibility .hidden hides the title")
    func dialogCancelAndTitle() {
        let log = Log()
        let host = open(Host(dialog: true, titleVisibility: .hidden) {
            Button("Never mind", role: .cancel, action: log("cancel"))
            Button("Delete", role: .destructive, action: log("delete"))
        })
        #expect(!host.textRows.contains { $0.contains("Dialog title") })
        #expect(!host.textRows.contains { $0.contains("[ Cancel ]") })
        let delete = host.textRows.firstIndex { $0.contains("[ Delete ]") }!
        #expect(host.textRows[delete + 1].contains("[ Never mind ]"))
        #expect(focusedText(host) == "[ Never mind ]")
        host.press(.tab, modifiers: .shift)
        host.press(.enter)
        #expect(log.entries == ["delete"])
    }
}
