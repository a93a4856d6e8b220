/// A view with `.onAppear` / `.onDisappear` actions.
public struct AppearanceActionView<Content: View>: PrimitiveView {
    var content: Content
    var onAppear: (() -> Void)?
    var onDisappear: (() -> Void)?

    public static func _makeBehavior() -> NodeBehavior { AppearanceBehavior() }

    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        let b = unsafeDowncast(node.behavior, to: AppearanceBehavior.self)
        b.onDisappear = view.onDisappear
        if !b.appeared {
            b.appeared = true
            if let action = view.onAppear { graph.afterFrame(action) }
            graph.watchDisappearance(node)
        }
        graph.reconcileOnlyChild(view.content, of: node)
    }
}

final class AppearanceBehavior: LifecycleBehavior {
    var appeared = false
    var onDisappear: (() -> Void)?
    override func disappeared() { onDisappear?() }
}

/// A view with a `.task`: started when the view appears, cancelled when it
/// disappears, restarted when its id changes.
public struct TaskView<Content: View, ID: Equatable>: PrimitiveView {
    var content: Content
    var id: ID
    var action: @MainActor @Sendable () async -> Void

    public static func _makeBehavior() -> NodeBehavior { TaskBehavior<ID>() }

    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        let b = unsafeDowncast(node.behavior, to: TaskBehavior<ID>.self)
        if b.task == nil || b.id != view.id {
            let first = b.task == nil && b.id == nil
            b.id = view.id
            b.generation &+= 1
            let generation = b.generation
            let action = view.action
            if first { graph.watchDisappearance(node) }
            // Started after the frame, as SwiftUI starts tasks once the view is on screen.
            graph.afterFrame { [weak b, weak graph] in
                guard let b, b.generation == generation, !b.gone else { return }
                b.task?.cancel()
                graph?.noteTaskCreated()
                b.task = Task { @MainActor in
                    graph?.noteTaskStarted()
                    await action()
                }
            }
        }
        graph.reconcileOnlyChild(view.content, of: node)
    }
}

final class TaskBehavior<ID: Equatable>: LifecycleBehavior {
    var id: ID?
    var task: Task<Void, Never>?
    var generation = 0
    var gone = false
    override func disappeared() {
        gone = true
        task?.cancel()
        task = nil
    }
    deinit { task?.cancel() }
}

/// A view that calls an action when a value changes.
public struct ChangeObserverView<Content: View, Value: Equatable>: PrimitiveView {
    var content: Content
    var value: Value
    var initial: Bool
    var action: (_ oldValue: Value, _ newValue: Value) -> Void

    public static func _makeBehavior() -> NodeBehavior { ChangeObserverBehavior<Value>() }

    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        let b = unsafeDowncast(node.behavior, to: ChangeObserverBehavior<Value>.self)
        let action = view.action, new = view.value
        if let old = b.last {
            if old != new { graph.afterFrame { action(old, new) } }
        } else if view.initial {
            graph.afterFrame { action(new, new) }
        }
        b.last = new
        graph.reconcileOnlyChild(view.content, of: node)
    }
}

final class ChangeObserverBehavior<Value>: NodeBehavior {
    var last: Value?
    init() { super.init(transparent: true) }
}

/// A view that runs an action on a repeating timer while it is in the tree.
public struct TimerActionView<Content: View>: PrimitiveView {
    var content: Content
    var interval: Duration
    var action: () -> Void

    public static func _makeBehavior() -> NodeBehavior { TimerActionBehavior() }

    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        let b = unsafeDowncast(node.behavior, to: TimerActionBehavior.self)
        b.action = view.action
        if b.timer == nil || b.interval != view.interval {
            if b.timer == nil { graph.watchDisappearance(node) }
            b.interval = view.interval
            let interval = max(view.interval, .milliseconds(1))
            let target = MainThreadBox(b)
            b.timer?.cancel()
            b.timer = graph.clock.schedule(after: interval, repeating: interval) {
                target.value.action?()
            }
        }
        graph.reconcileOnlyChild(view.content, of: node)
    }
}

final class TimerActionBehavior: LifecycleBehavior {
    var interval: Duration = .zero
    var timer: ScheduledTimer?
    var action: (() -> Void)?
    override func disappeared() {
        timer?.cancel()
        timer = nil
        action = nil
    }
}

extension View {
    /// Runs `action` after the first frame this view is in.
    public consuming func onAppear(perform action: @escaping () -> Void) -> AppearanceActionView<Self> {
        AppearanceActionView(content: self, onAppear: action, onDisappear: nil)
    }

    /// Runs `action` after the frame in which this view left the tree.
    public consuming func onDisappear(perform action: @escaping () -> Void) -> AppearanceActionView<Self> {
        AppearanceActionView(content: self, onAppear: nil, onDisappear: action)
    }

    /// Starts `action` as a task on the main actor when the view appears;
    /// cancels it when the view disappears.
    ///
    /// ```swift
    /// Text(status).task {
    ///     for await line in log.lines { status = line }
    /// }
    /// ```
    public consuming func task(_ action: @escaping @MainActor @Sendable () async -> Void) -> TaskView<Self, Int> {
        TaskView(content: self, id: 0, action: action)
    }

    /// Like ``task(_:)``, and restarted (the old task cancelled) whenever
    /// `id` changes.
    public consuming func task<ID: Equatable>(id: ID, _ action: @escaping @MainActor @Sendable () async -> Void)
        -> TaskView<Self, ID> {
        TaskView(content: self, id: id, action: action)
    }

    /// Calls `action` with the old and new value after a frame in which
    /// `value` changed (and once at first when `initial` is true).
    public consuming func onChange<V: Equatable>(of value: V, initial: Bool = false,
                                       _ action: @escaping (_ oldValue: V, _ newValue: V) -> Void)
        -> ChangeObserverView<Self, V> {
        ChangeObserverView(content: self, value: value, initial: initial, action: action)
    }

    /// Calls `action` with the new value after a frame in which `value` changed.
    public consuming func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping () -> Void)
        -> ChangeObserverView<Self, V> {
        ChangeObserverView(content: self, value: value, initial: initial) { _, _ in action() }
    }

    /// Runs `action` every `interval` while this view is in the tree (on
    /// the graph's ``ViewGraph/clock``), on the main thread.
    ///
    /// ```swift
    /// ProcessTable(model: model).every(.milliseconds(250)) { model.sample() }
    /// ```
    public consuming func every(_ interval: Duration, perform action: @escaping () -> Void) -> TimerActionView<Self> {
        TimerActionView(content: self, interval: interval, action: action)
    }
}
