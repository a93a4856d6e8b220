/// Mouse text selection (``ScreenSelection``): the gesture, the highlight
/// each frame and the copy on release.
extension FramePipeline {
    /// Routes `event` as the terminal runtime does: a left-button drag that
    /// no view takes becomes a text selection, the wheel during it scrolls
    /// and extends it, Esc clears one, ``selectionCopyKey`` copies one;
    /// everything else goes to the views (``ViewGraph/dispatch(_:)``).
    func route(_ event: ViewEvent) -> Bool {
        switch event {
        case .mouse(let mouse):
            if let handled = routeSelection(mouse) { return handled }
        case .key(let press) where press.key == .escape && press.phase != .up && selection.isActive:
            clearSelection()
            return true
        case .key(let press) where press.phase != .up && selection.isActive && isSelectionCopyKey(press):
            copySelection()
            return true
        default:
            break
        }
        return graph.dispatch(event)
    }

    /// The selection's part of a mouse event: nil when the views get it as usual.
    private func routeSelection(_ mouse: MouseEvent) -> Bool? {
        let point = ScreenSelection.Point(x: mouse.column, y: mouse.row)
        // Terminals keep a shifted drag for their own selection and do not
        // report it; one that does is not a selection here either.
        if mouse.modifiers.contains(.shift) {
            selection.pressedAt = nil
            return nil
        }
        switch mouse.kind {
        case .press where mouse.button == .left:
            // A click clears a selection, and is still a click.
            if selection.isActive { clearSelection() }
            selection.pressedAt = point
            return nil
        case .drag where selection.isDragging:
            if selection.head != point {
                selection.extend(to: point)
                graph.requestFrame()
            }
            return true
        case .drag where mouse.button == .left:
            guard let start = selection.pressedAt else { return nil }
            // A view that takes the drag (an `.onMouse` handler) keeps it.
            if graph.dispatch(.mouse(mouse)) {
                selection.pressedAt = nil
                return true
            }
            // Selection begins once the pointer reaches another cell.
            guard point != start else { return false }
            selection.begin(at: start, to: point)
            graph.requestFrame()
            return true
        case .scrollUp where selection.isDragging, .scrollDown where selection.isDragging:
            return wheelDuringSelection(mouse)
        case .release where selection.isDragging:
            selection.extend(to: point)
            selection.finish()
            graph.requestFrame()
            copySelection()
            return true
        case .release:
            selection.pressedAt = nil
            return nil
        default:
            return nil
        }
    }

    /// The wheel while a selection is dragged: the scroll view under the
    /// pointer scrolls, and the selection's start moves with its text
    /// (what leaves the screen is kept as text), so the selection grows;
    /// the head stays at the pointer. Always taken: a wheel over no scroll
    /// view does nothing during a drag.
    private func wheelDuringSelection(_ mouse: MouseEvent) -> Bool {
        let map = SelectabilityMap(graph)
        // The text leaving is read before the scroll is painted: the canvas still shows it.
        let canvasBefore = canvas
        let delta = mouse.kind == .scrollDown ? 1 : -1
        guard selection.allowsScroll(by: delta), let moved = graph.wheelScroll(mouse), moved.axis == .vertical else {
            return true
        }
        selection.contentMoved(by: moved.moved, in: moved.frame, canvas: canvasBefore, selectable: map)
        graph.requestFrame()
        return true
    }

    /// Whether `press` is the key that copies the selection: the
    /// configured ``selectionCopyKey`` (Ctrl-Shift-C by default, which
    /// only the kitty keyboard protocol tells apart from Ctrl-C).
    private func isSelectionCopyKey(_ press: KeyPress) -> Bool {
        guard let key = selectionCopyKey else { return false }
        return press.key == key.key && press.modifiers == key.modifiers
    }

    /// Clears the selection; the next frame takes its highlight off.
    func clearSelection() {
        guard selection.isActive else { return }
        selection.clear()
        graph.requestFrame()
    }

    /// The text selected now (nil with no selection), as a release copies it.
    var selectedText: String? {
        guard selection.isActive else { return nil }
        return selection.fullText(in: canvas, selectable: SelectabilityMap(graph))
    }

    /// Puts the selected text on the clipboard (OSC 52), unless it is empty.
    private func copySelection() {
        guard let text = selectedText, !text.isEmpty else { return }
        TerminalActions(actionTarget ?? self).copy(text)
    }

    /// Encodes the canvas, with the selection's highlight on it for the
    /// encoder only: the views' cells are the same before and after.
    func encodeCanvas() -> UnsafeBufferPointer<UInt8> {
        guard selection.needsOverlay else { return encoder.encode(canvas) }
        let map = selection.isActive ? SelectabilityMap(graph) : SelectabilityMap()
        selection.applyHighlight(to: canvas, selectable: map)
        let bytes = encoder.encode(canvas)
        selection.removeHighlight(from: canvas)
        return bytes
    }
}
