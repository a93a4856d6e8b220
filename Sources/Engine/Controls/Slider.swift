/// A value picked from a range: a bar with a knob, `━━━━━●──────────`.
///
/// ```swift
/// Slider(value: $volume, in: 0...10, step: 1)
/// ```
///
/// Focused, Left and Right (or `-` and `+`) move it by `step` — without
/// one, by a twentieth of the range — and Home and End to the ends. The
/// part up to the knob is drawn in the tint; the knob takes the focus
/// colours when focused. It is as wide as it is offered (ideally 20
/// cells), one row high. Dragging with the mouse is not supported yet.
public struct Slider<V: BinaryFloatingPoint>: View where V.Stride: BinaryFloatingPoint {
    var value: Binding<V>
    var bounds: ClosedRange<V>
    var step: V.Stride?

    /// A slider over `bounds` (by default 0…1), moving by `step` when given.
    public init(value: Binding<V>, in bounds: ClosedRange<V> = 0...1, step: V.Stride? = nil) {
        self.value = value
        self.bounds = bounds
        self.step = step
    }

    public var body: some View {
        let value = self.value, bounds = self.bounds
        let span = bounds.upperBound - bounds.lowerBound
        let delta: V = step.map { V($0) } ?? span / 20
        let fraction = span > 0 ? Double((value.wrappedValue - bounds.lowerBound) / span) : 0
        func set(_ v: V) { value.wrappedValue = Swift.min(Swift.max(v, bounds.lowerBound), bounds.upperBound) }
        return SliderFace(fraction: Swift.min(Swift.max(fraction, 0), 1))
            .focusable()
            .onFocusedKey { press in
                guard press.phase != .up, press.modifiers.isDisjoint(with: [.control, .option, .command])
                else { return .ignored }
                switch press.key {
                case .right, "+": set(value.wrappedValue + delta)
                case .left, "-": set(value.wrappedValue - delta)
                case .home: set(bounds.lowerBound)
                case .end: set(bounds.upperBound)
                default: return .ignored
                }
                return .handled
            }
    }
}

/// The slider's look: its colours from the environment, the bar a leaf.
struct SliderFace: View {
    var fraction: Double
    @Environment(\.isFocused) private var isFocused
    @Environment(\.theme) private var theme

    var body: some View {
        SliderBar(fraction: fraction, tint: theme.tint,
                  knob: isFocused ? Style(foreground: theme.focusForeground, background: theme.focusBackground)
                      : Style(foreground: theme.tint))
    }
}

/// `━━━━●────`: the filled part, the knob, the rest.
struct SliderBar: PrimitiveView, Equatable {
    var fraction: Double
    var tint: Color
    var knob: Style

    static func _makeBehavior() -> NodeBehavior { SliderBarBehavior() }

    static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        let b = unsafeDowncast(node.behavior, to: SliderBarBehavior.self)
        guard b.bar != view else { return }
        b.bar = view
        graph.markNeedsPaint(node)
    }
}

final class SliderBarBehavior: NodeBehavior {
    var bar = SliderBar(fraction: 0, tint: .default, knob: .plain)
    init() { super.init(transparent: false) }

    override func sizeThatFits(_ proposal: ProposedSize, node: ViewNode, graph: ViewGraph) -> Size {
        let width: Int
        if let w = proposal.width, w != .max { width = Swift.max(w, 1) } else { width = 20 }
        return Size(width: width, height: 1)
    }

    override func placeChildren(of node: ViewNode, in rect: Rect, graph: ViewGraph) {}

    /// The knob's column in a bar `width` wide.
    static func knob(_ fraction: Double, width: Int) -> Int {
        Swift.min(Swift.max(Int((fraction * Double(width - 1)).rounded()), 0), Swift.max(width - 1, 0))
    }

    override func paint(_ node: ViewNode, into canvas: CellBuffer, clip: Rect, inherited: Style) {
        let f = node.frame
        guard f.width > 0, f.height > 0 else { return }
        let k = SliderBarBehavior.knob(bar.fraction, width: f.width)
        var filled = inherited
        filled.foreground = bar.tint
        var knob = bar.knob
        if knob.background == .default { knob.background = inherited.background }
        canvas.write(String(repeating: "━", count: k), x: f.x, y: f.y, style: canvas.styles.transientID(for: filled),
                     clip: clip)
        canvas.write("●", x: f.x + k, y: f.y, style: canvas.styles.transientID(for: knob), clip: clip)
        canvas.write(String(repeating: "─", count: f.width - k - 1), x: f.x + k + 1, y: f.y,
                     style: canvas.styles.transientID(for: inherited), clip: clip)
    }
}
