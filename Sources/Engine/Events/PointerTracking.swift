/// A view's behavior that takes a mouse press on its frame and then keeps
/// every drag and the release that follow, wherever the pointer goes (a
/// slider's bar): what a tap target registered for ``NodeConcern/tap`` may
/// also be.
@MainActor
protocol PointerTracking: AnyObject {
    /// Whether it holds the pointer: a press started on it and no release
    /// came yet.
    var isTrackingPointer: Bool { get }
    /// Handles `event` for a view laid out in `frame`; returns whether it
    /// took it.
    func trackPointer(_ event: MouseEvent, frame: Rect) -> Bool
}

extension ViewGraph {
    /// A drag or release goes to the view that holds the pointer, if any.
    func routeTrackedPointer(_ event: MouseEvent) -> Bool {
        guard event.kind == .drag || event.kind == .release else { return false }
        for node in registeredNodes(for: .tap) {
            if let tracker = node.behavior as? PointerTracking, tracker.isTrackingPointer {
                return tracker.trackPointer(event, frame: node.frame)
            }
        }
        return false
    }
}
