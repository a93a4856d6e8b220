import Engine

// MARK: nav-push

/// Where the nav-push scenario reaches the stack's path: the app view that
/// owns it hands its binding here when its body first runs.
@MainActor
final class PathHandle: @unchecked Sendable {
    // Touched only by the benchmark's single thread.
    var binding: Binding<[Int]>?
    /// The frame the path was last changed at (frames that do not advance,
    /// with `--change none`, change nothing).
    var lastFrame = -1
}

/// A stack over a short home screen; a page pushed onto it is `rows` rows
/// of five views each, written as an app writes a screen.
@MainActor
struct NavPushApp: View {
    var rows: Int
    let handle: PathHandle
    @State private var path: [Int] = []

    var body: some View {
        if handle.binding == nil { handle.binding = $path }
        return NavigationStack(path: $path) {
            VStack(alignment: .leading, spacing: 0) {
                Text("Home")
                NavigationLink("Open a page", value: 1)
            }
            .navigationTitle("Home")
            .navigationDestination(for: Int.self) { page in NavPage(page: page, rows: rows) }
        }
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
    /// `NavigationStack` on odd frames and popped on even ones, by the
    /// path the app holds in `@State`. `split-view`: a `NavigationSplitView`
    /// whose sidebar `List` of `rows` items moves its selection one row a
    /// frame (a key press) among the rows shown; the detail shows the
    /// selected item.
    static func makeNavigation(_ name: String, rows: Int?) -> Scenario? {
        switch name {
        case "nav-push":
            let n = Swift.max(rows ?? 1000, 1)
            let handle = PathHandle()
            return Scenario(name: name, parameters: ["rows": n], render: { frame, host in
                if host.graph.frameNumber == 0 {
                    host.render(NavPushApp(rows: n, handle: handle), keepBytes: false)
                    handle.lastFrame = frame
                    return
                }
                if frame != handle.lastFrame {
                    handle.lastFrame = frame
                    handle.binding?.wrappedValue = frame % 2 == 1 ? [frame] : []
                }
                host.update(keepBytes: false)
            }, summary: "a NavigationStack; a page of \(n) rows (--rows) of five views each (HStack, Text, Text, Spacer, Text) is pushed on odd frames and popped on even ones")
        case "split-view":
            let n = Swift.max(rows ?? 1000, 2)
            let items = SplitItem.items(n)
            let driver = SelectionDriver()
            return Scenario(name: name, parameters: ["rows": n], render: { frame, host in
                if host.graph.frameNumber == 0 {
                    host.render(SplitApp(items: items), keepBytes: false)
                    // Focus the sidebar's list and select its first row.
                    host.graph.dispatch(.key(KeyPress(.tab)))
                    host.graph.dispatch(.key(KeyPress(.down)))
                    host.update(keepBytes: false)
                    driver.lastFrame = frame
                    return
                }
                if frame != driver.lastFrame {
                    driver.lastFrame = frame
                    // Down to the last row shown, then up to the first, and so on.
                    let span = Swift.max(2, Swift.min(n, host.canvas.rows - 2))
                    let phase = frame % (2 * (span - 1))
                    host.graph.dispatch(.key(KeyPress(phase < span - 1 ? .down : .up)))
                }
                host.update(keepBytes: false)
            }, summary: "a NavigationSplitView whose sidebar List of \(n) items (--rows) moves its selection a row a frame (a key press) among the rows shown; the detail shows the selected item")
        default:
            return nil
        }
    }
}
