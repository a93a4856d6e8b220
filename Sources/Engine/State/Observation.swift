// Re-exported: `@Observable` models work with `import Engine` alone, as with SwiftUI.
@_exported import Observation

extension ViewGraph {
    /// Binds the dynamic properties of `view` at `node` before its body runs.
    func bind<V: View>(_ view: inout V, layout: DynamicPropertyLayout, node: ViewNode) {
        guard !layout.fields.isEmpty else { return }
        withUnsafeMutableBytes(of: &view) { raw in
            for (ordinal, field) in layout.fields.enumerated() {
                field.type._bind(at: raw.baseAddress! + field.offset, node: node, ordinal: ordinal, graph: self)
            }
        }
    }
}
