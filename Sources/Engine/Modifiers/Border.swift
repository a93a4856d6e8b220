/// The characters a border is drawn with.
public struct BorderStyle: Equatable, Sendable {
    public var topLeft: UInt32, top: UInt32, topRight: UInt32
    public var left: UInt32, right: UInt32
    public var bottomLeft: UInt32, bottom: UInt32, bottomRight: UInt32

    /// ┌─┐ │ └─┘
    public static let single = BorderStyle(topLeft: 0x250C, top: 0x2500, topRight: 0x2510, left: 0x2502, right: 0x2502,
                                           bottomLeft: 0x2514, bottom: 0x2500, bottomRight: 0x2518)
    /// ╭─╮ │ ╰─╯
    public static let rounded = BorderStyle(topLeft: 0x256D, top: 0x2500, topRight: 0x256E, left: 0x2502, right: 0x2502,
                                            bottomLeft: 0x2570, bottom: 0x2500, bottomRight: 0x256F)
    /// ╔═╗ ║ ╚═╝
    public static let double = BorderStyle(topLeft: 0x2554, top: 0x2550, topRight: 0x2557, left: 0x2551, right: 0x2551,
                                           bottomLeft: 0x255A, bottom: 0x2550, bottomRight: 0x255D)
    /// ┏━┓ ┃ ┗━┛
    public static let heavy = BorderStyle(topLeft: 0x250F, top: 0x2501, topRight: 0x2513, left: 0x2503, right: 0x2503,
                                          bottomLeft: 0x2517, bottom: 0x2501, bottomRight: 0x251B)
    /// +-+ | +-+
    public static let ascii = BorderStyle(topLeft: 0x2B, top: 0x2D, topRight: 0x2B, left: 0x7C, right: 0x7C,
                                          bottomLeft: 0x2B, bottom: 0x2D, bottomRight: 0x2B)
}

/// Draws a one-cell border around its content.
extension BorderStyle {
    /// Every piece a one-column, printable scalar: a control shows as its
    /// picture (as in `Text`), anything else that is not one column wide on
    /// its own (a wide, zero-width or invalid scalar) as U+FFFD.
    var sanitized: BorderStyle {
        func piece(_ v: UInt32) -> UInt32 {
            if let picture = TextSegmenter.replacement(forControl: v) { return picture }
            guard v <= 0x10FFFF, !(0xD800...0xDFFF).contains(v), GraphemeWidth.scalarWidth(v) == 1 else { return 0xFFFD }
            return v
        }
        return BorderStyle(topLeft: piece(topLeft), top: piece(top), topRight: piece(topRight), left: piece(left),
                           right: piece(right), bottomLeft: piece(bottomLeft), bottom: piece(bottom),
                           bottomRight: piece(bottomRight))
    }
}

/// A view with a one-cell border around it (see ``View/border(_:style:)``).
public struct BorderView<Content: View>: SingleContentView {
    /// The characters the border is drawn with.
    public var borderStyle: BorderStyle
    /// The border's colours and attributes; where it sets none, the border
    /// takes what enclosing views pass down (`.foregroundStyle`, a background).
    public var style: Style
    public var content: Content

    static func makeBehavior() -> BorderBehavior { BorderBehavior() }
    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        reconcile(view, content: view.content, node: node, graph: graph)
    }
    func configure(_ b: BorderBehavior, graph: ViewGraph, node: ViewNode) {
        graph.set(borderStyle.sanitized, &b.border, node: node)
        // A colour changes the paint, never the size.
        let drawn = graph.resolvingRoles(style, at: node)
        graph.setPaint(graph.canvas.styles.transientID(for: drawn), &b.style, node: node)
    }
}

final class BorderBehavior: NodeBehavior {
    var border = BorderStyle.single
    var style: StyleID = 0

    override func forEachStyleID(_ body: (StyleID) -> Void) { body(style) }

    override func sizeThatFits(_ proposal: ProposedSize, node: ViewNode, graph: ViewGraph) -> Size {
        let inner = ProposedSize(width: proposal.width.map { saturatingSubtract($0, 2) },
                                 height: proposal.height.map { saturatingSubtract($0, 2) })
        let s = ContentLayout.size(node, inner, graph: graph)
        return Size(width: saturatingAdd(s.width, 2), height: saturatingAdd(s.height, 2))
    }

    override func placeChildren(of node: ViewNode, in rect: Rect, graph: ViewGraph) {
        ContentLayout.place(node, in: Rect(x: rect.x + 1, y: rect.y + 1, width: rect.width - 2, height: rect.height - 2),
                            graph: graph)
    }

    /// The sides are the same on every row; the top and bottom are not.
    override func paintIsRowUniform(_ node: ViewNode, visible: Rect, over region: Rect, painted part: Rect) -> Bool {
        node.frame.y < region.y && node.frame.maxY > region.maxY && visible.y <= part.y && visible.maxY >= part.maxY
    }

    override func paint(_ node: ViewNode, into canvas: CellBuffer, clip: Rect, inherited: Style) {
        let f = node.frame
        guard f.width >= 2, f.height >= 2 else { return }
        let style = canvas.styles.transientID(canvas.sanitized(style: style), inheriting: inherited)
        func put(_ scalar: UInt32, _ x: Int, _ y: Int) {
            if x >= clip.x && x < clip.maxX && y >= clip.y && y < clip.maxY {
                canvas.put(Cell(scalar: scalar, width: 1, style: style), x: x, y: y)
            }
        }
        canvas.fill(Rect(x: f.x + 1, y: f.y, width: f.width - 2, height: 1).intersection(clip),
                    with: Cell(scalar: border.top, width: 1, style: style))
        canvas.fill(Rect(x: f.x + 1, y: f.maxY - 1, width: f.width - 2, height: 1).intersection(clip),
                    with: Cell(scalar: border.bottom, width: 1, style: style))
        canvas.fill(Rect(x: f.x, y: f.y + 1, width: 1, height: f.height - 2).intersection(clip),
                    with: Cell(scalar: border.left, width: 1, style: style))
        canvas.fill(Rect(x: f.maxX - 1, y: f.y + 1, width: 1, height: f.height - 2).intersection(clip),
                    with: Cell(scalar: border.right, width: 1, style: style))
        put(border.topLeft, f.x, f.y)
        put(border.topRight, f.maxX - 1, f.y)
        put(border.bottomLeft, f.x, f.maxY - 1)
        put(border.bottomRight, f.maxX - 1, f.maxY - 1)
    }

    override func childClip(_ node: ViewNode, _ clip: Rect) -> Rect {
        let f = node.frame
        return clip.intersection(Rect(x: f.x + 1, y: f.y + 1, width: f.width - 2, height: f.height - 2))
    }
}

extension View {
    /// Draws a border (box-drawing characters) around the view, one cell wide on every side.
    ///
    /// ```swift
    /// Text("hi").border(.double, style: Style(foreground: .yellow, attributes: .bold))
    /// ```
    public consuming func border(_ borderStyle: BorderStyle = .single, style: Style = .plain) -> BorderView<Self> {
        BorderView(borderStyle: borderStyle, style: style, content: self)
    }

    /// Draws a border in `color`: `.border(.rounded, color: .blue)`.
    public consuming func border(_ borderStyle: BorderStyle = .single, color: Color) -> BorderView<Self> {
        BorderView(borderStyle: borderStyle, style: Style(foreground: color), content: self)
    }
}
