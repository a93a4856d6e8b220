/// A value a chart can place on an axis: a number (`Int`, `Double`,
/// `Float`) or a category (`String`) — Swift Charts' `Plottable`.
///
/// Swift Charts reduces every plottable type to a primitive one (numbers,
/// strings, dates); here the primitive is ``PlottedValue``. Conform your
/// own types by returning one.
public protocol Plottable {
    /// The value as the chart places it: a number or a category.
    var plottedValue: PlottedValue { get }
}

/// What a chart places on an axis: a position on a numeric scale, or a
/// category in a band of its own.
public enum PlottedValue: Hashable, Sendable {
    /// A position on a numeric scale. Values that are not finite are not drawn.
    case number(Double)
    /// A category: one band of the axis per distinct name, in the order
    /// they first appear (or the order of `.chartXScale(domain:)`).
    case category(String)
}

extension Int: Plottable {
    /// The integer as a number.
    public var plottedValue: PlottedValue { .number(Double(self)) }
}

extension Double: Plottable {
    /// The value as a number.
    public var plottedValue: PlottedValue { .number(self) }
}

extension Float: Plottable {
    /// The value as a number.
    public var plottedValue: PlottedValue { .number(Double(self)) }
}

extension String: Plottable {
    /// The string as a category.
    public var plottedValue: PlottedValue { .category(self) }
}

/// A value with the name of what it measures, given to a mark:
/// `.value("cpu", load)` — Swift Charts' `PlottableValue`.
public struct PlottableValue<Value: Plottable> {
    /// What the value measures ("time", "cpu"), as an axis or legend would name it.
    public var label: String
    /// The value.
    public var value: Value

    /// `value`, measuring what `label` names.
    public static func value(_ label: some StringProtocol, _ value: Value) -> PlottableValue<Value> {
        PlottableValue(label: String(label), value: value)
    }

    /// `value`, measuring what `label` names (a literal label: no conversion,
    /// which costs as much as the rest of a mark when the call is not
    /// specialised).
    public static func value(_ label: String, _ value: Value) -> PlottableValue<Value> {
        PlottableValue(label: label, value: value)
    }
}

/// Something a ``Chart`` draws: marks, groups of marks made by
/// ``ChartContentBuilder`` (`if`, `ForEach`), and your own types whose
/// `body` is chart content — Swift Charts' `ChartContent`.
///
/// ```swift
/// struct Thresholds: ChartContent {
///     var body: some ChartContent {
///         RuleMark(y: .value("warn", 80)).foregroundStyle(.yellow)
///         RuleMark(y: .value("alarm", 95)).foregroundStyle(.red)
///     }
/// }
/// ```
///
/// Like views, chart content is built and read on the main actor.
@MainActor
public protocol ChartContent {
    /// The content this content is made of.
    associatedtype Body: ChartContent
    /// The content this content is made of (marks have none of their own).
    @ChartContentBuilder var body: Body { get }
    /// Adds this content's marks to `marks` (implemented by the engine's
    /// marks; your types need only a `body`).
    func _collect(into marks: inout _ChartMarks)
}

extension ChartContent {
    public func _collect(into marks: inout _ChartMarks) { body._collect(into: &marks) }
}

extension Never: ChartContent {}

/// Chart content with no content of its own: the marks.
public protocol _PrimitiveChartContent: ChartContent where Body == Never {}

extension _PrimitiveChartContent {
    /// Marks have no body; asking for one is a programming error.
    public var body: Never { fatalError("\(Self.self) is a mark; it has no body") }
}

/// The marks a chart's content makes, in the order it makes them: what
/// a ``Chart`` draws. Built by ``ChartContent/_collect(into:)``.
public struct _ChartMarks {
    var marks: [ChartMark] = []
    /// The categories' and series' names, each once; marks refer to them
    /// by index.
    var strings: [String] = []
    private var stringIndex: [String: Int32] = [:]
    /// The previous frame's marks, when the chart keeps them
    /// (``ChartPlanCache``): a ``ChartSeriesStore`` at the top of the
    /// content resumes from them.
    var previous: ChartPlanCache?
    /// The append-only data whose marks start the array, and how many of
    /// its elements made the marks `0..<end`.
    var series: (storage: AnyObject, elements: Int, end: Int)?
    /// How many marks at the start were taken from `previous` as they were.
    var reused = 0
    /// How many modifiers the content being collected is inside: a store's
    /// marks are kept only at depth 0, where no modifier restyles them.
    var modifierDepth = 0
    init() {}

    /// Collects the marks of `content(element)` for each element of an
    /// append-only `data`, starting where the previous frame's marks of
    /// the same storage ended when they can be reused: they start the
    /// array (the store is the content's first mark-making part) and are
    /// not inside a modifier.
    @MainActor
    mutating func collectAppendOnly<Data: RandomAccessCollection, C: ChartContent>(
        _ data: Data, storage: AnyObject, content: (Data.Element) -> C
    ) {
        guard marks.isEmpty, modifierDepth == 0 else {
            for element in data { content(element)._collect(into: &self) }
            return
        }
        var first = 0
        if let cache = previous, let s = cache.marks.series, s.storage === storage, s.elements <= data.count {
            // Moved out of the cache, so the array is unique and grows in place.
            var old = cache.marks
            cache.marks = _ChartMarks()
            previous = nil
            old.marks.removeLast(old.marks.count - s.end)
            marks = old.marks
            strings = old.strings
            stringIndex = old.stringIndex
            reused = s.end
            first = s.elements
        }
        var i = data.index(data.startIndex, offsetBy: first)
        while i != data.endIndex {
            content(data[i])._collect(into: &self)
            data.formIndex(after: &i)
        }
        series = (storage, data.count, marks.count)
    }

    /// Adds `mark`.
    mutating func append(_ mark: ChartMarkSpec) {
        marks.append(ChartMark(kind: mark.kind, x: value(mark.x), y: value(mark.y)))
    }

    /// `value`, its category's name kept once in ``strings``.
    mutating func value(_ value: PlottedValue) -> ChartValue {
        switch value {
        case .number(let n): .number(n)
        case .category(let name): .category(intern(name))
        }
    }

    /// The index of `name` in ``strings`` (added the first time).
    mutating func intern(_ name: String) -> Int32 {
        if let i = stringIndex[name] { return i }
        let i = Int32(strings.count)
        strings.append(name)
        stringIndex[name] = i
        return i
    }

    /// Collects `content`, then applies `change` to each mark it added
    /// (a mark's own, innermost colour or series wins).
    @MainActor
    mutating func collect(_ content: some ChartContent, then change: ChartMarkChange) {
        let start = marks.count
        modifierDepth += 1
        content._collect(into: &self)
        modifierDepth -= 1
        switch change {
        case .color(let color):
            for i in start..<marks.count where marks[i].color == nil { marks[i].color = color }
        case .series(let name):
            let series = intern(name)
            for i in start..<marks.count where marks[i].series < 0 { marks[i].series = series }
        }
    }
}

/// What a chart content modifier changes in its marks.
enum ChartMarkChange {
    case color(Color)
    case series(String)
}

// MARK: The builder

/// Builds a chart's content from marks, `if`/`else`, `for` loops and
/// `ForEach` — Swift Charts' `ChartContentBuilder`.
@MainActor
@resultBuilder
public enum ChartContentBuilder {
    public static func buildExpression<C: ChartContent>(_ content: C) -> C { content }

    public static func buildBlock() -> _EmptyChartContent { _EmptyChartContent() }

    public static func buildPartialBlock<C: ChartContent>(first: C) -> C { first }

    public static func buildPartialBlock<A: ChartContent, B: ChartContent>(accumulated: A, next: B)
        -> _ChartContentPair<A, B>
    {
        _ChartContentPair(first: accumulated, second: next)
    }

    public static func buildOptional<C: ChartContent>(_ content: C?) -> C? { content }

    public static func buildEither<T: ChartContent, F: ChartContent>(first: T) -> _ConditionalChartContent<T, F> {
        _ConditionalChartContent(storage: .first(first))
    }

    public static func buildEither<T: ChartContent, F: ChartContent>(second: F) -> _ConditionalChartContent<T, F> {
        _ConditionalChartContent(storage: .second(second))
    }

    public static func buildArray<C: ChartContent>(_ contents: [C]) -> [C] { contents }

    public static func buildLimitedAvailability<C: ChartContent>(_ content: C) -> C { content }
}

/// No marks: an empty builder block.
public struct _EmptyChartContent: _PrimitiveChartContent {
    public func _collect(into marks: inout _ChartMarks) {}
}

/// Two contents in a builder block, drawn in order.
public struct _ChartContentPair<First: ChartContent, Second: ChartContent>: _PrimitiveChartContent {
    var first: First
    var second: Second

    public func _collect(into marks: inout _ChartMarks) {
        first._collect(into: &marks)
        second._collect(into: &marks)
    }
}

/// One of two contents: a builder's `if`/`else`.
public struct _ConditionalChartContent<First: ChartContent, Second: ChartContent>: _PrimitiveChartContent {
    enum Storage {
        case first(First)
        case second(Second)
    }
    var storage: Storage

    public func _collect(into marks: inout _ChartMarks) {
        switch storage {
        case .first(let content): content._collect(into: &marks)
        case .second(let content): content._collect(into: &marks)
        }
    }
}

extension Optional: ChartContent where Wrapped: ChartContent {
    public typealias Body = Never
    /// Optional content has no body; asking for one is a programming error.
    public var body: Never { fatalError("Optional chart content has no body") }
    public func _collect(into marks: inout _ChartMarks) { self?._collect(into: &marks) }
}

extension Array: ChartContent where Element: ChartContent {
    public typealias Body = Never
    /// An array of content has no body; asking for one is a programming error.
    public var body: Never { fatalError("Array chart content has no body") }
    public func _collect(into marks: inout _ChartMarks) {
        for content in self { content._collect(into: &marks) }
    }
}

// MARK: ForEach

extension ForEach: ChartContent where Content: ChartContent {
    public typealias Body = Never
    /// Marks made by `ForEach` have no body; asking for one is a programming error.
    public var body: Never { fatalError("ForEach chart content has no body") }

    /// Marks for `data`, each element's identified by the key path `id`.
    public init(
        _ data: Data, id: KeyPath<Data.Element, ID>, @ChartContentBuilder content: @escaping (Data.Element) -> Content
    ) {
        let (idOf, source) = rowIDAndSource(id)
        self.init(data, idOf: idOf, idSource: source, content: content)
    }

    public func _collect(into marks: inout _ChartMarks) {
        if let store = data as? any ChartAppendOnlyData {
            marks.collectAppendOnly(data, storage: store.appendOnlyStorage, content: content)
            return
        }
        marks.marks.reserveCapacity(marks.marks.count + data.count)
        for element in data { content(element)._collect(into: &marks) }
    }
}

extension ForEach where Data.Element: Identifiable, ID == Data.Element.ID, ID: Sendable, Content: ChartContent {
    /// Marks for `Identifiable` data.
    public init(_ data: Data, @ChartContentBuilder content: @escaping (Data.Element) -> Content) {
        self.init(data, idOf: { $0.id }, idSource: .identifiable, content: content)
    }
}

extension ForEach where Data == Range<Int>, ID == Int, Content: ChartContent {
    /// Marks for a range of integers.
    public init(_ range: Range<Int>, @ChartContentBuilder content: @escaping (Int) -> Content) {
        self.init(range, idOf: { $0 }, idSource: .element, content: content)
    }
}

// MARK: Modifiers

/// Content whose marks were changed by a modifier (``ChartContent/foregroundStyle(_:)``).
public struct _ModifiedChartContent<Content: ChartContent>: _PrimitiveChartContent {
    var content: Content
    var change: ChartMarkChange

    public func _collect(into marks: inout _ChartMarks) { marks.collect(content, then: change) }
}

extension ChartContent {
    /// Draws these marks in `color` (a mark's own, innermost colour wins).
    public func foregroundStyle(_ color: Color) -> _ModifiedChartContent<Self> {
        _ModifiedChartContent(content: self, change: .color(color))
    }

    /// Splits these marks into series by `value`: marks of one value are one
    /// line (or stack of bars), drawn in the next colour of the chart's
    /// palette and named in the legend.
    public func foregroundStyle<V: Plottable>(by value: PlottableValue<V>) -> _ModifiedChartContent<Self> {
        let name: String
        switch value.value.plottedValue {
        case .category(let s): name = s
        case .number(let n): name = ChartScale.label(n, decimals: n == n.rounded() ? 0 : 2)
        }
        return _ModifiedChartContent(content: self, change: .series(name))
    }
}
