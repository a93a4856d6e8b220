/// A view whose content is made again on a schedule.
///
/// ```swift
/// TimelineView(.periodic(by: .milliseconds(100))) { context in
///     Text(spinner[context.tick % spinner.count])
/// }
/// ```
///
/// Only this view is re-evaluated at each tick (its node is marked dirty,
/// as a state change would), so a spinner in a large tree costs the spinner.
public struct TimelineView<Content: View>: PrimitiveView {
    public typealias Schedule = TimelineSchedule
    public typealias Context = TimelineContext

    var schedule: Schedule
    var content: (Context) -> Content

    public init(_ schedule: Schedule, @ViewBuilder content: @escaping (Context) -> Content) {
        self.schedule = schedule
        self.content = content
    }

    public static func _makeBehavior() -> NodeBehavior { TimelineBehavior() }

    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        let b = unsafeDowncast(node.behavior, to: TimelineBehavior.self)
        if b.timer == nil || b.interval != view.schedule.interval {
            if b.timer == nil { graph.watchDisappearance(node) }
            b.interval = view.schedule.interval
            let interval = max(view.schedule.interval, .milliseconds(1))
            let target = MainThreadBox((b, node, graph))
            b.timer?.cancel()
            b.timer = graph.clock.schedule(after: interval, repeating: interval) { [target] in
                let (b, node, graph) = target.value
                guard !b.gone else { return }
                b.tick += 1
                graph.invalidate(node)
            }
        }
        let context = Context(tick: b.tick, time: graph.clock.now)
        graph.reconcileOnlyChild(view.content(context), of: node)
    }
}

final class TimelineBehavior: LifecycleBehavior {
    var interval: Duration = .zero
    var tick = 0
    var timer: ScheduledTimer?
    var gone = false
    override func disappeared() {
        gone = true
        timer?.cancel()
        timer = nil
    }
}

/// When a ``TimelineView`` makes its content again.
public struct TimelineSchedule: Equatable, Sendable {
    var interval: Duration
    /// Every `interval`, starting one interval after the view appears.
    public static func periodic(by interval: Duration) -> TimelineSchedule { TimelineSchedule(interval: interval) }
}

/// What a ``TimelineView``'s content is made from at a tick.
public struct TimelineContext: Equatable, Sendable {
    /// Ticks since the view appeared (0 at first).
    public var tick: Int
    /// Time on the graph's clock at this tick.
    public var time: Duration
}
