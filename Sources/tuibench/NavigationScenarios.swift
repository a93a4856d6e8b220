import Engine

// MARK: nav-push

/// A stack over a short home screen whose link pushes a page of `rows`
/// rows of five views each, written as an app writes a screen.
@MainActor
struct NavPushApp: View {
    var rows: Int

    var body: some View {
        NavigationStack {
            NavHome()
                .navigationDestination(for: Int.self) { page in NavPage(page: page, rows: rows) }
        }
    }
}

/// The home screen: a title and the link to the page.
@MainActor
struct NavHome: View {
    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            Text("Home")
            NavigationLink("Open a page", value: 1)
        }
        .navigationTitle("Home")
    }
}

/// A pushed page: a stack of `rows` rows.
@MainActor
struct NavPage: View {
    var page: Int
    var rows: Int

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            ForEach(0..<rows) { i in NavPageRow(page: page, index: i) }
        }
        .navigationTitle("Page \(page)")
    }
}

/// One row of a pushed page: an HStack of three texts around a spacer.
@MainActor
struct NavPageRow: View {
    var page: Int
    var index: Int

    var body: some View {
        HStack {
            Text("\(index)")
            Text("item \(index) of page \(page)")
            Spacer()
            Text("\(index * 7 % 100) KB")
        }
    }
}

// MARK: split-view

/// An item of the split-view scenario's sidebar.
struct SplitItem: Identifiable, Equatable {
    let id: Int
    var name: String
    var detail: String

    static func items(_ count: Int) -> [SplitItem] {
        (0..<count).map { SplitItem(id: $0, name: "item \($0)", detail: "the content of item \($0)") }
    }
}

/// A sidebar list of items beside a detail showing the selected one.
@MainActor
struct SplitApp: View {
    var items: [SplitItem]
    @State private var selected: Int?

    var body: some View {
        NavigationSplitView {
            List(items, selection: $selected) { item in Text(item.name) }
                .navigationTitle("Items")
        } detail: {
            if let selected {
                SplitDetail(item: items[selected])
            } else {
                Text("Pick an item")
            }
        }
    }
}

/// The detail column: the selected item's name and content.
@MainActor
struct SplitDetail: View, Equatable {
    var item: SplitItem

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            Text(item.name).bold()
            Divider()
            Text(item.detail)
            Text("id \(item.id)")
        }
    }
}

extension Scenarios {
    static let navigationNames = ["nav-push", "split-view"]

    /// `nav-push`: a page of `rows` rows (five views each) is pushed onto a
    /// `NavigationStack` on odd frames (Return on the home screen's link)
    /// and popped on even ones (Esc). `split-view`: a `NavigationSplitView`
    /// whose sidebar `List` of `rows` items moves its selection one row a
    /// frame (a key press) among the rows shown; the detail shows the
    /// selected item.
    static func makeNavigation(_ name: String, rows: Int?) -> Scenario? {
        switch name {
        case "nav-push":
            let n = Swift.max(rows ?? 1000, 1)
            var scenario = Scenario(name: name, parameters: ["rows": n], summary: "a NavigationStack whose home screen's link pushes a page of \(n) rows (--rows) of five views each (HStack, Text, Text, Spacer, Text): Return pushes it on odd frames, Esc pops it on even ones; push and pop frames are also reported apart",
            start: { host in
                host.render(NavPushApp(rows: n), keepBytes: false)
                // Focus the home screen's link.
                host.graph.dispatch(.key(KeyPress(.tab)))
            }, act: { frame, host in
                // Return on the link pushes the page; Esc pops it.
                host.graph.dispatch(.key(KeyPress(frame % 2 == 1 ? .enter : .escape)))
            })
            scenario.frameKind = { $0 % 2 == 1 ? "push" : "pop" }
            scenario.minimumWarmup = 4
            return scenario
        case "split-view":
            let n = Swift.max(rows ?? 1000, 2)
            let items = SplitItem.items(n)
            return Scenario(name: name, parameters: ["rows": n], summary: "a NavigationSplitView whose sidebar List of \(n) items (--rows) moves its selection a row a frame (a key press) among the rows shown; the detail shows the selected item",
            start: { host in
                host.render(SplitApp(items: items), keepBytes: false)
                // Focus the sidebar's list and select its first row.
                host.graph.dispatch(.key(KeyPress(.tab)))
                host.graph.dispatch(.key(KeyPress(.down)))
            }, act: { frame, host in
                // Down to the last row shown, then up to the first, and so on.
                let span = Swift.max(2, Swift.min(n, host.canvas.rows - 2))
                let phase = frame % (2 * (span - 1))
                host.graph.dispatch(.key(KeyPress(phase < span - 1 ? .down : .up)))
            })
        default:
            return nil
        }
    }
}
