/// The environment: values passed down the tree, and which nodes read
/// which key (they alone are evaluated again when it changes).
extension ViewGraph {
    /// The value at `keyPath` as seen by `node`: the root environment with
    /// every ancestor's `.environment` writes applied, outermost first. The
    /// node is recorded as a reader of `keyPath`.
    ///
    /// The node keeps what it read, and the ``environmentSerial`` then:
    /// until something above it changes what it gives (see
    /// ``environmentUnchanged(above:since:key:)``), a view evaluated again
    /// reads its values from there. A read otherwise walks up to the
    /// nearest writer, resolves the writers whose environments are stale,
    /// and projects the key path (about 1,500 instructions: the key path
    /// machinery instantiates metadata, and the getter hashes the key and
    /// casts the value), and a view re-evaluated on every keystroke (a text
    /// field, a scroll view) reads several keys.
    @inline(__always)
    func environmentValue<Value>(_ keyPath: KeyPath<EnvironmentValues, Value>, at node: ViewNode) -> Value {
        environmentBox(keyPath, at: node).value
    }

    /// ``environmentValue(_:at:)``'s box, as the node keeps it: what an
    /// ``Environment`` holds once bound (a box is a reference whatever
    /// `Value` is, so code that does not know `Value` keeps it with no
    /// metadata of an optional of `Value` looked up).
    func environmentBox<Value>(_ keyPath: KeyPath<EnvironmentValues, Value>,
                               at node: ViewNode) -> EnvironmentValueBox<Value> {
        if let index = node.environmentReads.firstIndex(where: { $0.keyPath === keyPath })
            ?? node.environmentReads.firstIndex(where: { $0.keyPath == keyPath })
        {
            let read = node.environmentReads[index]
            if let box = read.value {
                // Equal key paths have the same value type: the box is this one's.
                if read.knownKey >= 0 {
                    switch knownRead(key: read.knownKey, since: read.serial, above: node) {
                    case .unchanged:
                        return unsafeDowncast(box, to: EnvironmentValueBox<Value>.self)
                    case .written(let box):
                        // The key paths are equal: the writer's box holds a `Value`.
                        node.environmentReads[index].value = box
                        node.environmentReads[index].serial = environmentSerial
                        return unsafeDowncast(box, to: EnvironmentValueBox<Value>.self)
                    case .unknown:
                        break
                    }
                } else if environmentUnchanged(above: node, since: read.serial, key: read.knownKey) {
                    return unsafeDowncast(box, to: EnvironmentValueBox<Value>.self)
                }
            }
            return rereadResolved(keyPath, read: index, of: node)
        }
        let box = EnvironmentValueBox(resolvedEnvironment(below: node.parent)[keyPath: keyPath])
        node.environmentReads.append(EnvironmentRead(keyPath: keyPath, knownKey: EnvironmentPaths.knownKey(keyPath),
                                                     serial: environmentSerial, value: box))
        environmentReaders[keyPath, default: [:]][ObjectIdentifier(node)] = node
        return box
    }

    /// `node`'s read `index` of `keyPath` again, from the resolved environment.
    @inline(never)
    private func rereadResolved<Value>(_ keyPath: KeyPath<EnvironmentValues, Value>, read index: Int,
                                       of node: ViewNode) -> EnvironmentValueBox<Value> {
        let box = EnvironmentValueBox(resolvedEnvironment(below: node.parent)[keyPath: keyPath])
        node.environmentReads[index].value = box
        node.environmentReads[index].serial = environmentSerial
        return box
    }

    /// What a read of `keyPath`, a known key (`key`, its
    /// ``EnvironmentPaths/knownKey(_:)``), made at ``environmentSerial``
    /// `serial`, finds above `node` now, in one walk up to the nearest
    /// writer of that key: `.unchanged` when that writer (or, with none,
    /// the root) gave nothing new since and no writer that may write the
    /// key otherwise changed on the way; `.written(writer)` when the nearest
    /// writer is an `.environment(_:_:)` of the key that changed, with no
    /// writer below it that changes the key's value as it passes (its
    /// value is the read's, no environment is resolved: a text field's
    /// `onSubmit` closure is written again on every keystroke); `.unknown`
    /// when only resolving the environment can say (a changed writer of an
    /// unknown key path or of one whose change depends on what is above
    /// it, or everything read is to be read again). Writers of other known
    /// keys do not change the read (as in
    /// ``environmentUnchanged(above:since:key:)``).
    ///
    /// - Complexity: O(depth).
    func knownRead(key: Int, since serial: Int, above node: ViewNode) -> KnownRead {
        guard environmentEpoch <= serial else { return .unknown }
        // Unretained: the tree holds every ancestor while this runs.
        var next = node.parentStorage
        // Passed a writer of the key that changes what is above it (`.disabled`
        // of `isEnabled`, `.tint` of the theme): a value set further up is
        // not the read's as it is.
        var throughChange = false
        while let current = next {
            var result: KnownRead?
            next = current._withUnsafeGuaranteedRef { n -> Unmanaged<ViewNode>? in
                guard n.behavior.writesEnvironment else { return n.parentStorage }
                let writer = unsafeDowncast(n.behavior, to: EnvironmentWriterBehavior.self)
                let changed = writer.changedAt > serial
                let written = writer.knownKey
                if written == key, let box = writer.valueBox {
                    // The nearest writer of the value: nothing above it counts.
                    result = !changed ? .unchanged : throughChange ? .unknown : .written(box)
                } else if changed && (written == key || written < 0) {
                    result = .unknown
                } else if written == key {
                    throughChange = true
                }
                return n.parentStorage
            }
            if let result { return result }
        }
        return .unchanged
    }

    enum KnownRead {
        case unchanged
        /// The nearest writer of the key, an `.environment(_:_:)`, changed:
        /// its box (``EnvironmentWriterBehavior/valueBox``) is the read's,
        /// taken with no cast, box or copy (a text field's `onSubmit`,
        /// written again on every keystroke).
        case written(AnyObject)
        case unknown
    }

    /// Whether nothing above `node` changed what it gives since
    /// ``environmentSerial`` was `serial`, as far as a read of `key` can
    /// tell (an index of ``EnvironmentPaths/known``, or -1 for any other
    /// key path): the root's environment did not, nor any writer above
    /// that may write that key. A writer of one known key does not change
    /// a read of another (a text field's `onSubmit` closure is written
    /// again on every keystroke; the field's own reads stay). A node's
    /// ancestors are fixed for its life.
    ///
    /// - Complexity: O(depth).
    func environmentUnchanged(above node: ViewNode, since serial: Int, key: Int) -> Bool {
        guard environmentEpoch <= serial else { return false }
        // Unretained: the tree holds every ancestor while this runs.
        var next = node.parentStorage
        while let current = next {
            let (changedAfter, parent) = current._withUnsafeGuaranteedRef { n -> (Bool, Unmanaged<ViewNode>?) in
                guard n.behavior.writesEnvironment else { return (false, n.parentStorage) }
                let writer = unsafeDowncast(n.behavior, to: EnvironmentWriterBehavior.self)
                guard writer.changedAt > serial else { return (false, n.parentStorage) }
                let written = writer.knownKey
                return (key < 0 || written < 0 || written == key, n.parentStorage)
            }
            if changedAfter { return false }
            next = parent
        }
        return true
    }

    /// The environment that `node` (or the root, for `nil`) gives its
    /// content: the root's with every writer's change from the root down to
    /// `node` applied.
    ///
    /// Each writer keeps the environment it resolved, and the
    /// ``environmentSerial`` it resolved it at. A writer's environment is
    /// still right when neither it nor any writer above it (nor the root)
    /// changed since; so a change resolves again the writers at and below
    /// the one that changed, never those above it (a text field's
    /// `onSubmit` closure, written again on every keystroke, used to make
    /// every writer up to the root apply its change to a copy of the
    /// environment again: 9,000 instructions of the typing app's event).
    ///
    /// - Complexity: O(depth + writers resolved again).
    func resolvedEnvironment(below node: ViewNode?) -> EnvironmentValues {
        // The writers from `node` up to the root, nearest first.
        var writers: [EnvironmentWriterBehavior] = []
        var next = node.map { Unmanaged.passUnretained($0) }
        while let current = next {
            next = current._withUnsafeGuaranteedRef { n in
                if n.behavior.writesEnvironment {
                    writers.append(unsafeDowncast(n.behavior, to: EnvironmentWriterBehavior.self))
                }
                return n.parentStorage
            }
        }
        // From the root down, the deepest writer whose environment is
        // still right: resolved after every change at or above it.
        var newestChange = environmentEpoch
        var start = writers.count
        while start > 0 {
            let writer = writers[start - 1]
            newestChange = Swift.max(newestChange, writer.changedAt)
            guard writer.resolved != nil, writer.resolvedAt >= newestChange else { break }
            start -= 1
        }
        if start == 0, let first = writers.first, let env = first.resolved { return env }
        var base = start < writers.count ? writers[start].resolved ?? rootEnvironment : rootEnvironment
        for writer in writers[..<start].reversed() {
            writer.apply?(&base)
            writer.resolved = base
            writer.resolvedAt = environmentSerial
        }
        return base
    }

    /// What the root gives its content changed, or may have: environments
    /// resolved before are resolved again, and every value a node read is
    /// read again.
    @inline(__always)
    func environmentWritten() {
        environmentSerial &+= 1
        environmentEpoch = environmentSerial
    }

    /// What `writer` gives its content changed: environments resolved
    /// before are resolved again, and values read below `writer` that it
    /// may write are read again (``environmentUnchanged(above:since:key:)``).
    @inline(__always)
    func environmentWritten(by writer: EnvironmentWriterBehavior) {
        environmentSerial &+= 1
        writer.changedAt = environmentSerial
    }

    /// An ancestor changed `keyPath`: the readers of it below `writer` are
    /// evaluated again, no one else.
    func environmentChanged(_ keyPath: AnyKeyPath, below writer: ViewNode) {
        if writer.behavior.writesEnvironment {
            environmentWritten(by: unsafeDowncast(writer.behavior, to: EnvironmentWriterBehavior.self))
        } else {
            environmentWritten()
        }
        guard let readers = environmentReaders[keyPath] else { return }
        for (_, reader) in readers where reader.isAttached && isDescendant(reader, of: writer) {
            markDirty(reader, reason: .environmentChanged)
        }
    }

    /// Changes the environment at the root (e.g. the terminal's capabilities).
    public func setRootEnvironment<Value>(_ keyPath: WritableKeyPath<EnvironmentValues, Value>, _ value: Value) {
        rootEnvironment[keyPath: keyPath] = value
        guard let readers = environmentReaders[keyPath] else { return }
        for (_, reader) in readers where reader.isAttached {
            markDirty(reader, reason: .environmentChanged)
        }
        requestFrame()
    }

    func isDescendant(_ node: ViewNode, of ancestor: ViewNode) -> Bool {
        var n = node.parent
        while let current = n {
            if current === ancestor { return true }
            n = current.parent
        }
        return false
    }
}

/// An environment key a node read: the value it read, and when.
struct EnvironmentRead {
    let keyPath: AnyKeyPath
    /// ``EnvironmentPaths/knownKey(_:)`` of `keyPath`.
    let knownKey: Int
    /// ``ViewGraph/environmentSerial`` when `value` was read.
    var serial: Int
    /// An ``EnvironmentValueBox`` of the key path's value type.
    var value: AnyObject?
}

/// A value read from the environment, kept by the node that read it.
final class EnvironmentValueBox<Value> {
    let value: Value
    init(_ value: Value) { self.value = value }
}
