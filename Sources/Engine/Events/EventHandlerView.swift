/// A view that takes part in event routing: its handler sees events
/// routed through its place in the tree.
public struct EventHandlerView<Content: View>: PrimitiveView {
    var content: Content
    var handler: (ViewEvent) -> KeyPress.Result

    public static func _makeBehavior() -> NodeBehavior { EventHandlerBehavior() }

    public static func _reconcile(_ view: Self, node: ViewNode, graph: ViewGraph) {
        let b = unsafeDowncast(node.behavior, to: EventHandlerBehavior.self)
        b.handler = view.handler
        graph.register(node, for: .eventHandling)
        graph.reconcileOnlyChild(view.content, of: node)
    }
}

class EventHandlerBehavior: NodeBehavior {
    var handler: ((ViewEvent) -> KeyPress.Result)?
    init() { super.init(transparent: true) }
}

extension View {
    /// Handles every event that reaches this view (keys, paste, mouse,
    /// focus, resize): return ``KeyPress/Result/handled`` to stop it.
    public consuming func onEvent(perform handler: @escaping (ViewEvent) -> KeyPress.Result) -> EventHandlerView<Self> {
        EventHandlerView(content: self, handler: handler)
    }

    /// Calls `action` when `key` is pressed without Control, Option or
    /// Command (Shift is allowed, so `"A"` matches Shift-a).
    ///
    /// ```swift
    /// content.onKeyPress("q") { quit(); return .handled }
    /// ```
    public consuming func onKeyPress(_ key: Key, action: @escaping () -> KeyPress.Result) -> EventHandlerView<Self> {
        onKeyPress(keys: [key], phases: .down) { _ in action() }
    }

    /// Calls `action` with the key event when `key` is pressed (in
    /// `phases`), without Control, Option or Command.
    public consuming func onKeyPress(_ key: Key, phases: KeyPress.Phases,
                           action: @escaping (KeyPress) -> KeyPress.Result) -> EventHandlerView<Self> {
        onKeyPress(keys: [key], phases: phases, action: action)
    }

    /// Calls `action` when any of `keys` is pressed, without Control, Option
    /// or Command.
    public consuming func onKeyPress(keys: Set<Key>, phases: KeyPress.Phases = .down,
                           action: @escaping (KeyPress) -> KeyPress.Result) -> EventHandlerView<Self> {
        onEvent { event in
            guard case .key(let press) = event, phases.contains(press.phase), keys.contains(press.key),
                  press.modifiers.isDisjoint(with: [.control, .option, .command])
            else { return .ignored }
            return action(press)
        }
    }

    /// Calls `action` for typed characters that `characters` accepts.
    public consuming func onKeyPress(characters: @escaping (Character) -> Bool, phases: KeyPress.Phases = .down,
                           action: @escaping (KeyPress) -> KeyPress.Result) -> EventHandlerView<Self> {
        onEvent { event in
            guard case .key(let press) = event, phases.contains(press.phase),
                  case .character(let c) = press.key, !press.characters.isEmpty, characters(c)
            else { return .ignored }
            return action(press)
        }
    }

    /// Calls `action` for every key event in `phases`, with any modifiers.
    public consuming func onKeyPress(phases: KeyPress.Phases = .down,
                           action: @escaping (KeyPress) -> KeyPress.Result) -> EventHandlerView<Self> {
        onEvent { event in
            guard case .key(let press) = event, phases.contains(press.phase) else { return .ignored }
            return action(press)
        }
    }

    /// Calls `action` with text pasted into the terminal (bracketed paste).
    public consuming func onPaste(perform action: @escaping (String) -> Void) -> EventHandlerView<Self> {
        onEvent { event in
            guard case .paste(let text) = event else { return .ignored }
            action(text)
            return .handled
        }
    }

    /// Calls `action` with mouse events (the app must ask for mouse reporting).
    public consuming func onMouse(perform action: @escaping (MouseEvent) -> KeyPress.Result) -> EventHandlerView<Self> {
        onEvent { event in
            guard case .mouse(let m) = event else { return .ignored }
            return action(m)
        }
    }

    /// Calls `action` with the new size when the terminal is resized.
    public consuming func onResize(perform action: @escaping (_ columns: Int, _ rows: Int) -> Void) -> EventHandlerView<Self> {
        onEvent { event in
            guard case .resize(let c, let r) = event else { return .ignored }
            action(c, r)
            return .ignored  // every handler hears about a resize
        }
    }
}
