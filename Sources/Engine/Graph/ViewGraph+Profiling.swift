import Profiler

extension ViewGraph {
    static let bodySpan = SpanName("body")
    static let reasonLabels: [SpanLabel] = [
        SpanLabel("appeared"), SpanLabel("input changed"), SpanLabel("state changed"), SpanLabel("environment changed"),
    ]

    @inline(never)
    func beginBodySpan(_ profiler: Profiler, _ node: ViewNode, _ info: ViewTypeInfo,
                       _ reason: EvaluationReason) -> SpanToken {
        profiler.begin(bodySpanName, detail: profileLabel(node, info), reason: reasonSpanLabels[reason.index])
    }

    /// The label a node's body spans carry: its view type, or its identity
    /// path when ``profilesIdentityPaths`` is on. Made once per type (per
    /// node for paths).
    func profileLabel(_ node: ViewNode, _ info: ViewTypeInfo) -> SpanLabel {
        if profilesIdentityPaths {
            if let label = node.profileLabel { return label }
            let label = SpanLabel(path(of: node))
            node.profileLabel = label
            return label
        }
        if let label = info.profileLabel { return label }
        let label = SpanLabel(IdentityTable.shortName(info.type))
        info.profileLabel = label
        return label
    }
}
