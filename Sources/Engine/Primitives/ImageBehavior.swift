/// An ``Image``'s node: its size from the pixels and the cell's pixel
/// size, and its cells — half blocks, or blank marker cells under a kitty
/// or sixel placement recorded in the ``GraphicsLayer``.
final class ImageBehavior: LifecycleBehavior {
    var view: Image?
    var graphics = TerminalGraphics.halfBlocks
    var layer: GraphicsLayer?
    /// This image's placement id in ``layer`` (0: none yet).
    private var placementID: UInt32 = 0
    private var markerStyle: StyleID?
    /// The pixels last scaled for drawing, and what they were scaled from.
    private var scaled: (source: UInt64, width: Int, height: Int, interpolation: Image.Interpolation, image: PixelImage)?
    private var run: [Cell] = []

    override init() { super.init(transparent: false) }

    override func disappeared() { removePlacement() }

    func removePlacement() {
        guard placementID != 0 else { return }
        layer?.remove(placementID)
        // A new id for the next placement: the encoder's record of this
        // one (kitty's placement, sixel's drawn cells) stays its own.
        placementID = 0
    }

    // MARK: Size

    /// Proposals at least this large are taken as unbounded (`.max`, or
    /// anything a ratio would overflow with).
    private static let unbounded = 1 << 20

    override func sizeThatFits(_ proposal: ProposedSize, node: ViewNode, graph: ViewGraph) -> Size {
        guard let view else { return .zero }
        let pixelWidth = Double(view.pixels.width) / Double(graphics.cellPixelWidth)
        let pixelHeight = Double(view.pixels.height) / Double(graphics.cellPixelHeight)
        let natural = Size(width: Swift.max(1, Int(pixelWidth.rounded(.up))),
                           height: Swift.max(1, Int(pixelHeight.rounded(.up))))
        guard view.isResizable else { return natural }
        let width = proposal.width.flatMap { $0 < Self.unbounded ? Swift.max(0, $0) : nil }
        let height = proposal.height.flatMap { $0 < Self.unbounded ? Swift.max(0, $0) : nil }
        guard let mode = view.contentMode else {
            return Size(width: width ?? natural.width, height: height ?? natural.height)
        }
        // The ratio in cells: pixels' width over height, times the cell's height over its width.
        let pixelRatio = view.aspectRatio ?? Double(view.pixels.width) / Double(view.pixels.height)
        let ratio = pixelRatio * Double(graphics.cellPixelHeight) / Double(graphics.cellPixelWidth)
        guard ratio.isFinite, ratio > 0 else { return natural }
        func heightFor(_ w: Int) -> Int { Swift.max(1, Int((Double(w) / ratio).rounded())) }
        func widthFor(_ h: Int) -> Int { Swift.max(1, Int((Double(h) * ratio).rounded())) }
        switch (width, height) {
        case (nil, nil): return natural
        case (let w?, nil): return Size(width: w, height: heightFor(w))
        case (nil, let h?): return Size(width: widthFor(h), height: h)
        case (let w?, let h?):
            let widthLimited = Double(w) / ratio <= Double(h)
            if (mode == .fit) == widthLimited {
                return Size(width: w, height: mode == .fit ? Swift.min(h, heightFor(w)) : Swift.max(h, heightFor(w)))
            }
            return Size(width: mode == .fit ? Swift.min(w, widthFor(h)) : Swift.max(w, widthFor(h)), height: h)
        }
    }

    override func placeChildren(of node: ViewNode, in rect: Rect, graph: ViewGraph) {}

    override func forEachStyleID(_ body: (StyleID) -> Void) {
        if let markerStyle { body(markerStyle) }
    }

    // MARK: Paint

    override func paintIsRowUniform(_ node: ViewNode, visible: Rect, over region: Rect, painted part: Rect) -> Bool { false }

    override var repaintsWhenMoved: Bool { true }

    override func paint(_ node: ViewNode, into canvas: CellBuffer, clip: Rect, inherited: Style) {
        guard let view else { return }
        let frame = node.frame
        let area = clip.intersection(frame)
        guard !area.isEmpty else { return }
        if graphics.method != .halfBlocks, let layer {
            paintPlacement(view, frame: frame, area: area, layer: layer, into: canvas, inherited: inherited)
        } else {
            paintHalfBlocks(view, frame: frame, area: area, into: canvas, inherited: inherited)
        }
    }

    /// `view`'s pixels at `width` × `height`, resampled once per size.
    private func pixels(of view: Image, width: Int, height: Int) -> PixelImage {
        if let s = scaled, s.source == view.pixels.contentID, s.width == width, s.height == height,
            s.interpolation == view.interpolation
        {
            return s.image
        }
        let image = view.pixels.resized(width: width, height: height, interpolation: view.interpolation)
        scaled = (view.pixels.contentID, width, height, view.interpolation, image)
        return image
    }

    /// Each cell two pixels: `▀` in the top one's colour over the bottom
    /// one's; a pixel under half opacity is the background.
    private func paintHalfBlocks(_ view: Image, frame: Rect, area: Rect, into canvas: CellBuffer, inherited: Style) {
        let image = pixels(of: view, width: frame.width, height: frame.height * 2)
        if run.count < frame.width { run = Array(repeating: .blank(), count: frame.width) }
        var styles = HalfBlockStyles(table: canvas.styles, inherited: inherited)
        for y in area.y..<area.maxY {
            let top = (y - frame.y) * 2
            var start = -1
            for x in area.x..<area.maxX {
                let column = x - frame.x
                let upper = Self.color(image, column, top), lower = Self.color(image, column, top + 1)
                let cell: Cell
                switch (upper, lower) {
                case (nil, nil):
                    if start >= 0 { canvas.putNarrow(run, start..<column, x: frame.x, y: y) }
                    start = -1
                    continue
                case (let u?, nil): cell = Cell(scalar: 0x2580, width: 1, style: styles.id(u, inherited.background))  // ▀
                case (nil, let l?): cell = Cell(scalar: 0x2584, width: 1, style: styles.id(l, inherited.background))  // ▄
                case (let u?, let l?):
                    cell = u == l
                        ? Cell(scalar: 0x2588, width: 1, style: styles.id(u, inherited.background))  // █
                        : Cell(scalar: 0x2580, width: 1, style: styles.id(u, l))
                }
                run[column] = cell
                if start < 0 { start = column }
            }
            if start >= 0 { canvas.putNarrow(run, start..<(area.maxX - frame.x), x: frame.x, y: y) }
        }
    }

    @inline(__always)
    private static func color(_ image: PixelImage, _ x: Int, _ y: Int) -> Color? {
        let i = (y * image.width + x) * 4
        guard image.rgba[i + 3] >= 128 else { return nil }
        return .rgb(image.rgba[i], image.rgba[i + 1], image.rgba[i + 2])
    }

    /// Blank cells in this placement's marker style, and the placement
    /// recorded in `layer` (the encoder shows it where the marks remain).
    private func paintPlacement(_ view: Image, frame: Rect, area: Rect, layer: GraphicsLayer, into canvas: CellBuffer,
                                inherited: Style) {
        if placementID == 0 { placementID = layer.makePlacementID() }
        // A foreground no other view uses: a space does not show it.
        let id = placementID
        let marker = canvas.styles.transientID(for: Style(
            foreground: .rgb(UInt8(truncatingIfNeeded: id >> 16) | 0x80, UInt8(truncatingIfNeeded: id >> 8),
                             UInt8(truncatingIfNeeded: id)),
            background: inherited.background))
        markerStyle = marker
        canvas.fill(area, with: .blank(marker))
        // Kitty: sent at most at the pixel size the frame shows (a large
        // photo is shrunk here, once, not by the terminal on every
        // placement). Sixel: exactly that size, as the terminal does not scale.
        let width = frame.width * graphics.cellPixelWidth, height = frame.height * graphics.cellPixelHeight
        let image: PixelImage
        if graphics.method == .sixel {
            image = pixels(of: view, width: width, height: height)
        } else if view.pixels.width > width || view.pixels.height > height {
            image = pixels(of: view, width: Swift.min(width, view.pixels.width),
                           height: Swift.min(height, view.pixels.height))
        } else {
            image = view.pixels
        }
        layer.place(id, GraphicsLayer.Placement(image: image, frame: frame, marker: marker))
    }
}

/// Style ids of half-block cells, the last one remembered (neighbouring
/// pixels often share colours).
private struct HalfBlockStyles {
    let table: StyleTable
    let inherited: Style
    private var last: (foreground: Color, background: Color, id: StyleID)?

    init(table: StyleTable, inherited: Style) {
        self.table = table
        self.inherited = inherited
    }

    mutating func id(_ foreground: Color, _ background: Color) -> StyleID {
        if let last, last.foreground == foreground, last.background == background { return last.id }
        let id = table.transientID(for: Style(foreground: foreground, background: background))
        last = (foreground, background, id)
        return id
    }
}
