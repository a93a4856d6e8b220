/// How serious a toast is: its border and title take the colour.
public enum ToastSeverity: Hashable, Sendable {
    /// News (blue).
    case info
    /// Something to look at (yellow).
    case warning
    /// Something failed (red).
    case error
}

/// A short message shown over the app for a while (``ShowToastAction``).
public struct Toast: Hashable, Sendable {
    /// The message (wrapped to the toast's width).
    public var message: String
    /// A bold first line, if any.
    public var title: String?
    /// Its colour.
    public var severity: ToastSeverity
    /// How long it stays (then it goes by itself).
    public var duration: Duration

    /// A toast of `message`, with an optional `title`, shown for `duration`.
    public init(_ message: String, title: String? = nil, severity: ToastSeverity = .info,
                duration: Duration = .seconds(5)) {
        self.message = message
        self.title = title
        self.severity = severity
        self.duration = duration
    }
}

/// Shows a toast: read it from the environment and call it.
///
/// ```swift
/// @Environment(\.showToast) private var showToast
/// ...
/// Button("Save") {
///     try store.save()
///     showToast("Saved", title: "notes.txt")
/// }
/// ```
///
/// Toasts stack in the bottom-trailing corner of the screen, over the app,
/// the newest at the bottom; each goes after its duration (on the runtime
/// clock), when clicked, or — the newest first — on Esc when no view
/// nearer the focus takes Esc. They take neither focus nor keys from the
/// app. SwiftUI has no toasts; this is the shape of Textual's `notify`.
public struct ShowToastAction: Sendable {
    private let center: MainThreadBox<WeakToastCenter>

    init(_ center: ToastCenter?) {
        let weak = WeakToastCenter()
        weak.value = center
        self.center = MainThreadBox(weak)
    }

    /// Shows `toast`.
    @MainActor
    public func callAsFunction(_ toast: Toast) { center.value.value?.post(toast) }

    /// Shows `message` (with a `title`, if any) for `duration`.
    @MainActor
    public func callAsFunction(_ message: String, title: String? = nil, severity: ToastSeverity = .info,
                               duration: Duration = .seconds(5)) {
        callAsFunction(Toast(message, title: title, severity: severity, duration: duration))
    }
}

final class WeakToastCenter {
    weak var value: ToastCenter?
}

private struct ShowToastKey: EnvironmentKey {
    static let defaultValue = ShowToastAction(nil)
}

extension EnvironmentValues {
    /// Shows a toast over the app (``ShowToastAction``). Outside a host it
    /// does nothing.
    public var showToast: ShowToastAction {
        get { self[ShowToastKey.self] }
        set { self[ShowToastKey.self] = newValue }
    }
}

/// The toasts shown now, each with the timer that takes it away; it puts
/// them over the app as the graph's overlay (``ViewGraph/setOverlay(_:)``).
/// A host keeps one and hands views a ``ShowToastAction`` to it.
@MainActor
final class ToastCenter {
    struct Entry: Identifiable {
        var id: Int
        var toast: Toast
    }

    private unowned let graph: ViewGraph
    private(set) var entries: [Entry] = []
    private var timers: [Int: ScheduledTimer] = [:]
    private var nextID = 0

    init(graph: ViewGraph) { self.graph = graph }

    func post(_ toast: Toast) {
        nextID += 1
        let id = nextID
        entries.append(Entry(id: id, toast: toast))
        timers[id] = graph.clock.schedule(after: toast.duration) { [weak self] in self?.dismiss(id) }
        show()
    }

    func dismiss(_ id: Int) {
        guard let index = entries.firstIndex(where: { $0.id == id }) else { return }
        entries.remove(at: index)
        timers.removeValue(forKey: id)?.cancel()
        show()
    }

    private func show() {
        guard !entries.isEmpty else {
            graph.setOverlay(nil)
            return
        }
        graph.setOverlay(AnyView(ToastStack(entries: entries) { [weak self] id in self?.dismiss(id) }))
    }
}

/// The toasts, stacked in the bottom-trailing corner of the screen.
struct ToastStack: View {
    var entries: [ToastCenter.Entry]
    var dismiss: (Int) -> Void

    var body: some View {
        let newest = entries.last?.id
        VStack(alignment: .trailing, spacing: 0) {
            ForEach(entries) { entry in
                ToastBox(toast: entry.toast).onTapGesture { dismiss(entry.id) }
            }
        }
        .keyboardShortcut(.escape) { if let newest { dismiss(newest) } }
        .padding(.trailing, 1)
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .bottomTrailing)
    }
}

/// One toast: a rounded box in its severity's colour, at most 40 cells
/// wide (the message wraps inside).
struct ToastBox: View {
    var toast: Toast

    static func color(_ severity: ToastSeverity) -> Color {
        switch severity {
        case .info: return .blue
        case .warning: return .yellow
        case .error: return .red
        }
    }

    var body: some View {
        let color = ToastBox.color(toast.severity)
        let width = Swift.min(Swift.max(GraphemeWidth.width(of: toast.message),
                                        toast.title.map { GraphemeWidth.width(of: $0) } ?? 0), 36)
        return VStack(alignment: .leading, spacing: 0) {
            if let title = toast.title { Text(title).bold().foregroundStyle(color) }
            Text(toast.message)
        }
        .frame(width: width, alignment: .leading)
        .padding(.horizontal, 1)
        .border(.rounded, color: color)
        .background(.default)
    }
}
