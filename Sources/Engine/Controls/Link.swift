/// A control that opens a URL: its label is drawn as a link and sent to the
/// terminal as an OSC 8 hyperlink, and Enter (while focused) or a click
/// hands the destination to ``EnvironmentValues/openURL``.
///
/// ```swift
/// Link("Documentation", destination: "https://example.com/docs")
/// Link("Issue", destination: URL(string: "https://example.com/1")!)  // with Foundation
/// ```
///
/// The engine does not import Foundation, so a destination is any value
/// whose `description` is the URL: a `String`, or Foundation's `URL`
/// (whose description is its absolute string).
///
/// The label is underlined in the tint colour (the focus colours when
/// focused), and every cell of it belongs to one hyperlink: a terminal that
/// understands OSC 8 (``TerminalCapabilities/hyperlinks``) opens it on its
/// own gesture (Ctrl- or Cmd-click) even when the app captures the mouse,
/// and a label wrapped onto several rows stays one link. Elsewhere the
/// label is drawn the same and no link is sent.
public struct Link<Label: View>: View {
    var destination: String
    var label: Label
    @Environment(EnvironmentPaths.openURL) private var openURL

    /// A link to `destination` (its `description`) with a custom label.
    public init<Destination: CustomStringConvertible>(destination: Destination, @ViewBuilder label: () -> Label) {
        self.destination = destination.description
        self.label = label()
    }

    public var body: some View { resolvedBody }

    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        graph.reconcileComposite(view, node: node) { $0.resolvedBody }
    }

    /// The body, of a type an app's module sees (``ViewGraph/reconcileComposite(_:node:body:)``).
    var resolvedBody: TapGestureView<FocusableView<LinkFace<Label>>> {
        let destination = self.destination
        let openURL = self.openURL
        return LinkFace(destination: destination, label: label)
            .focusable()
            .onFocusedKey { press in
                guard press.phase != .up, press.modifiers.isDisjoint(with: [.control, .option, .command]),
                      press.key == .enter else { return .ignored }
                openURL(destination)
                return .handled
            }
            .onTapGesture { openURL(destination) }
    }
}

extension Link where Label == Text {
    /// A link to `destination` (its `description`) titled `title`.
    public init<Destination: CustomStringConvertible>(_ title: String, destination: Destination) {
        self.init(destination: destination) { Text(title) }
    }
}

/// A link's look: the label underlined in the tint colour, in the focus
/// colours when focused, its cells one hyperlink.
///
/// Public only so that an app's module sees its conformance to ``View``
/// (see ``ListFace``). Its members stay internal; it is no API.
public struct LinkFace<Label: View>: View {
    var destination: String
    var label: Label
    @Environment(EnvironmentPaths.isFocused) private var isFocused
    @Environment(EnvironmentPaths.isEnabled) private var isEnabled
    @Environment(EnvironmentPaths.theme) private var theme

    public var body: BackgroundColorView<InheritedStyleView<Label>> {
        let color: Color = !isEnabled ? theme.disabled : isFocused ? theme.focusForeground : theme.tint
        InheritedStyleView(foreground: color, attributes: .underline, content: label,
                           linkDestination: destination)
            .background(isFocused && isEnabled ? theme.focusBackground : .default)
    }
}

/// What opens a URL for the views inside: ``Link`` calls it, and a view can
/// too. The engine's counterpart of SwiftUI's `OpenURLAction`, with the URL
/// as a string (the engine does not import Foundation).
///
/// By default it returns `.systemAction`, and on a terminal the
/// system action is to do nothing: no browser is started, no process run.
/// The terminal itself opens the link on its own gesture (Ctrl- or
/// Cmd-click on an OSC 8 link). An app that wants Enter to open something
/// sets its own:
///
/// ```swift
/// ContentView()
///     .environment(\.openURL, OpenURLAction { url in
///         terminal.copy(url)   // or start a browser, or show it
///         return .handled
///     })
/// ```
public struct OpenURLAction: Sendable {
    /// What a handler did with the URL.
    public struct Result: Sendable, Equatable {
        enum Kind: Equatable { case handled, discarded, systemAction(String?) }
        let kind: Kind

        /// The handler opened the URL.
        public static let handled = Result(kind: .handled)
        /// The handler refused the URL.
        public static let discarded = Result(kind: .discarded)
        /// Leave the URL to the system: on a terminal, nothing is done.
        public static let systemAction = Result(kind: .systemAction(nil))
        /// Leave another URL to the system: on a terminal, nothing is done.
        public static func systemAction(_ url: String) -> Result { Result(kind: .systemAction(url)) }
    }

    let handler: @MainActor @Sendable (String) -> Result

    /// An action that calls `handler` with each URL to open.
    public init(handler: @escaping @MainActor @Sendable (String) -> Result) { self.handler = handler }

    /// Opens `url` (a `String`, or Foundation's `URL`, by its description);
    /// returns what the handler did.
    @MainActor
    @discardableResult
    public func callAsFunction<Destination: CustomStringConvertible>(_ url: Destination) -> Result {
        handler(url.description)
    }
}

private struct OpenURLKey: EnvironmentKey {
    static let defaultValue = OpenURLAction { _ in .systemAction }
}

extension EnvironmentValues {
    /// Opens a URL for ``Link`` and the views inside. The default leaves it
    /// to the terminal (does nothing); see ``OpenURLAction``.
    public var openURL: OpenURLAction {
        get { self[OpenURLKey.self] }
        set { self[OpenURLKey.self] = newValue }
    }
}
