/// What a chart's modifiers set: the scales' domains and which axes and
/// legend show.
struct ChartOptions: Equatable {
    var xDomain: ChartDomain?
    var yDomain: ClosedRange<Double>?
    var xAxis = Visibility.automatic
    var yAxis = Visibility.automatic
    var legend = Visibility.automatic
}

/// The domain of an axis set with `.chartXScale(domain:)`.
enum ChartDomain: Equatable {
    case numbers(ClosedRange<Double>)
    case categories([String])
}

/// A line (or a filled rectangle) of dots on the plot's braille grid.
struct ChartStroke: Equatable {
    var x0: Int32, y0: Int32, x1: Int32, y1: Int32
    var color: Color
    /// A rectangle from (x0, y0) to (x1, y1) filled, not a line.
    var filled = false
}

/// Text on the plot, at a cell: the eighth blocks of bars.
struct ChartText: Equatable {
    var column: Int
    var row: Int
    var text: String
    var color: Color
}

/// A chart laid out at a size in cells: the plot's strokes and bars, the
/// axes' rows of text and the legend's entries.
///
/// The plot takes what the axes and legend leave: the x axis takes two
/// rows (its line and its labels) under the plot, the y axis one column
/// and its widest label on the trailing side (where Swift Charts puts it),
/// the legend one row at the bottom. An axis or the legend that would
/// leave the plot no row or column is left out.
struct ChartPlan {
    /// The plot's size in cells.
    var plot = Size(width: 0, height: 0)
    var strokes: [ChartStroke] = []
    var texts: [ChartText] = []
    /// One string per plot row: the y axis's line, ticks and labels.
    var yAxis: [String] = []
    /// The x axis's line, and its labels, as wide as the chart.
    var xAxisLine: String?
    var xLabels: String?
    var legend: [(name: String, color: Color)] = []
    /// The first mark whose dot columns this plan computed: 0 for a plan
    /// made from scratch, the previous frame's mark count when it carried
    /// on from a ``ChartPlanMemo`` (tests read it).
    var resumedFrom = 0

    /// The colours of series, in the order series first appear.
    static let palette: [Color] = [.blue, .green, .yellow, .magenta, .cyan, .red, .brightBlue, .brightGreen]

    /// `value` rounded to the nearest integer, halves away from zero (as
    /// `rounded()`, without the call into libm: this runs twice a mark).
    @inline(__always)
    static func nearest(_ value: Double) -> Int {
        let whole = Int(value)
        let rest = value - Double(whole)
        return rest >= 0.5 ? whole + 1 : rest <= -0.5 ? whole - 1 : whole
    }

    /// The colour of a mark drawn in neither a colour nor a series.
    static let defaultColor = Color.accentColor

    /// The plan of `marks` at `size`; `strings` are the names their
    /// categories and series refer to (``_ChartMarks/strings``).
    init(marks: [ChartMark], strings: [String] = [], options: ChartOptions, size: Size) {
        var memo: ChartPlanMemo? = nil
        self.init(marks: marks, strings: strings, options: options, size: size, memo: &memo, reused: 0,
                  snapshot: marks.count)
    }

    /// The plan of `marks` at `size`, resumed from `memo` where it can be.
    ///
    /// `memo` summarises the previous frame's marks up to its `count`; it
    /// is used when those are still the first marks (`reused` marks at the
    /// start are known to be the previous frame's) and the scales and size
    /// came out the same, so only the marks after it are read: their
    /// ranges, then their dot columns. On return `memo` summarises `marks`
    /// up to `snapshot` (the marks the next frame may keep), or is nil when
    /// those hold bars or categories, whose stacks and bands it does not
    /// keep.
    init(marks: [ChartMark], strings: [String], options: ChartOptions, size: Size, memo: inout ChartPlanMemo?,
         reused: Int, snapshot: Int) {
        let old = memo.flatMap { $0.count <= reused && $0.count <= snapshot ? $0 : nil }
        memo = nil
        let width = Swift.max(0, size.width), height = Swift.max(0, size.height)
        guard width > 0, height > 0 else { return }
        let start = old?.count ?? 0

        // Series, in the order they first appear (by their name's index).
        var seriesIndex = old?.seriesIndex ?? []
        var seriesNames = old?.seriesNames ?? []
        if seriesIndex.count < strings.count {
            seriesIndex.append(contentsOf: repeatElement(-1, count: strings.count - seriesIndex.count))
        }
        var prefixSeries = (index: seriesIndex, names: seriesNames)
        for i in start..<marks.count {
            if i == snapshot { prefixSeries = (seriesIndex, seriesNames) }
            let mark = marks[i]
            if mark.series >= 0 && seriesIndex[Int(mark.series)] < 0 {
                seriesIndex[Int(mark.series)] = seriesNames.count
                seriesNames.append(strings[Int(mark.series)])
            }
        }
        if snapshot == marks.count { prefixSeries = (seriesIndex, seriesNames) }
        func color(of mark: ChartMark) -> Color {
            if let c = mark.color { return c }
            if mark.series >= 0 { return ChartPlan.palette[seriesIndex[Int(mark.series)] % ChartPlan.palette.count] }
            return ChartPlan.defaultColor
        }

        // The x axis: categories, or numbers.
        var categories: [String] = []
        var categoryIndex: [String: Int] = [:]
        if case .categories(let given)? = options.xDomain {
            for c in given where categoryIndex[c] == nil {
                categoryIndex[c] = categories.count
                categories.append(c)
            }
        } else {
            for mark in marks[start...] where mark.x.isCategory {
                let c = strings[Int(mark.x.category)]
                if categoryIndex[c] == nil {
                    categoryIndex[c] = categories.count
                    categories.append(c)
                }
            }
        }
        let categorical = !categories.isEmpty
        // The band of each string that is a category (-1: none).
        let bandOf = categorical ? strings.map { categoryIndex[$0] ?? -1 } : []

        // The ranges of the values (bars stacked per x).
        var xLow = old?.xLow ?? .infinity, xHigh = old?.xHigh ?? -.infinity
        var yLow = old?.yLow ?? .infinity, yHigh = old?.yHigh ?? -.infinity
        var stacks: [ChartValue: (up: Double, down: Double)] = [:]
        // The ranges of the marks before `snapshot`, and whether they hold
        // only what a memo can resume (no bars, no categories).
        var prefixRanges = (xLow, xHigh, yLow, yHigh)
        var prefixPlain = true
        for i in start..<marks.count {
            if i == snapshot { prefixRanges = (xLow, xHigh, yLow, yHigh) }
            let mark = marks[i]
            if i < snapshot && (mark.kind == .bar || mark.x.isCategory || mark.y.isCategory) { prefixPlain = false }
            if !categorical, !mark.x.isCategory, mark.x.number.isFinite {
                xLow = Swift.min(xLow, mark.x.number)
                xHigh = Swift.max(xHigh, mark.x.number)
            }
            let y = mark.y.number
            guard !mark.y.isCategory, y.isFinite else { continue }
            var top = y
            if mark.kind == .bar {
                var stack = stacks[mark.x] ?? (0, 0)
                if y >= 0 { stack.up += y; top = stack.up } else { stack.down += y; top = stack.down }
                stacks[mark.x] = stack
            }
            yLow = Swift.min(yLow, top)
            yHigh = Swift.max(yHigh, top)
        }
        if snapshot == marks.count { prefixRanges = (xLow, xHigh, yLow, yHigh) }
        if yLow > yHigh {
            yLow = 0
            yHigh = 1
        }
        // Swift Charts' automatic y domain includes zero.
        yLow = Swift.min(yLow, 0)
        yHigh = Swift.max(yHigh, 0)

        // Rows: the x axis (2), the legend (1), the plot (the rest, at least 1).
        var rows = height
        let showsX = options.xAxis != .hidden && rows >= 3
        if showsX { rows -= 2 }
        let showsLegend = options.legend != .hidden && !seriesNames.isEmpty && rows >= 2
        if showsLegend { rows -= 1 }
        let plotHeight = rows

        let yScale: ChartScale
        if let domain = options.yDomain {
            yScale = ChartScale(low: domain.lowerBound, high: domain.upperBound,
                                maxTicks: Swift.max(1, plotHeight / 2), nice: false)
        } else {
            yScale = ChartScale(low: yLow, high: yHigh, maxTicks: Swift.max(1, plotHeight / 2), nice: true)
        }
        let labelWidth = yScale.labels.reduce(0) { Swift.max($0, $1.count) }
        let showsY = options.yAxis != .hidden && width >= labelWidth + 2
        let plotWidth = showsY ? width - 1 - labelWidth : width
        plot = Size(width: plotWidth, height: plotHeight)

        let dotsWide = plotWidth * 2, dotsHigh = plotHeight * 4
        var xScale = ChartScale(low: 0, high: 1, maxTicks: 1, nice: false)
        if !categorical {
            var low = xLow, high = xHigh
            var nice = true
            if case .numbers(let domain)? = options.xDomain {
                low = domain.lowerBound
                high = domain.upperBound
                nice = false
            }
            let guess = ChartScale(low: low, high: high, maxTicks: Swift.max(1, plotWidth / 8), nice: nice)
            let widest = guess.labels.reduce(0) { Swift.max($0, $1.count) }
            xScale = ChartScale(low: low, high: high, maxTicks: Swift.max(1, plotWidth / (widest + 2)), nice: nice)
        }

        /// The cells of category `i`'s band.
        func band(_ i: Int) -> Range<Int> {
            let n = categories.count
            return (i * plotWidth / n)..<((i + 1) * plotWidth / n)
        }
        /// The dot column of `x`, if it has one.
        func xDot(_ x: ChartValue) -> Int? {
            if x.isCategory {
                let i = bandOf.isEmpty ? -1 : bandOf[Int(x.category)]
                guard i >= 0 else { return nil }
                let b = band(i)
                return b.lowerBound + Swift.max(b.lowerBound, b.upperBound - 1)
            }
            guard !categorical else { return nil }
            let f = xScale.fraction(x.number)
            guard f.isFinite else { return nil }
            return ChartPlan.nearest(Swift.min(Swift.max(f, -8), 9) * Double(dotsWide - 1))
        }
        /// The dot row of `y`, if it has one.
        func yDot(_ y: ChartValue) -> Int? {
            guard !y.isCategory else { return nil }
            let f = yScale.fraction(y.number)
            guard f.isFinite else { return nil }
            return dotsHigh - 1 - ChartPlan.nearest(Swift.min(Swift.max(f, -8), 9) * Double(dotsHigh - 1))
        }

        if plotWidth > 0 && plotHeight > 0 {
            let baseline = Int32(yDot(.number(Swift.min(Swift.max(0, yScale.lower), yScale.upper))) ?? dotsHigh - 1)
            var lines: [ChartDecimator] = []
            // A line per kind (line or area) and series.
            var lineOf: [Int: Int] = [:]
            var lastKey: (ChartMark.Kind, Int32)? = nil, lastLine = -1
            var barTops: [ChartValue: (up: Double, down: Double)] = [:]
            var first = 0
            if let old, old.size == size, old.options == options, old.xScale == xScale, old.yScale == yScale,
               !categorical
            {
                // The same dot columns as last frame: carry on from its marks' strokes.
                lines = old.lines
                lineOf = old.lineOf
                lastKey = old.lastKey
                lastLine = old.lastLine
                strokes = old.strokes
                first = old.count
            }
            resumedFrom = first
            let keep = prefixPlain && !categorical
            func save() {
                guard keep else { return }
                memo = ChartPlanMemo(
                    count: snapshot, seriesIndex: prefixSeries.index, seriesNames: prefixSeries.names,
                    xLow: prefixRanges.0, xHigh: prefixRanges.1, yLow: prefixRanges.2, yHigh: prefixRanges.3,
                    size: size, options: options, xScale: xScale, yScale: yScale, lines: lines, lineOf: lineOf,
                    lastKey: lastKey, lastLine: lastLine, strokes: strokes)
            }
            for i in first..<marks.count {
                if i == snapshot { save() }
                let mark = marks[i]
                switch mark.kind {
                case .line, .area:
                    // The series this point continues (the last one, usually).
                    let line: Int
                    if let key = lastKey, key.0 == mark.kind, key.1 == mark.series {
                        line = lastLine
                    } else {
                        let key = (Int(mark.series) + 1) * 2 + (mark.kind == .line ? 0 : 1)
                        if let i = lineOf[key] {
                            line = i
                        } else {
                            line = lines.count
                            lineOf[key] = line
                            lines.append(
                                ChartDecimator(
                                    color: color(of: mark), area: mark.kind == .area, baseline: baseline,
                                    width: Int32(clamping: dotsWide)))
                        }
                        lastKey = (mark.kind, mark.series)
                        lastLine = line
                    }
                    if let x = xDot(mark.x), let y = yDot(mark.y) {
                        lines[line].add(Int32(clamping: x), Int32(clamping: y), into: &strokes)
                    } else {
                        lines[line].gap(into: &strokes)
                    }
                case .point:
                    guard let x = xDot(mark.x), let y = yDot(mark.y) else { continue }
                    let x0 = Int32(clamping: Swift.min(x, dotsWide - 2)), y0 = Int32(clamping: Swift.min(y, dotsHigh - 2))
                    strokes.append(ChartStroke(x0: x0, y0: y0, x1: x0 + 1, y1: y0 + 1, color: color(of: mark), filled: true))
                case .ruleY:
                    guard let y = yDot(mark.y) else { continue }
                    let y0 = Int32(clamping: y)
                    strokes.append(ChartStroke(x0: 0, y0: y0, x1: Int32(dotsWide - 1), y1: y0, color: color(of: mark)))
                case .ruleX:
                    guard let x = xDot(mark.x) else { continue }
                    let x0 = Int32(clamping: x)
                    strokes.append(ChartStroke(x0: x0, y0: 0, x1: x0, y1: Int32(dotsHigh - 1), color: color(of: mark)))
                case .bar:
                    let y = mark.y.number
                    guard !mark.y.isCategory, y.isFinite else { continue }
                    let columns: Range<Int>
                    if mark.x.isCategory {
                        let i = bandOf.isEmpty ? -1 : bandOf[Int(mark.x.category)]
                        guard i >= 0 else { continue }
                        let b = band(i)
                        // Three quarters of the band, centred (the odd cell after the bar).
                        let w = Swift.max(1, b.count * 3 / 4)
                        let start = b.lowerBound + (b.count - w) / 2
                        columns = start..<(start + w)
                    } else {
                        guard let x = xDot(mark.x), x >= 0, x < dotsWide else { continue }
                        columns = (x / 2)..<(x / 2 + 1)
                    }
                    guard !columns.isEmpty else { continue }
                    var stack = barTops[mark.x] ?? (0, 0)
                    let from: Double, to: Double
                    if y >= 0 {
                        from = stack.up
                        stack.up += y
                        to = stack.up
                    } else {
                        to = stack.down
                        stack.down += y
                        from = stack.down
                    }
                    barTops[mark.x] = stack
                    addBar(from: from, to: to, columns: columns, scale: yScale, color: color(of: mark))
                }
            }
            if snapshot == marks.count { save() }
            for i in lines.indices { lines[i].flush(into: &strokes) }

            if showsY {
                var rowsText = Array(repeating: "│", count: plotHeight)
                var labelled = Array(repeating: false, count: plotHeight)
                for (tick, label) in zip(yScale.ticks, yScale.labels) {
                    guard let dot = yDot(.number(tick)), dot >= 0, dot < dotsHigh else { continue }
                    let row = dot / 4
                    guard !labelled[row] else { continue }
                    labelled[row] = true
                    rowsText[row] = "├" + label
                }
                yAxis = rowsText
            }
            if showsX {
                // Made as UTF-8 bytes: a string grown a `Character` at a
                // time costs about 270 instructions a column, and the axis
                // is redrawn whenever the scale moves (a growing line's
                // does every frame).
                var ticks = Array(repeating: false, count: plotWidth)
                var placed: [(start: Int, text: Substring, count: Int)] = []
                var end = -1
                func place(_ label: String, centredOn column: Int, within limit: Int) {
                    var text = Substring(label)
                    // A column a character (an ASCII label, as numbers are,
                    // without walking its graphemes).
                    let isASCII = label.utf8.allSatisfy { $0 < 0x80 }
                    var count = isASCII ? label.utf8.count : text.count
                    if count > limit {
                        text = text.prefix(Swift.max(0, limit))
                        count = Swift.max(0, limit)
                        if !isASCII { count = text.count }
                    }
                    guard count > 0 else { return }
                    let start = Swift.min(Swift.max(0, column - (count - 1) / 2), width - count)
                    guard start > end, start >= 0 else { return }
                    placed.append((start, text, count))
                    end = start + count
                }
                if categorical {
                    for (i, name) in categories.enumerated() {
                        let b = band(i)
                        guard !b.isEmpty else { continue }
                        let centre = (b.lowerBound + b.upperBound - 1) / 2
                        ticks[centre] = true
                        place(name, centredOn: centre, within: b.count)
                    }
                } else {
                    for (tick, label) in zip(xScale.ticks, xScale.labels) {
                        guard let dot = xDot(.number(tick)), dot >= 0, dot < dotsWide else { continue }
                        ticks[dot / 2] = true
                        place(label, centredOn: dot / 2, within: width)
                    }
                }
                var bytes: [UInt8] = []
                bytes.reserveCapacity(3 * plotWidth + 3)
                for tick in ticks { bytes += tick ? [0xE2, 0x94, 0xAC] : [0xE2, 0x94, 0x80] }  // ┬ ─
                if showsY { bytes += [0xE2, 0x94, 0x98] }  // ┘
                xAxisLine = String(decoding: bytes, as: UTF8.self)
                bytes.removeAll(keepingCapacity: true)
                var column = 0
                for (start, text, count) in placed {
                    bytes += repeatElement(UInt8(ascii: " "), count: start - column)
                    bytes += text.utf8
                    column = start + count
                }
                bytes += repeatElement(UInt8(ascii: " "), count: Swift.max(0, width - column))
                xLabels = String(decoding: bytes, as: UTF8.self)
            }
        }
        if showsLegend {
            legend = seriesNames.enumerated().map { ($0.element, ChartPlan.palette[$0.offset % ChartPlan.palette.count]) }
        }
    }

    /// The eighth blocks of a bar from `from` to `to` over `columns`.
    private mutating func addBar(from: Double, to: Double, columns: Range<Int>, scale: ChartScale, color: Color) {
        let eighths = plot.height * 8
        func level(_ v: Double) -> Int {
            let f = scale.fraction(v)
            guard f.isFinite else { return f > 0 ? eighths : 0 }
            return Int((Swift.min(Swift.max(f, 0), 1) * Double(eighths)).rounded())
        }
        let low = level(from), high = level(to)
        guard high > low else { return }
        for r in (low / 8)...((high - 1) / 8) {
            let start = Swift.max(low, r * 8), end = Swift.min(high, r * 8 + 8)
            let k = end - start
            let scalar: UInt32
            if k == 8 {
                scalar = 0x2588  // █
            } else if start == r * 8 {
                scalar = 0x2580 + UInt32(k)  // ▁ … ▇ from the cell's bottom
            } else if end == r * 8 + 8 {
                scalar = k >= 4 ? 0x2580 : 0x2594  // ▀ or ▔: no other blocks hang from the top
            } else {
                scalar = 0x2580 + UInt32(end - r * 8)  // inside a cell: up to its top
            }
            let glyph = String(repeating: String(Unicode.Scalar(scalar)!), count: columns.count)
            texts.append(ChartText(column: columns.lowerBound, row: plot.height - 1 - r, text: glyph, color: color))
        }
    }

    /// Draws the plot into `context` (a braille grid the plot's size).
    func draw(into context: inout GraphicsContext) {
        for s in strokes {
            if s.filled {
                context.fill(
                    Rect(x: Int(s.x0), y: Int(s.y0), width: Int(s.x1 - s.x0) + 1, height: Int(s.y1 - s.y0) + 1),
                    with: s.color)
            } else {
                context.line(from: (Int(s.x0), Int(s.y0)), to: (Int(s.x1), Int(s.y1)), with: s.color)
            }
        }
        for t in texts { context.draw(t.text, column: t.column, row: t.row, with: t.color) }
    }

    /// Draws the dots the strokes set in the dot columns `columns`, and no
    /// others, in the strokes' order: into a context holding a drawing of
    /// the plot with those columns' cells emptied, it draws there what
    /// ``draw(into:)`` would (the texts are left as they are).
    ///
    /// - Complexity: O(strokes) to find those that cross the columns, plus
    ///   the dots they set there.
    func draw(into context: inout GraphicsContext, columns: ClosedRange<Int>) {
        let low = Int32(clamping: columns.lowerBound), high = Int32(clamping: columns.upperBound)
        for s in strokes where Swift.max(s.x0, s.x1) >= low && Swift.min(s.x0, s.x1) <= high {
            if s.filled {
                let x0 = Swift.max(s.x0, low), x1 = Swift.min(s.x1, high)
                guard x0 <= x1 else { continue }
                context.fill(
                    Rect(x: Int(x0), y: Int(s.y0), width: Int(x1 - x0) + 1, height: Int(s.y1 - s.y0) + 1),
                    with: s.color)
            } else {
                context.line(
                    from: (Int(s.x0), Int(s.y0)), to: (Int(s.x1), Int(s.y1)), with: s.color, columns: columns)
            }
        }
    }
}

/// A line or area of one series, reduced as its points come to what its
/// plot's dot columns can show: per dot column, the line from the last
/// column's end to the column's first point and the column's lowest to
/// highest point (an area: filled down to the baseline). A series of any
/// length costs O(its points) to read and O(dot columns) strokes to draw.
struct ChartDecimator {
    let color: Color
    let area: Bool
    let baseline: Int32
    /// The plot's width in dots: area columns beyond it are not filled.
    let width: Int32
    private var column = Int32.min
    private var first: Int32 = 0, last: Int32 = 0, low: Int32 = 0, high: Int32 = 0
    private var previous: (x: Int32, y: Int32)?

    init(color: Color, area: Bool, baseline: Int32, width: Int32) {
        self.color = color
        self.area = area
        self.baseline = baseline
        self.width = width
    }

    @inline(__always)
    mutating func add(_ x: Int32, _ y: Int32, into strokes: inout [ChartStroke]) {
        if x == column {
            low = Swift.min(low, y)
            high = Swift.max(high, y)
            last = y
            return
        }
        flush(into: &strokes)
        column = x
        first = y
        last = y
        low = y
        high = y
    }

    /// A point that is not drawn: the line stops here and starts again at the next.
    mutating func gap(into strokes: inout [ChartStroke]) {
        flush(into: &strokes)
        previous = nil
    }

    /// Emits the strokes of the column being gathered.
    mutating func flush(into strokes: inout [ChartStroke]) {
        guard column != Int32.min else { return }
        defer {
            previous = (column, last)
            column = Int32.min
        }
        if area {
            if let p = previous, column > p.x + 1 {
                // The columns between two points, under the line joining them.
                let span = Int64(column - p.x)
                let from = Swift.max(p.x + 1, 0), to = Swift.max(Swift.min(column, width), from)
                for c in from..<to {
                    let y = Int64(p.y) + (Int64(first) - Int64(p.y)) * Int64(c - p.x) / span
                    strokes.append(ChartStroke(x0: c, y0: Int32(y), x1: c, y1: baseline, color: color))
                }
            }
            // The column's point farthest from the baseline bounds its fill.
            let edge = Swift.abs(Int64(low) - Int64(baseline)) >= Swift.abs(Int64(high) - Int64(baseline)) ? low : high
            strokes.append(ChartStroke(x0: column, y0: edge, x1: column, y1: baseline, color: color))
            return
        }
        if let p = previous {
            strokes.append(ChartStroke(x0: p.x, y0: p.y, x1: column, y1: first, color: color))
        }
        if low != high || previous == nil {
            strokes.append(ChartStroke(x0: column, y0: low, x1: column, y1: high, color: color))
        }
    }
}

/// What a chart's plan keeps between frames for a series that only grows:
/// its marks' ranges and series up to `count`, and the strokes and
/// decimators of those marks at the scales they were drawn with. The next
/// frame's plan carries on from it when its first `count` marks are the
/// same and its scales and size came out the same (see
/// ``ChartPlan/init(marks:strings:options:size:memo:reused:snapshot:)``).
struct ChartPlanMemo {
    var count: Int
    var seriesIndex: [Int]
    var seriesNames: [String]
    var xLow: Double, xHigh: Double, yLow: Double, yHigh: Double
    var size: Size
    var options: ChartOptions
    var xScale: ChartScale
    var yScale: ChartScale
    var lines: [ChartDecimator]
    var lineOf: [Int: Int]
    var lastKey: (ChartMark.Kind, Int32)?
    var lastLine: Int
    /// The strokes of the marks before `count`, before the lines' last
    /// columns were flushed (the decimators in `lines` still hold them).
    var strokes: [ChartStroke]
}

/// A chart's memory between frames, kept in its node: the last frame's
/// marks (a ``ChartSeriesStore`` resumes from them; other data is compared
/// with them to find the unchanged start) and its plan's memo.
@MainActor
final class ChartPlanCache: ControlModelObject {
    var marks = _ChartMarks()
    var memo: ChartPlanMemo?
    init() {}
}
