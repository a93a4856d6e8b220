/// What is presented over the app: the modals in the tree (innermost
/// last) with where focus was before each, and the sheets their
/// presenters asked for, in order of presentation.
///
/// The graph keeps one; presenters reach it through the graph
/// (`Graph/ViewGraph+Presentation.swift`), and nothing writes its fields.
///
/// It also keeps the screens a ``NavigationStack`` covers with the one
/// pushed over them: they stay in the tree (their state lives on) but take
/// no focus, keys or clicks.
///
/// Invariants: `focusBeforeModal` has one entry per modal; each presenter
/// has at most one sheet; `coveredNodes` holds exactly the nodes listed in
/// `coveredByHost`.
struct PresentationStack {
    /// A sheet a presenter asked for.
    struct Sheet {
        /// The presenter's node (its identifier keys the sheet's identity).
        var owner: ObjectIdentifier
        var presenter: ViewNode
        var view: AnyView
    }

    /// Presented modals, innermost last (some may have left the tree since).
    private(set) var modals: [ViewNode] = []
    private var focusBeforeModal: [ViewNode?] = []
    /// For each modal: which of its controls takes focus when it appears
    /// (given its focus order), unless a `.defaultFocus` inside says.
    private var initialFocus: [([ViewNode]) -> ViewNode?] = []
    /// The sheets presented, in order of presentation.
    private(set) var sheets: [Sheet] = []
    /// The sheets changed since the frame last put them in the tree.
    private(set) var sheetsChanged = false

    /// The screens each navigation host covers, by host.
    private var coveredByHost: [ObjectIdentifier: [ViewNode]] = [:]
    /// Every covered screen, for the walk up from a node (``isCovered(_:)``).
    private(set) var coveredNodes: Set<ObjectIdentifier> = []

    /// Whether `modal` is on the stack.
    func contains(modal: ViewNode) -> Bool { modals.contains { $0 === modal } }

    /// Pushes `modal`, remembering that `focus` had focus before it and
    /// how it picks its first focused control.
    mutating func push(modal: ViewNode, focusBefore focus: ViewNode?,
                       initialFocus pick: @escaping ([ViewNode]) -> ViewNode?) {
        modals.append(modal)
        focusBeforeModal.append(focus)
        initialFocus.append(pick)
    }

    /// Pops the innermost modal; returns where focus was before it.
    mutating func popModal() -> ViewNode? {
        modals.removeLast()
        initialFocus.removeLast()
        return focusBeforeModal.popLast() ?? nil
    }

    /// How the innermost modal picks its first focused control from its
    /// focus order (nil with no modal).
    var innermostInitialFocus: (([ViewNode]) -> ViewNode?)? { initialFocus.last }

    /// The presenter `owner` shows `view` (a new sheet goes on top; an
    /// existing one keeps its place).
    mutating func present(_ view: AnyView, owner presenter: ViewNode) {
        let owner = ObjectIdentifier(presenter)
        if let index = sheets.firstIndex(where: { $0.owner == owner }) {
            sheets[index].view = view
        } else {
            sheets.append(Sheet(owner: owner, presenter: presenter, view: view))
        }
        sheetsChanged = true
    }

    /// The presenter no longer shows a sheet.
    mutating func dismiss(owner presenter: ViewNode) {
        let owner = ObjectIdentifier(presenter)
        guard let index = sheets.firstIndex(where: { $0.owner == owner }) else { return }
        sheets.remove(at: index)
        sheetsChanged = true
    }

    /// Sheets whose presenter `isLive` rejects go with it.
    mutating func dropSheets(isLive: (ViewNode) -> Bool) {
        let before = sheets.count
        sheets.removeAll { !isLive($0.presenter) }
        if sheets.count != before { sheetsChanged = true }
    }

    /// The sheets to put in the tree when they changed since the last
    /// call, else `nil`.
    mutating func takeChangedSheets() -> [Sheet]? {
        guard sheetsChanged else { return nil }
        sheetsChanged = false
        return sheets
    }

    /// The navigation host `host` now covers exactly `screens`; returns
    /// whether that changed anything.
    mutating func setCovered(_ screens: [ViewNode], by host: ViewNode) -> Bool {
        let key = ObjectIdentifier(host)
        let old = coveredByHost[key] ?? []
        guard old.count != screens.count || zip(old, screens).contains(where: { $0 !== $1 }) else { return false }
        for node in old { coveredNodes.remove(ObjectIdentifier(node)) }
        for node in screens { coveredNodes.insert(ObjectIdentifier(node)) }
        coveredByHost[key] = screens.isEmpty ? nil : screens
        return true
    }

    /// Hosts that left the tree uncover their screens.
    mutating func dropCovered(isLive: (ViewNode) -> Bool) {
        guard !coveredByHost.isEmpty else { return }
        for (key, screens) in coveredByHost where screens.contains(where: { !isLive($0) }) {
            let kept = screens.filter(isLive)
            for node in screens where !isLive(node) { coveredNodes.remove(ObjectIdentifier(node)) }
            coveredByHost[key] = kept.isEmpty ? nil : kept
        }
    }
}
