/// An append-only collection of a chart's data: elements are added at the
/// end and never changed, so a ``Chart`` over it makes marks only for the
/// elements appended since its last frame and keeps the plot's decimated
/// columns for the rest.
///
/// ```swift
/// @State private var samples = ChartSeriesStore<Sample>()
///
/// Chart(samples) { s in
///     LineMark(x: .value("time", s.time), y: .value("cpu", s.cpu))
/// }
/// .every(.seconds(1)) { samples.append(Sample.now()) }
/// ```
///
/// It is a value, like an array: a copy keeps the elements it had. Copies
/// share their storage while it only grows; a copy that appends after
/// another one did copies the elements first (O(n), once).
///
/// **The one rule.** A chart over a store (its `ForEach` or `Chart(data)`
/// at the top of the chart's content, not inside a modifier) assumes that
/// the marks an element makes depend only on the element: the content
/// closure is called once for each element, in the frame it first
/// appears, and its marks are kept. A closure that reads other state (a
/// colour picked elsewhere, a unit) should be given a new store when that
/// state changes, or use an array, whose marks are made every frame.
///
/// Swift Charts has no such type (its vectorized `LinePlot` reads a whole
/// collection each time); see <doc:ChartsAndDrawing> for what a frame
/// costs with each.
///
/// - Complexity: `append` is amortised O(1); reading an element is O(1).
public struct ChartSeriesStore<Element>: RandomAccessCollection {
    /// The shared, only-growing storage. Elements `0..<count` of it are
    /// this value's; other values sharing it may see more.
    final class Storage {
        var elements: [Element]
        init(_ elements: [Element]) { self.elements = elements }
    }

    private(set) var storage: Storage
    public private(set) var count: Int

    /// An empty store.
    public init() {
        storage = Storage([])
        count = 0
    }

    /// A store holding `elements`.
    public init<S: Sequence>(_ elements: S) where S.Element == Element {
        storage = Storage(Array(elements))
        count = storage.elements.count
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    public subscript(position: Int) -> Element {
        precondition(position >= 0 && position < count, "ChartSeriesStore index out of range")
        return storage.elements[position]
    }

    /// Adds `element` at the end.
    public mutating func append(_ element: Element) {
        if storage.elements.count != count {
            // Another value appended past this one's end: copy our elements.
            storage = Storage(Array(storage.elements[0..<count]))
        }
        storage.elements.append(element)
        count += 1
    }

    /// Adds `elements` at the end, in order.
    public mutating func append<S: Sequence>(contentsOf elements: S) where S.Element == Element {
        for element in elements { append(element) }
    }

    /// Removes every element. A chart over the store draws from scratch.
    public mutating func removeAll() {
        storage = Storage([])
        count = 0
    }
}

/// Data a chart may read incrementally: the elements of one storage, which
/// only ever grows, up to `count`.
protocol ChartAppendOnlyData {
    /// The storage the elements live in: the same object on two frames
    /// means the earlier frame's elements are a prefix of this one's.
    var appendOnlyStorage: AnyObject { get }
}

extension ChartSeriesStore: ChartAppendOnlyData {
    var appendOnlyStorage: AnyObject { storage }
}
