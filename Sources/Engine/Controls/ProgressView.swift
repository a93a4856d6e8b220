/// Progress: a bar filled to `value / total` with eighth-of-a-cell
/// precision (block elements), or — with no value — a spinner driven by
/// the graph's clock.
///
/// ```swift
/// ProgressView(value: 0.42)               // ████████▍
/// ProgressView("Copying", value: 3, total: 8)
/// ProgressView()                          // ⠋ ⠙ ⠹ … every 80 ms
/// ```
///
/// The bar takes the width it is offered (at least 1 cell; ideal 20).
public struct ProgressView: View {
    var label: String?
    var fraction: Double?

    /// A determinate bar; `value` is clamped to 0…`total`.
    public init(_ label: String? = nil, value: Double, total: Double = 1) {
        self.label = label
        fraction = total > 0 && value.isFinite && total.isFinite ? min(max(value / total, 0), 1) : 0
    }

    /// An indeterminate spinner.
    public init(_ label: String? = nil) {
        self.label = label
        fraction = nil
    }

    /// A bar as text, `width` cells filled to `fraction` in eighths of a
    /// cell — the same bar, for places that take text (a ``Table`` cell).
    public static func bar(_ fraction: Double, width: Int) -> String {
        ProgressBar.text(fraction.isFinite ? min(max(fraction, 0), 1) : 0, width: width)
    }

    public var body: some View {
        HStack(spacing: 1) {
            if let label { Text(label) }
            if let fraction {
                ProgressBar(fraction: fraction)
                Text("\(Int((fraction * 100).rounded(.down)))%").frame(width: 4, alignment: .trailing)
            } else {
                TimelineView(.periodic(by: .milliseconds(80))) { context in
                    Spinner(frame: context.tick)
                }
            }
        }
    }
}

/// The bar itself: full blocks, one partial block in eighths, then track.
struct ProgressBar: PrimitiveView, Equatable {
    var fraction: Double

    static let eighths: [Character] = [" ", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]

    public static func _makeBehavior() -> NodeBehavior { ProgressBarBehavior() }

    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        let b = unsafeDowncast(node.behavior, to: ProgressBarBehavior.self)
        if b.fraction != view.fraction {
            b.fraction = view.fraction
            b.tint = graph.environmentValue(EnvironmentPaths.theme, at: node).tint
            graph.markNeedsPaint(node)
        }
    }

    /// The bar's text at `width` cells.
    static func text(_ fraction: Double, width: Int) -> String {
        let width = max(width, 0)
        let units = Int((fraction * Double(width * 8)).rounded(.down))
        var s = String(repeating: "█", count: units / 8)
        if units % 8 > 0 { s.append(eighths[units % 8]) }
        let used = units / 8 + (units % 8 > 0 ? 1 : 0)
        s += String(repeating: "·", count: max(0, width - used))
        return s
    }
}

final class ProgressBarBehavior: NodeBehavior {
    var fraction = -1.0
    var tint = Color.cyan
    init() { super.init(transparent: false) }

    override func sizeThatFits(_ proposal: ProposedSize, node: ViewNode, graph: ViewGraph) -> Size {
        let w = proposal.width.map { $0 == .max ? 20 : max(1, $0) } ?? 20
        return Size(width: w, height: 1)
    }

    override func placeChildren(of node: ViewNode, in rect: Rect, graph: ViewGraph) {}

    override func paintIsRowUniform(_ node: ViewNode, visible: Rect, over region: Rect, painted part: Rect) -> Bool { false }

    override func paint(_ node: ViewNode, into canvas: CellBuffer, clip: Rect, inherited: Style) {
        let background = inherited.background
        let r = node.frame.intersection(clip)
        guard r.width > 0, r.height > 0 else { return }
        let text = ProgressBar.text(max(fraction, 0), width: node.frame.width)
        let style = canvas.styles.transientID(for: Style(foreground: tint, background: background))
        canvas.write(text, x: node.frame.x, y: node.frame.y, style: style, clip: r)
    }
}

struct Spinner: View, Equatable {
    var frame: Int
    static let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
    var body: some View { Text(Spinner.frames[frame % Spinner.frames.count]) }
}
