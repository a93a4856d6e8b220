/// A piece of user interface, described as a value.
///
/// Write views the way you would in SwiftUI: a struct with a `body` built by
/// ``ViewBuilder``. The engine keeps one persistent node per structural
/// identity; a view whose new value equals its last one (`Equatable` when
/// it conforms, bitwise for plain data) and whose state did not change is
/// skipped — no `body`, no layout, no paint.
///
/// ```swift
/// struct Greeting: View {
///     var name: String
///     var body: some View {
///         VStack(alignment: .leading) {
///             Text("Hello, \(name)").bold()
///             Divider()
///         }
///     }
/// }
/// ```
@MainActor
public protocol View {
    /// The view this one is made of.
    associatedtype Body: View
    /// The content of this view. Primitive views have `Never` as their body.
    @ViewBuilder var body: Body { get }

    /// Engine hook: the behaviour a new node of this type gets. Composite
    /// views are transparent; primitives return their layout and paint.
    static func _makeBehavior() -> NodeBehavior
    /// Engine hook: brings `node`'s children and behaviour up to date with
    /// `view`. The default evaluates `body` and reconciles it as the only child.
    static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph)
    /// Engine hook: whether `a` and `b` show the same thing, so a node
    /// holding `a` offered `b` skips its body, layout and paint; `nil` when
    /// the type does not say (the default), and the engine compares the
    /// bytes of plain data or uses an `Equatable` conformance found at run
    /// time (a conditional one, or one declared apart from `View`'s). An
    /// `Equatable` view's is its `==`, called directly (no copy, no cast, no
    /// metadata lookup).
    static func _isSame(_ a: Self, _ b: Self) -> Bool?
    /// Engine hook: the type is one of the engine's views that only arrange
    /// others (stacks, tuples, conditionals, `ForEach`, layout modifiers),
    /// which own no state, read no environment and are never marked dirty,
    /// so their nodes need not keep their last value unless the type can
    /// compare equal. Only for views whose `_reconcile` never reads the
    /// environment, state or models. `false` (the default) for every other
    /// view. A requirement, not a marker protocol: asking
    /// whether a type conforms to a protocol scans every conformance record
    /// of the process the first time, for each view type.
    static var _isStructural: Bool { get }
    /// Engine hook: whether a structural view (``_isStructural``) can
    /// compare equal, so its nodes keep their last value. `false` (the
    /// default): a structural view that can says so (an optional of an
    /// `Equatable` view does). Not asked at run time: a conformance check
    /// scans every conformance record of the process, once per type
    /// (~180,000 instructions at start-up for each stack or tuple type an
    /// app builds). Asked only of views whose ``_isStructural`` is true.
    static var _structuralIsEquatable: Bool { get }
}

extension View {
    public static func _makeBehavior() -> NodeBehavior { TransparentBehavior.shared }

    public static var _isStructural: Bool { false }

    public static var _structuralIsEquatable: Bool { false }

    @inline(__always)
    public static func _isSame(_ a: Self, _ b: Self) -> Bool? { nil }

    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        // ``ViewGraph/reconcileComposite(_:node:body:)`` with `body` itself,
        // written out: through that function's closure the view would be
        // copied for every evaluation (a composite view with state was ~130
        // instructions slower to evaluate in `state-churn`).
        guard node.withInfo({ !$0.properties.fields.isEmpty }) else {
            graph.reconcileBody(graph.observing(node) { view.body }, of: node)
            return
        }
        var bound = view
        graph.bind(&bound, layout: node.info.properties, node: node)
        graph.reconcileBody(graph.observing(node) { bound.body }, of: node)
    }
}

extension ViewGraph {
    /// What a composite view's reconcile does: binds the view's dynamic
    /// properties at `node`, evaluates `body(view)` under observation and
    /// reconciles it as the node's only child.
    ///
    /// Reading an @Observable model's property in the body makes this node
    /// depend on it, as in SwiftUI: wherever the model comes from (stored in
    /// the view, the environment, a global), a change marks only this node
    /// dirty.
    ///
    /// The engine's own composite views call it with a body of a concrete
    /// type (see ``List``): an opaque `some View` body of a view in this
    /// module is opaque to an app's module too, so code specialised there
    /// for the app's view types stops at it and everything below runs
    /// unspecialised (generic metadata looked up per row, copies and `==`
    /// through value witnesses).
    @inline(__always)
    func reconcileComposite<V: View, B: View>(_ view: V, node: ViewNode, body: (V) -> B) {
        guard node.withInfo({ !$0.properties.fields.isEmpty }) else {
            reconcileBody(observing(node) { body(view) }, of: node)
            return
        }
        // Connect @State (and other dynamic properties) at this node
        // before the body reads them.
        var bound = view
        bind(&bound, layout: node.info.properties, node: node)
        reconcileBody(observing(node) { body(bound) }, of: node)
    }
}

/// A view with no body of its own: the engine implements it.
public protocol PrimitiveView: View where Body == Never {}

extension PrimitiveView {
    public var body: Never { fatalError("\(Self.self) is a primitive view; it has no body") }
}

extension Never: View {
    public typealias Body = Never
    public var body: Never { fatalError("Never has no body") }
}

extension View where Self: Equatable {
    /// An `Equatable` view is the same when `==` says so (plain data is
    /// compared by its bytes first).
    @inline(__always)
    public static func _isSame(_ a: Self, _ b: Self) -> Bool? {
        (_isPOD(Self.self) && sameBytes(a, b)) || a == b
    }
}
