/// A self-contained SVG flame graph — no Perl, no JavaScript — that any
/// browser shows: merged stacks, box widths proportional to time, hover for
/// name, time and share.
///
/// Like flamegraph.pl's output: the root box `all` spans the width at the
/// bottom; above each box sit its children (spans merged by label, sorted
/// alphabetically), each as wide as its share of the parent's time. Colours
/// come from a hash of the label, so a view type keeps its colour across the
/// graph and between runs. Labels are cut to fit their box (`body[Lo..`);
/// boxes narrower than ``minimumBoxWidth`` are left out with their children.
///
/// Each box is a `<g class="f">` holding a `<title>` (the hover text: label,
/// time and share of the total), a `<rect>` and a `<text>`, followed by its
/// children's groups *nested inside it* — so the document's structure is the
/// call tree. Box edges are computed from cumulative times in hundredths of a
/// pixel and written exactly, so siblings tile their parent without gaps or
/// overlap and their widths add up to at most the parent's.
///
/// ```swift
/// try FlameGraphSVG(title: "tree scenario").write(profiler.snapshot(), toFile: "tree.svg")
/// ```
public struct FlameGraphSVG: ProfileFormat {
    /// Heading at the top of the image.
    public var title: String
    /// Image width in pixels.
    public var width: Int
    /// Height of one stack level, in pixels.
    public var frameHeight: Int
    /// Label font size, in pixels.
    public var fontSize: Int
    /// Narrowest box drawn, in pixels.
    public var minimumBoxWidth: Double
    /// Whether a span's reason is part of its box label.
    public var includeReasons: Bool

    /// Creates the format.
    public init(
        title: String = "Flame Graph", width: Int = 1200, frameHeight: Int = 16, fontSize: Int = 12,
        minimumBoxWidth: Double = 0.1, includeReasons: Bool = false
    ) {
        self.title = title
        self.width = width
        self.frameHeight = frameHeight
        self.fontSize = fontSize
        self.minimumBoxWidth = minimumBoxWidth
        self.includeReasons = includeReasons
    }

    /// `svg`.
    public var fileExtension: String { "svg" }

    /// Horizontal margin on each side, in pixels.
    static let margin = 10
    /// Space above the chart for the heading, in pixels.
    static let headerHeight = 60

    /// The width the root box `all` spans: the image width minus margins.
    public var chartWidth: Int { Swift.max(width - 2 * FlameGraphSVG.margin, 1) }

    /// The SVG document.
    ///
    /// - Complexity: O(n log n) for n spans.
    public func render(_ profile: Profile) -> String {
        let stacks = MergedStacks(profile, includeReason: includeReasons)
        let grandTotal = stacks.nodes[0].total
        let spanCount = profile.spans.count

        var levels = 0
        var level = 0
        stacks.walk(open: { _ in level += 1; levels = Swift.max(levels, level) }, close: { _ in level -= 1 })
        if grandTotal == 0 { levels = 0 }

        let height = FlameGraphSVG.headerHeight + levels * frameHeight + 10
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n"
        out += "<svg version=\"1.1\" xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\""
        out += " viewBox=\"0 0 \(width) \(height)\">\n"
        out += "<style>\n"
        out += "text { font-family: Verdana, 'DejaVu Sans', sans-serif; font-size: \(fontSize)px; fill: #000; }\n"
        out += "text.title { font-size: \(fontSize + 5)px; text-anchor: middle; }\n"
        out += "text.subtitle { fill: #555; text-anchor: middle; }\n"
        out += "g.f text { pointer-events: none; }\n"
        out += "g.f:hover > rect { stroke: #000; stroke-width: 0.5; }\n"
        out += "</style>\n"
        out += "<rect x=\"0\" y=\"0\" width=\"\(width)\" height=\"\(height)\" fill=\"#f8f8f8\"/>\n"
        out += "<text class=\"title\" x=\"\(width / 2)\" y=\"24\">"
        ExportText.appendXMLEscaped(title, to: &out)
        out += "</text>\n<text class=\"subtitle\" x=\"\(width / 2)\" y=\"44\">"
        if grandTotal == 0 {
            out += "No spans recorded"
        } else {
            out += "\(ExportText.duration(grandTotal)) in \(spanCount) spans. Hover over a box for its time and share."
        }
        out += "</text>\n"
        if grandTotal > 0 {
            appendBoxes(stacks, levels: levels, to: &out)
        }
        out += "</svg>\n"
        return out
    }

    private func appendBoxes(_ stacks: MergedStacks, levels: Int, to out: inout String) {
        let grandTotal = stacks.nodes[0].total
        let margin = UInt64(FlameGraphSVG.margin * 100)
        let chart = UInt64(chartWidth * 100)
        let minimum = UInt64(Swift.max(minimumBoxWidth, 0) * 100)
        /// Edge of the box starting `offset` ns into the graph, in 1/100 px.
        func edge(_ offset: UInt64) -> UInt64 {
            let product = offset.multipliedFullWidth(by: chart)
            return margin + grandTotal.dividingFullWidth(product).quotient
        }
        func pixels(_ centi: UInt64) -> String { ExportText.decimal(centi, fractionDigits: 2) }
        let characterWidth = UInt64(fontSize * 59)  // about 0.59 em per character, in 1/100 px

        // Per open box: its offset, where its next child starts, and whether
        // it was drawn (an undrawn box hides its subtree).
        var stack: [(nextChild: UInt64, drawn: Bool)] = []
        var offset: UInt64 = 0
        stacks.walk(
            open: { index in
                let node = stacks.nodes[index]
                if let parent = stack.last {
                    offset = parent.nextChild
                    stack[stack.count - 1].nextChild += node.total
                } else {
                    offset = 0
                }
                let x0 = edge(offset)
                let x1 = edge(offset + node.total)
                let drawn = (stack.last?.drawn ?? true) && x1 - x0 >= minimum && node.total > 0
                stack.append((offset, drawn))
                guard drawn else { return }
                let depth = stack.count - 1
                let y = FlameGraphSVG.headerHeight + (levels - 1 - depth) * frameHeight
                out += "<g class=\"f\"><title>"
                ExportText.appendXMLEscaped(node.label, to: &out)
                out += " (\(ExportText.duration(node.total)), \(ExportText.percent(node.total, of: grandTotal)))"
                out += "</title><rect x=\"\(pixels(x0))\" y=\"\(y)\" width=\"\(pixels(x1 - x0))\""
                out += " height=\"\(frameHeight - 1)\" rx=\"2\" fill=\"\(color(of: node.label, isRoot: index == 0))\"/>"
                let fit = FlameGraphSVG.fitted(node.label, width: x1 - x0, characterWidth: characterWidth)
                if !fit.isEmpty {
                    out += "<text x=\"\(pixels(x0 + 300))\" y=\"\(y + frameHeight - 4)\">"
                    ExportText.appendXMLEscaped(fit, to: &out)
                    out += "</text>"
                }
                out += "\n"
            },
            close: { _ in
                if stack.removeLast().drawn { out += "</g>\n" }
            })
    }

    /// `label` cut to fit a box `width` hundredths of a pixel wide: whole, or
    /// a prefix ending in `..`, or nothing if not even three characters fit.
    static func fitted(_ label: String, width: UInt64, characterWidth: UInt64) -> String {
        guard width > 600, characterWidth > 0 else { return "" }
        let room = Int((width - 600) / characterWidth)
        guard room >= 3 else { return "" }
        var columns = 0
        var prefix = ""
        var cut = false
        for character in label {
            // East Asian wide characters and emoji take about two columns.
            let wide = character.unicodeScalars.first.map { $0.value >= 0x1100 } ?? false
            columns += wide ? 2 : 1
            if columns > room {
                cut = true
                break
            }
            prefix.append(character)
        }
        guard cut else { return label }
        while !prefix.isEmpty && FlameGraphSVG.columns(prefix) + 2 > room { prefix.removeLast() }
        return prefix.isEmpty ? "" : prefix + ".."
    }

    private static func columns(_ text: String) -> Int {
        text.reduce(0) { $0 + (($1.unicodeScalars.first?.value ?? 0) >= 0x1100 ? 2 : 1) }
    }

    /// flamegraph.pl's "hot" palette, chosen by an FNV-1a hash of the label.
    private func color(of label: String, isRoot: Bool) -> String {
        if isRoot { return "rgb(200,200,200)" }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in label.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        let red = 205 + hash % 51
        let green = (hash >> 16) % 231
        let blue = (hash >> 32) % 56
        return "rgb(\(red),\(green),\(blue))"
    }
}
