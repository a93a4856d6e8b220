/// A view that shows a picture: pixels decoded from PNG or JPEG data, or
/// made by code — SwiftUI's `Image`, drawn in a terminal.
///
/// ```swift
/// let photo = try PixelImage(data: jpegBytes)
/// Image(photo, label: Text("The team at the summit"))
///     .resizable()
///     .scaledToFit()
///     .frame(height: 12)
/// ```
///
/// **How it is drawn.** Where the terminal speaks the kitty graphics
/// protocol (``TerminalGraphics/Method/kitty``) the image is sent once and
/// placed over blank cells at full resolution; where it speaks sixel
/// (``TerminalGraphics/Method/sixel``) its pixels, scaled to the cells'
/// pixel size and in the terminal's colour registers, are drawn over blank
/// cells, and drawn again only when those cells were; everywhere else each cell
/// shows two pixels stacked, as `▀` with the top pixel's colour over the
/// bottom one's (colours are down-sampled like any others; a pixel under
/// half opacity shows the background). See <doc:ImagesInTheTerminal>.
///
/// **Size.** As in SwiftUI, an image is as big as its pixels unless it is
/// ``resizable()``: its ideal size is its pixel size divided by the cell's
/// (``TerminalGraphics/cellPixelWidth`` × ``TerminalGraphics/cellPixelHeight``,
/// 10 × 20 until the terminal says otherwise), rounded up. A resizable image
/// takes the size it is offered, or keeps its aspect ratio with
/// ``aspectRatio(_:contentMode:)``, ``scaledToFit()`` and ``scaledToFill()``;
/// asked for its ideal size it answers its pixel size. Shrunk, pixels are
/// averaged by area (no aliasing); enlarged, interpolated bilinearly;
/// ``interpolation(_:)`` `.none` picks the nearest pixel instead.
public struct Image: PrimitiveView, Equatable {
    /// The pixels shown.
    public var pixels: PixelImage
    /// What the image shows, in words (`nil` for a decorative image).
    public var label: Text?
    var isResizable = false
    var aspectRatio: Double?
    var contentMode: ContentMode?
    var interpolation: Interpolation = .high

    /// How pixels are picked when the image is drawn at another size.
    public typealias Interpolation = PixelImage.Interpolation

    /// An image of `pixels`, described by `label`.
    public init(_ pixels: PixelImage, label: Text) {
        self.pixels = pixels
        self.label = label
    }

    /// An image of `pixels` that is only decoration (it has no label).
    public init(decorative pixels: PixelImage) {
        self.pixels = pixels
        label = nil
    }

    /// The image drawn at the size its layout gives it, instead of its own.
    public func resizable() -> Image {
        var copy = self
        copy.isResizable = true
        return copy
    }

    /// How pixels are picked when the image is scaled.
    public func interpolation(_ interpolation: Interpolation) -> Image {
        var copy = self
        copy.interpolation = interpolation
        return copy
    }

    /// Keeps a resizable image at `ratio` (width over height, in pixels;
    /// `nil`: the image's own), as large as fits the space offered
    /// (`.fit`) or as small as fills it (`.fill`, and the parent may clip).
    public func aspectRatio(_ ratio: Double? = nil, contentMode: ContentMode) -> Image {
        var copy = self
        copy.aspectRatio = ratio
        copy.contentMode = contentMode
        return copy
    }

    /// ``aspectRatio(_:contentMode:)`` with the image's ratio, fitting.
    public func scaledToFit() -> Image { aspectRatio(nil, contentMode: .fit) }

    /// ``aspectRatio(_:contentMode:)`` with the image's ratio, filling.
    public func scaledToFill() -> Image { aspectRatio(nil, contentMode: .fill) }

    public static func _makeBehavior() -> NodeBehavior { ImageBehavior() }

    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        let b = unsafeDowncast(node.behavior, to: ImageBehavior.self)
        let graphics = graph.environmentValue(\.terminalGraphics, at: node)
        let layer = graph.environmentValue(\.graphicsLayer, at: node)
        guard b.view != view || b.graphics != graphics || b.layer !== layer else { return }
        let sizeChanged = b.view?.pixels.width != view.pixels.width || b.view?.pixels.height != view.pixels.height
            || b.view?.isResizable != view.isResizable || b.view?.aspectRatio != view.aspectRatio
            || b.view?.contentMode != view.contentMode || b.graphics.cellPixelWidth != graphics.cellPixelWidth
            || b.graphics.cellPixelHeight != graphics.cellPixelHeight
        if b.layer !== layer || graphics.method != b.graphics.method || graphics.method == .halfBlocks {
            b.removePlacement()
        }
        if b.layer == nil, layer != nil { graph.watchDisappearance(node) }
        b.view = view
        b.graphics = graphics
        b.layer = layer
        if sizeChanged { graph.leafContentChanged(node) }
        graph.markNeedsPaint(node)
    }
}

/// How a view with an aspect ratio fills the space offered (SwiftUI's name).
public enum ContentMode: Hashable, Sendable {
    /// As large as fits: the whole view is seen.
    case fit
    /// As small as covers the space: the view may overflow it.
    case fill
}

extension EnvironmentValues {
    /// How the terminal draws images and its cells' size in pixels; a
    /// ``FramePipeline`` sets it from its capabilities
    /// (``FramePipeline/setTerminalGraphics(_:)``).
    public var terminalGraphics: TerminalGraphics {
        get { self[TerminalGraphicsKey.self] }
        set { self[TerminalGraphicsKey.self] = newValue }
    }

    /// The layer images placed with a graphics protocol record themselves
    /// in (the pipeline's); `nil` draws every image in cells.
    var graphicsLayer: GraphicsLayer? {
        get { self[GraphicsLayerKey.self] }
        set { self[GraphicsLayerKey.self] = newValue }
    }
}

private struct TerminalGraphicsKey: EnvironmentKey {
    static let defaultValue = TerminalGraphics.halfBlocks
}

private struct GraphicsLayerKey: EnvironmentKey {
    static var defaultValue: GraphicsLayer? { nil }
}
