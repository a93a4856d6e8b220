/// The environment: values passed down the tree, and which nodes read
/// which key (they alone are evaluated again when it changes).
extension ViewGraph {
    /// The value at `keyPath` as seen by `node`: the root environment with
    /// every ancestor's `.environment` writes applied, outermost first. The
    /// node is recorded as a reader of `keyPath`.
    func environmentValue<Value>(_ keyPath: KeyPath<EnvironmentValues, Value>, at node: ViewNode) -> Value {
        var writers: [EnvironmentWriterBehavior] = []
        var n = node.parent
        while let current = n {
            if current.behavior.writesEnvironment {
                writers.append(unsafeDowncast(current.behavior, to: EnvironmentWriterBehavior.self))
            }
            n = current.parent
        }
        var env = rootEnvironment
        for w in writers.reversed() { w.apply?(&env) }
        if !node.environmentReads.contains(keyPath) {
            node.environmentReads.append(keyPath)
            environmentReaders[keyPath, default: [:]][ObjectIdentifier(node)] = node
        }
        return env[keyPath: keyPath]
    }

    /// An ancestor changed `keyPath`: the readers of it below `writer` are
    /// evaluated again, no one else.
    func environmentChanged(_ keyPath: AnyKeyPath, below writer: ViewNode) {
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
