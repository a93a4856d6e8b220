/// A `@ViewBuilder` block read as the list of views it stands for, each
/// with its tag: what a ``Picker`` reads its options from and an alert its
/// buttons from.
///
/// The views that only arrange others — blocks, `if`/`else`, optionals,
/// ``Group``, ``ForEach``, ``EmptyView`` — are opened up (they conform to
/// ``ViewListContent``); every other view is one element, modifiers and all.
/// A ``ForEach``'s elements are tagged with their id unless they carry a
/// `.tag` of their own (SwiftUI's implicit tag). A type-erased ``AnyView``
/// is one element: what it wraps is not opened.
///
/// This reads view values, not the graph: a control reads its content's
/// list when its body is evaluated and lays the elements out as it likes.
struct ViewList {
    /// One view of the list.
    struct Element {
        /// The view, type-erased, ready to be put in a body.
        var view: AnyView
        /// The view value itself, for a control that looks for a kind of
        /// view (an alert, for its ``Button``s).
        var value: Any
        /// Its `.tag`, else the id of the ``ForEach`` row it came from.
        var tag: AnyHashable?
    }

    private(set) var elements: [Element] = []
    /// A list's rows, when read for a ``List`` (``init(rowsOf:)``): the
    /// elements in runs, a ``ForEach``'s rows and an ``OutlineGroup``'s
    /// kept lazy, and a ``Section``'s header and footer as rows of their
    /// own. Nil for every other reader, whose ``elements`` hold everything.
    private(set) var runs: [ListRun]?

    /// The list `content` stands for.
    @MainActor
    init<Content: View>(_ content: Content) {
        append(content, implicitTag: nil)
    }

    /// The rows `content` stands for in a ``List``.
    @MainActor
    init<Content: View>(rowsOf content: Content) {
        runs = []
        append(content, implicitTag: nil)
    }

    /// Appends `view`'s elements; those with no tag of their own get `implicitTag`.
    @MainActor
    mutating func append<V: View>(_ view: V, implicitTag: AnyHashable?) {
        if let content = view as? any ViewListContent {
            content.appendElements(to: &self, implicitTag: implicitTag)
        } else {
            append(Element(view: AnyView(view), value: view, tag: implicitTag))
        }
    }

    /// Appends one element with an explicit tag.
    mutating func append(tagged view: AnyView, value: Any, tag: AnyHashable) {
        append(Element(view: view, value: value, tag: tag))
    }

    /// Appends `view` as one element, without opening it.
    @MainActor
    mutating func appendWhole<V: View>(_ view: V, implicitTag: AnyHashable?) {
        append(Element(view: AnyView(view), value: view, tag: implicitTag))
    }

    private mutating func append(_ element: Element) {
        if runs != nil {
            runs?.append(.element(element, .row))
        } else {
            elements.append(element)
        }
    }

    /// Appends a run of a list's rows (``init(rowsOf:)`` only).
    mutating func append(run: ListRun) {
        runs?.append(run)
    }

    /// Whether this is a list's rows, where a ``ForEach`` stays lazy.
    var readsRows: Bool { runs != nil }
}

/// A view that stands for several views (or none) in a ``ViewList``.
@MainActor
protocol ViewListContent {
    /// Appends the views this one stands for to `list`.
    func appendElements(to list: inout ViewList, implicitTag: AnyHashable?)
}

extension EmptyView: ViewListContent {
    func appendElements(to list: inout ViewList, implicitTag: AnyHashable?) {}
}

extension TupleView: ViewListContent {
    func appendElements(to list: inout ViewList, implicitTag: AnyHashable?) {
        for child in repeat each value { list.append(child, implicitTag: implicitTag) }
    }
}

extension TupleView2: ViewListContent {
    func appendElements(to list: inout ViewList, implicitTag: AnyHashable?) {
        list.append(v0, implicitTag: implicitTag)
        list.append(v1, implicitTag: implicitTag)
    }
}

extension TupleView3: ViewListContent {
    func appendElements(to list: inout ViewList, implicitTag: AnyHashable?) {
        list.append(v0, implicitTag: implicitTag)
        list.append(v1, implicitTag: implicitTag)
        list.append(v2, implicitTag: implicitTag)
    }
}

extension TupleView4: ViewListContent {
    func appendElements(to list: inout ViewList, implicitTag: AnyHashable?) {
        list.append(v0, implicitTag: implicitTag)
        list.append(v1, implicitTag: implicitTag)
        list.append(v2, implicitTag: implicitTag)
        list.append(v3, implicitTag: implicitTag)
    }
}

extension TupleView5: ViewListContent {
    func appendElements(to list: inout ViewList, implicitTag: AnyHashable?) {
        list.append(v0, implicitTag: implicitTag)
        list.append(v1, implicitTag: implicitTag)
        list.append(v2, implicitTag: implicitTag)
        list.append(v3, implicitTag: implicitTag)
        list.append(v4, implicitTag: implicitTag)
    }
}

extension TupleView6: ViewListContent {
    func appendElements(to list: inout ViewList, implicitTag: AnyHashable?) {
        list.append(v0, implicitTag: implicitTag)
        list.append(v1, implicitTag: implicitTag)
        list.append(v2, implicitTag: implicitTag)
        list.append(v3, implicitTag: implicitTag)
        list.append(v4, implicitTag: implicitTag)
        list.append(v5, implicitTag: implicitTag)
    }
}

extension ConditionalContent: ViewListContent {
    func appendElements(to list: inout ViewList, implicitTag: AnyHashable?) {
        switch storage {
        case .first(let v): list.append(v, implicitTag: implicitTag)
        case .second(let v): list.append(v, implicitTag: implicitTag)
        }
    }
}

extension Optional: ViewListContent where Wrapped: View {
    func appendElements(to list: inout ViewList, implicitTag: AnyHashable?) {
        if let v = self { list.append(v, implicitTag: implicitTag) }
    }
}

extension Group: ViewListContent {
    func appendElements(to list: inout ViewList, implicitTag: AnyHashable?) {
        list.append(content, implicitTag: implicitTag)
    }
}

extension ForEach: ViewListContent where Content: View {
    /// Each row's views, tagged with the row's id unless they have a tag.
    func appendElements(to list: inout ViewList, implicitTag: AnyHashable?) {
        guard list.readsRows else {
            for element in data { list.append(content(element), implicitTag: AnyHashable(id(element))) }
            return
        }
        // A list's rows: one run, each row read when it is shown. A row is
        // the element's view whole (tagged by its own `.tag`, else by its id).
        let data = self.data, id = self.id, content = self.content
        list.append(
            run: .lazy(count: data.count) { i in
                let element = data[data.index(data.startIndex, offsetBy: i)]
                let view = content(element)
                let tag = (view as? any TagCarrying)?.anyTag ?? AnyHashable(id(element))
                return ViewList.Element(view: AnyView(view), value: view, tag: tag)
            })
    }
}

/// A view with a tag: how a ``Picker`` tells its options apart.
public struct TaggedView<Content: View, Tag: Hashable>: PrimitiveView {
    public var content: Content
    public var tag: Tag

    public static func _makeBehavior() -> NodeBehavior { TransparentBehavior.shared }

    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        graph.reconcileOnlyChild(view.content, of: node)
    }
}

/// A view that carries a tag (``TaggedView``): a list row's selection value.
@MainActor
protocol TagCarrying {
    var anyTag: AnyHashable { get }
}

extension TaggedView: TagCarrying {
    var anyTag: AnyHashable { AnyHashable(tag) }
}

extension TaggedView: ViewListContent {
    /// One element, tagged: an explicit tag wins over a ``ForEach``'s id.
    func appendElements(to list: inout ViewList, implicitTag: AnyHashable?) {
        list.append(tagged: AnyView(self), value: self, tag: AnyHashable(tag))
    }
}

extension View {
    /// Tags this view with `tag`: in a ``Picker``'s content, the value the
    /// selection takes when this option is chosen. Its type must be the
    /// selection's type (or, for an optional selection, the wrapped type).
    ///
    /// ```swift
    /// Picker("Size", selection: $size) {
    ///     Text("Small").tag(Size.small)
    ///     Text("Large").tag(Size.large)
    /// }
    /// ```
    public consuming func tag<V: Hashable>(_ tag: V) -> TaggedView<Self, V> { TaggedView(content: self, tag: tag) }
}

// A tag only marks its content: the node keeps no value.
extension TaggedView { public static var _isStructural: Bool { true } }
