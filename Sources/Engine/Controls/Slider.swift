/// A value picked from a range: a bar with a knob, `━━━━━●──────────`.
///
/// ```swift
/// Slider(value: $volume, in: 0...10, step: 1) { editing in
///     isAdjusting = editing
/// }
/// ```
///
/// Focused, Left and Right (or `-` and `+`) move it by `step` — without
/// one, by a twentieth of the range — and Home and End to the ends. With
/// the mouse, a press on the bar puts the knob under the pointer and the
/// drag that follows moves it (past the ends, it stays at the end), in
/// steps of `step` when given; `onEditingChanged` is called with `true`
/// on the press and `false` on the release, as SwiftUI's slider does
/// around a drag. The part up to the knob is drawn in the tint; the knob
/// takes the focus colours when focused. It is as wide as it is offered
/// (ideally 20 cells), one row high.
public struct Slider<V: BinaryFloatingPoint>: View where V.Stride: BinaryFloatingPoint {
    var value: Binding<V>
    var bounds: ClosedRange<V>
    var step: V.Stride?
    var onEditingChanged: (Bool) -> Void

    /// A slider over `bounds` (by default 0…1), moving by `step` when given;
    /// `onEditingChanged` hears `true` when a mouse drag begins and `false`
    /// when it ends.
    public init(value: Binding<V>, in bounds: ClosedRange<V> = 0...1, step: V.Stride? = nil,
                onEditingChanged: @escaping (Bool) -> Void = { _ in }) {
        self.value = value
        self.bounds = bounds
        self.step = step
        self.onEditingChanged = onEditingChanged
    }

    /// The value at `fraction` of the way along `bounds`, on a step when
    /// there is one (counted from the lower bound), within the bounds.
    static func value(at fraction: Double, in bounds: ClosedRange<V>, step: V.Stride?) -> V {
        let span = bounds.upperBound - bounds.lowerBound
        var v = bounds.lowerBound + V(Swift.min(Swift.max(fraction, 0), 1)) * span
        if let step, step > 0 {
            let steps = ((v - bounds.lowerBound) / V(step)).rounded()
            v = bounds.lowerBound + steps * V(step)
        }
        return Swift.min(Swift.max(v, bounds.lowerBound), bounds.upperBound)
    }

    public var body: some View {
        let value = self.value, bounds = self.bounds, step = self.step
        let span = bounds.upperBound - bounds.lowerBound
        let delta: V = step.map { V($0) } ?? span / 20
        let fraction = span > 0 ? Double((value.wrappedValue - bounds.lowerBound) / span) : 0
        func set(_ v: V) { value.wrappedValue = Swift.min(Swift.max(v, bounds.lowerBound), bounds.upperBound) }
        let track = SliderTrack(
            set: { fraction in
                let v = Slider.value(at: fraction, in: bounds, step: step)
                if v != value.wrappedValue { value.wrappedValue = v }
            },
            editingChanged: onEditingChanged)
        return SliderFace(fraction: Swift.min(Swift.max(fraction, 0), 1), track: track)
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

/// What the bar does with the mouse: set the value at a fraction of the
/// way along, and tell the app when a drag begins and ends.
struct SliderTrack {
    var set: (Double) -> Void
    var editingChanged: (Bool) -> Void
}

/// The slider's look: its colours from the environment, the bar a leaf.
struct SliderFace: View {
    var fraction: Double
    var track: SliderTrack
    @Environment(\.isFocused) private var isFocused
    @Environment(\.theme) private var theme

    var body: some View {
        SliderBar(fraction: fraction, tint: theme.tint,
                  knob: isFocused ? Style(foreground: theme.focusForeground, background: theme.focusBackground)
                      : Style(foreground: theme.tint), track: track)
    }
}

/// `━━━━●────`: the filled part, the knob, the rest. It takes the mouse:
/// a press on it and the drag that follows set the value.
struct SliderBar: PrimitiveView, Equatable {
    var fraction: Double
    var tint: Color
    var knob: Style
    /// What the mouse does; not part of the look.
    var track: SliderTrack?

    static func _makeBehavior() -> NodeBehavior { SliderBarBehavior() }

    static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        let b = unsafeDowncast(node.behavior, to: SliderBarBehavior.self)
        b.track = view.track
        b.isEnabled = graph.environmentValue(EnvironmentPaths.isEnabled, at: node)
        if !b.isRegistered {
            b.isRegistered = true
            graph.register(node, for: .tap)
        }
        guard b.bar != view else { return }
        b.bar = view
        graph.markNeedsPaint(node)
    }

    /// Equal when they look the same.
    nonisolated static func == (a: Self, b: Self) -> Bool {
        a.fraction == b.fraction && a.tint == b.tint && a.knob == b.knob
    }
}

final class SliderBarBehavior: NodeBehavior, PointerTracking {
    var bar = SliderBar(fraction: 0, tint: .default, knob: .plain, track: nil)
    var track: SliderTrack?
    var isEnabled = true
    var isRegistered = false
    /// A press on the bar started a drag that has not ended.
    var isTrackingPointer = false
    init() { super.init(transparent: false) }

    /// A press sets the value under the pointer and starts a drag (the app
    /// hears `true`), each drag sets it again, the release ends the drag
    /// (the app hears `false`).
    func trackPointer(_ event: MouseEvent, frame: Rect) -> Bool {
        guard let track else { return false }
        func fraction() -> Double {
            frame.width > 1 ? Double(event.column - frame.x) / Double(frame.width - 1) : 0
        }
        switch event.kind {
        case .press where event.button == .left:
            guard isEnabled, !isTrackingPointer else { return false }
            isTrackingPointer = true
            track.editingChanged(true)
            track.set(fraction())
            return true
        case .drag:
            guard isTrackingPointer else { return false }
            track.set(fraction())
            return true
        case .release:
            guard isTrackingPointer else { return false }
            isTrackingPointer = false
            track.editingChanged(false)
            return true
        default:
            return false
        }
    }

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

    override func paintIsRowUniform(_ node: ViewNode, visible: Rect, over region: Rect, painted part: Rect) -> Bool { false }

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
