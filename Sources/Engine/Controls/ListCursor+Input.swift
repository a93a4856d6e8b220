/// Keys and the mouse on a list or table.
///
/// | Key | Single selection | Multiple selection | No selection |
/// |---|---|---|---|
/// | Up / Down | select the row above / below | move the cursor | scroll one row |
/// | Shift-Up / Shift-Down | as Up / Down | extend the selection from the anchor | scroll |
/// | PageUp / PageDown | a page (the rows that fit) | a page | a page |
/// | Home / End | first / last row | first / last row | top / bottom |
/// | Space | — | toggle the cursor row | — |
///
/// A click selects the row under it (Shift-click extends, Ctrl-click
/// toggles, with multiple selection); the wheel scrolls three rows and
/// leaves the selection where it is.
extension ListCursor {
    /// Rows the wheel scrolls per notch.
    static var wheelRows: Int { 3 }

    /// Handles a key of a focused list; returns whether it was one of its keys.
    func handle(_ press: KeyPress, count: Int, id: (Int) -> ID, selection: ListSelection<ID>) -> Bool {
        guard press.phase != .up else { return false }
        let modifiers = press.modifiers.subtracting([.capsLock, .numLock])
        guard modifiers.isDisjoint(with: [.control, .option, .command]) else { return false }
        if case .none = selection { return scroll(for: press.key) }
        guard count > 0 else { return isNavigation(press.key) }
        var hasCursor = true
        if case .single(let binding) = selection, binding.wrappedValue == nil { hasCursor = false }
        let target: Int
        switch press.key {
        case .up: target = hasCursor ? cursor - 1 : offset
        case .down: target = hasCursor ? cursor + 1 : offset
        case .pageUp: target = hasCursor ? cursor - pageRows : offset
        case .pageDown: target = hasCursor ? cursor + pageRows : offset
        case .home: target = 0
        case .end: target = count - 1
        case .character(" "):
            guard case .multiple(let binding) = selection else { return false }
            let rowID = id(cursor)
            if binding.wrappedValue.contains(rowID) {
                binding.wrappedValue.remove(rowID)
            } else {
                binding.wrappedValue.insert(rowID)
            }
            anchor = cursor
            return true
        default:
            return false
        }
        moveCursor(to: Swift.max(0, Swift.min(target, count - 1)), extending: modifiers.contains(.shift), id: id,
                   selection: selection)
        return true
    }

    /// Letters typed within this long of each other make one prefix
    /// (``View/typeToSelect(_:)``).
    static var jumpTimeout: Duration { .seconds(1) }

    /// Type-to-jump: a printable character (no Ctrl, Alt or Cmd) moves the
    /// cursor, and a single selection, to the next row whose `label` starts
    /// with what was typed (letters within ``jumpTimeout`` of each other add
    /// up; case is ignored), searching from the row after the cursor for a
    /// new prefix and from the cursor itself while one grows, wrapping at
    /// the end. Returns whether the key was taken (a printable key is, even
    /// with no row matching).
    ///
    /// - Complexity: O(rows) labels in the worst case, once per key.
    func jump(_ press: KeyPress, now: Duration, count: Int, label: (Int) -> String, id: (Int) -> ID,
              selection: ListSelection<ID>) -> Bool {
        guard press.phase != .up, case .character(let c) = press.key, !c.isWhitespace,
              !(c.unicodeScalars.first.map { $0.value < 0x20 || $0.value == 0x7F } ?? true),
              press.modifiers.subtracting([.capsLock, .numLock, .shift]).isEmpty, count > 0 else { return false }
        if case .none = selection { return false }
        if let last = jumpTime, now - last <= ListCursor.jumpTimeout {
            jumpPrefix.append(c)
        } else {
            jumpPrefix = String(c)
        }
        jumpTime = now
        let prefix = jumpPrefix.lowercased()
        let start = jumpPrefix.count > 1 ? cursor : cursor + 1
        for k in 0..<count {
            let row = (start + k) % count
            if label(row).lowercased().hasPrefix(prefix) {
                moveCursor(to: row, extending: false, id: id, selection: selection)
                return true
            }
        }
        return true
    }

    /// Handles a mouse event over the list: returns whether it did.
    func handle(_ event: MouseEvent, count: Int, id: (Int) -> ID, selection: ListSelection<ID>) -> Bool {
        if handleIndicator(event) { return true }
        let f = frame
        guard event.column >= f.x, event.column < f.maxX, event.row >= f.y, event.row < f.maxY else { return false }
        switch event.kind {
        case .scrollUp:
            _ = scroll(by: -ListCursor.wheelRows)
            return true
        case .scrollDown:
            _ = scroll(by: ListCursor.wheelRows)
            return true
        case .press where event.button == .left:
            guard let row = row(atScreenRow: event.row, column: event.column), row < count else { return false }
            switch selection {
            case .none:
                return false
            case .single:
                moveCursor(to: row, extending: false, id: id, selection: selection)
            case .multiple(let binding):
                if event.modifiers.contains(.shift) {
                    moveCursor(to: row, extending: true, id: id, selection: selection)
                } else if event.modifiers.contains(.control) {
                    moveCursor(to: row, extending: false, id: id, selection: selection)
                    let rowID = id(row)
                    if binding.wrappedValue.contains(rowID) {
                        binding.wrappedValue.remove(rowID)
                    } else {
                        binding.wrappedValue.insert(rowID)
                    }
                    anchor = row
                } else {
                    moveCursor(to: row, extending: false, id: id, selection: selection)
                    binding.wrappedValue = [id(row)]
                    anchor = row
                }
            }
            return true
        default:
            return false
        }
    }

    /// Puts the cursor on `target` and keeps it in sight; with single
    /// selection the row is selected, with multiple selection and
    /// `extending` the rows from the anchor to it are.
    func moveCursor(to target: Int, extending: Bool, id: (Int) -> ID, selection: ListSelection<ID>) {
        let old = cursor
        cursor = target
        cursorID = id(target)
        revealCursor = true
        switch selection {
        case .none:
            break
        case .single(let binding):
            if binding.wrappedValue != cursorID { binding.wrappedValue = cursorID }
        case .multiple(let binding):
            guard extending else {
                anchor = nil
                return
            }
            let start = anchor ?? old
            anchor = start
            let before = Swift.min(start, old)...Swift.max(start, old)
            let after = Swift.min(start, target)...Swift.max(start, target)
            var set = binding.wrappedValue
            for i in before where !after.contains(i) { set.remove(id(i)) }
            for i in after { set.insert(id(i)) }
            if set != binding.wrappedValue { binding.wrappedValue = set }
        }
    }

    /// The keys of a list without selection scroll it.
    private func scroll(for key: Key) -> Bool {
        switch key {
        case .up: _ = scroll(by: -1)
        case .down: _ = scroll(by: 1)
        case .pageUp: _ = scroll(by: -pageRows)
        case .pageDown: _ = scroll(by: pageRows)
        case .home: _ = scroll(by: -offset)
        case .end: _ = scroll(by: rowCount)
        default: return false
        }
        return true
    }

    private func isNavigation(_ key: Key) -> Bool {
        switch key {
        case .up, .down, .pageUp, .pageDown, .home, .end: return true
        default: return false
        }
    }
}

private struct TypeToSelectKey: EnvironmentKey {
    static var defaultValue: Bool { false }
}

extension EnvironmentValues {
    /// Whether a focused ``Table`` inside selects rows by typing (see
    /// ``View/typeToSelect(_:)``).
    public var typeToSelect: Bool {
        get { self[TypeToSelectKey.self] }
        set { self[TypeToSelectKey.self] = newValue }
    }
}

extension View {
    /// Typing selects rows in the tables inside: the next row whose first
    /// column starts with the letters typed (within a second of each other;
    /// case ignored), from the row after the selection, wrapping.
    ///
    /// Off by default, because it takes printable keys that apps often use
    /// as shortcuts (`q` to quit): with it on, those keys reach the app only
    /// while the table is not focused.
    public consuming func typeToSelect(_ enabled: Bool = true) -> EnvironmentWriter<Self, Bool> {
        environment(EnvironmentPaths.typeToSelect, enabled)
    }
}
