/// Views computed from a collection, each identified by an id: a row keeps
/// its node (and state) when others are inserted, removed or moved.
///
/// ```swift
/// ForEach(tasks) { task in Row(task: task) }           // Identifiable
/// ForEach(names, id: \.self) { Text($0) }
/// ForEach(0..<10) { i in Text("row \(i)") }
/// ```
public struct ForEach<Data: RandomAccessCollection, ID: Hashable & Sendable, Content: View>: PrimitiveView {
    public var data: Data
    let id: (Data.Element) -> ID
    public var content: (Data.Element) -> Content

    /// Views for `data`, identified by the key path `id`.
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
        nonisolated(unsafe) let path = id
        self.id = { $0[keyPath: path] }
        self.content = content
    }

    public static func _makeBehavior() -> NodeBehavior { ForEachBehavior() }

    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        reconcile(view.data, id: view.id, content: view.content, node: node, graph: graph)
    }

    /// Reconciles `node`'s children with the rows of `data`, reusing nodes by id.
    static func reconcile<C: Collection>(_ data: C, id: (Data.Element) -> ID, content: (Data.Element) -> Content,
                                         node: ViewNode, graph: ViewGraph) where C.Element == Data.Element {
        let behavior = unsafeDowncast(node.behavior, to: ForEachBehavior.self)
        var spare = behavior.spare
        behavior.spare = [:]
        spare.removeAll(keepingCapacity: true)
        var reordered = false
        var index = 0
        for element in data {
            let key = ExplicitID(id(element))
            let row = content(element)
            let child: ViewNode
            if let existing = node.keyedChildren[key], existing.viewType == ObjectIdentifier(Content.self),
               spare[key] == nil {
                child = existing
                graph.update(child, with: row)
                node.keyedChildren[key] = nil
            } else {
                child = graph.makeNode(for: row, parent: node, discriminator: .explicit(key))
                graph.update(child, with: row, isNew: true)
                reordered = true
            }
            spare[key] = child
            if index < node.children.count {
                if node.children[index] !== child { node.children[index] = child; reordered = true }
            } else {
                node.children.append(child)
                reordered = true
            }
            index += 1
        }
        if node.children.count > index { node.children.removeSubrange(index...); reordered = true }
        // What is left of the old map disappeared from the data.
        for (_, gone) in node.keyedChildren { graph.detach(gone); reordered = true }
        behavior.spare = node.keyedChildren
        node.keyedChildren = spare
        if reordered { graph.structureChanged(node) }
    }
}

final class ForEachBehavior: NodeBehavior {
    init() { super.init(transparent: true) }
    /// The previous frame's map, kept to reuse its storage.
    var spare: [ExplicitID: ViewNode] = [:]
}

extension ForEach where Data.Element: Identifiable, ID == Data.Element.ID, ID: Sendable {
    /// Views for `Identifiable` data.
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.init(data, id: \.id, content: content)
    }
}

extension ForEach where Data == Range<Int>, ID == Int {
    /// Views for a range of integers, each identified by its integer.
    public init(_ range: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {
        self.init(range, id: \.self, content: content)
    }
}
