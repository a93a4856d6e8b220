/// The environment: values passed down the tree, and which nodes read
/// which key (they alone are evaluated again when it changes).
extension ViewGraph {
    /// The value at `keyPath` as seen by `node`: the root environment with
    /// every ancestor's `.environment` writes applied, outermost first. The
    /// node is recorded as a reader of `keyPath`.
    func environmentValue<Value>(_ keyPath: KeyPath<EnvironmentValues, Value>, at node: ViewNode) -> Value {
        if !node.environmentReads.contains(keyPath) {
            node.environmentReads.append(keyPath)
            environmentReaders[keyPath, default: [:]][ObjectIdentifier(node)] = node
        }
        return resolvedEnvironment(below: node.parent)[keyPath: keyPath]
    }

    /// The environment that `node` (or the root, for `nil`) gives its
    /// content: the root's with every writer's change from the root down to
    /// `node` applied.
    ///
    /// Each writer keeps the environment it resolved, and the
    /// ``environmentGeneration`` it resolved it at; any change to what a
    /// writer (or the root) gives moves the generation on. So a read walks up
    /// to the nearest writer only, and a writer's environment is made once
    /// per change anywhere, not once per read (a read used to copy the root's
    /// environment and apply every writer above the reader to it: a third of
    /// the typing app's event).
    ///
    /// - Complexity: O(depth to the nearest writer) when it is resolved;
    ///   otherwise O(depth + writers resolved again).
    func resolvedEnvironment(below node: ViewNode?) -> EnvironmentValues {
        // The writers from `node` up to the first one already resolved.
        var stale: [EnvironmentWriterBehavior] = []
        var base = rootEnvironment
        var n = node
        while let current = n {
            if current.behavior.writesEnvironment {
                let writer = unsafeDowncast(current.behavior, to: EnvironmentWriterBehavior.self)
                if writer.resolvedGeneration == environmentGeneration, let env = writer.resolved {
                    if stale.isEmpty { return env }
                    base = env
                    break
                }
                stale.append(writer)
            }
            n = current.parent
        }
        for writer in stale.reversed() {
            writer.apply?(&base)
            writer.resolved = base
            writer.resolvedGeneration = environmentGeneration
        }
        return base
    }

    /// What an environment writer (or the root) gives its content changed,
    /// or may have: environments resolved before are resolved again.
    @inline(__always)
    func environmentWritten() { environmentGeneration &+= 1 }

    /// An ancestor changed `keyPath`: the readers of it below `writer` are
    /// evaluated again, no one else.
    func environmentChanged(_ keyPath: AnyKeyPath, below writer: ViewNode) {
        environmentWritten()
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
