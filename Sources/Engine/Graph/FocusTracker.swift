/// Which node has keyboard focus, where the focused text field's caret is,
/// the focus order while nothing that could change it happened, and
/// whether focus must catch up with `@FocusState` bindings.
///
/// The graph keeps one; its focus logic (``ViewGraph/focus(_:)``, the
/// order, routing; `Graph/ViewGraph+Focus.swift`) calls this API, and
/// nothing writes its fields.
///
/// Invariants: ``cachedOrder`` is `nil` after anything that may change the
/// order (nodes made or detached, a focusable changed, a modal presented
/// or dismissed, a layout when focus sections group the order) until it is
/// computed again, and is checked against ``cachedBounds`` after any other
/// layout;
/// ``bindingsChanged`` implies ``hasBindings``.
struct FocusTracker {
    /// The node with keyboard focus (it may have left the tree since).
    private(set) var focused: ViewNode?
    /// The focused text field's insertion point (canvas cells).
    private(set) var caret: (x: Int, y: Int)?
    /// The focus order, while nothing that could change it has happened.
    private(set) var cachedOrder: [ViewNode]?
    /// The bounds of each focusable ``cachedOrder`` was sorted by (those
    /// left out for having no cells too): after a layout the order stands
    /// while every one of them is where it was. `nil` when two shared a
    /// cell (tree order broke the tie, and a layout may have reordered
    /// the tree).
    private(set) var cachedBounds: [(node: ViewNode, bounds: Rect)]?
    /// A frame laid something out since ``cachedOrder`` was found: its
    /// ``cachedBounds`` are to be checked before it is used.
    private(set) var orderNeedsBoundsCheck = false
    /// Some focusable view is tied to a `@FocusState`.
    private(set) var hasBindings = false
    /// A focus binding was (re)made: focus follows the bindings after the frame.
    private(set) var bindingsChanged = false
    /// State was written since focus last followed the bindings (a
    /// `@FocusState` among it, perhaps): the next event syncs first.
    private(set) var stateWrittenSinceSync = false
    /// Default focus is to be evaluated when something can take focus (no
    /// screen has had it yet, a modal was presented, the focused view left).
    private(set) var defaultFocusPending = true
    /// Some ``FocusSectionView`` was made: the order groups by sections.
    private(set) var hasSections = false
    /// Where focus goes after the frame (``requestFocus(_:)``): `.some(nil)`
    /// asks for the default focus.
    private(set) var focusRequest: ViewNode??
    /// Where the default focus is looked for first, when it is next
    /// evaluated (the screen a navigation stack pushed).
    private(set) var defaultFocusScope: ViewNode?

    /// `node` has focus now (`nil`: nothing); the caret goes with the old
    /// field (the newly focused field puts it back when it paints).
    mutating func setFocused(_ node: ViewNode?) {
        focused = node
        caret = nil
    }

    /// The focused node left the tree or can no longer take focus: nothing
    /// has focus (the caret stays until a frame paints without it).
    mutating func dropFocused() { focused = nil }

    /// The focused text field painted its insertion point at `caret`.
    mutating func setCaret(_ caret: (x: Int, y: Int)?) { self.caret = caret }

    /// Keeps `order`, sorted by `bounds`, until something may change it.
    mutating func cacheOrder(_ order: [ViewNode], bounds: [(node: ViewNode, bounds: Rect)]?) {
        cachedOrder = order
        cachedBounds = bounds
        orderNeedsBoundsCheck = false
    }

    /// Something that may change the focus order happened.
    mutating func invalidateOrder() {
        cachedOrder = nil
        cachedBounds = nil
        orderNeedsBoundsCheck = false
    }

    /// A frame laid something out: the order stands if no focusable moved.
    mutating func layoutChanged() {
        if cachedOrder != nil { orderNeedsBoundsCheck = true }
    }

    /// The focusables were where ``cachedBounds`` says.
    mutating func boundsChecked() { orderNeedsBoundsCheck = false }

    /// A focusable view tied to a `@FocusState` was evaluated.
    mutating func bindingMade() {
        hasBindings = true
        bindingsChanged = true
    }

    /// A screen appeared (or focus was lost without the app's asking):
    /// default focus is evaluated when something can take it.
    mutating func needDefaultFocus() { defaultFocusPending = true }

    /// Default focus was evaluated for the views on screen.
    mutating func defaultFocusEvaluated() { defaultFocusPending = false }

    /// After the frame, focus goes to `node` if it can take it, else (and
    /// for `nil`) to the default focus.
    mutating func requestFocus(_ node: ViewNode?) { focusRequest = .some(node) }

    /// The next default focus is looked for inside `scope` first.
    mutating func scopeDefaultFocus(_ scope: ViewNode?) { defaultFocusScope = scope }

    /// The scope set for the default focus, if any; clears it.
    mutating func takeDefaultFocusScope() -> ViewNode? {
        defer { defaultFocusScope = nil }
        return defaultFocusScope
    }

    /// The focus request made since the last call, if any; clears it.
    mutating func takeFocusRequest() -> ViewNode?? {
        defer { focusRequest = nil }
        return focusRequest
    }

    /// A focus section was made.
    mutating func sectionMade() { hasSections = true }

    /// Some `@State` was written.
    mutating func stateWritten() { stateWrittenSinceSync = true }

    /// Focus must follow the bindings before the next event: state was
    /// written and some view has a binding. Marks the bindings changed.
    mutating func needsSyncBeforeEvent() -> Bool {
        guard stateWrittenSinceSync && hasBindings else { return false }
        bindingsChanged = true
        return true
    }

    /// Focus is following the bindings now: state written from here on
    /// is news to the next sync.
    @inline(__always)
    mutating func beginSync() { stateWrittenSinceSync = false }

    /// Whether a binding was made or asked for since the last time (then
    /// focus follows the bindings); clears the mark.
    @inline(__always)
    mutating func takeBindingsChanged() -> Bool {
        guard bindingsChanged else { return false }
        bindingsChanged = false
        return true
    }
}
