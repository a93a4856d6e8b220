extension TerminalHost {
    /// Before a frame: lines printed above the region go first.
    func inlinePrefix() -> [UInt8] {
        guard var region = inline else { return [] }
        var out: [UInt8] = []
        if !pendingPrints.isEmpty {
            for text in pendingPrints { out += region.print(text, columns: pipeline.canvas.columns) }
            pendingPrints = []
            pipeline.encoder.inlineOrigin = region.origin
            pipeline.encoder.cursorMoved(toX: nil, y: nil)
            pipeline.encoder.invalidate()
            pipeline.graph.invalidateLayout()
            if region.height == 0 { pipeline.graph.invalidateLayout() }
        }
        inline = region
        return out
    }

    /// After evaluation, before layout: the region takes the content's height.
    func sizeInlineRegion(_ graph: ViewGraph) {
        guard var region = inline else { return }
        let columns = pipeline.canvas.columns
        let wanted = graph.contentSize(for: ProposedSize(width: columns, height: nil)).height
        let h = region.resize(to: wanted)
        // The origin moves when the region grows past the bottom, and when a
        // cursor report (after a resize or resume) found the region elsewhere.
        if h != pipeline.canvas.rows || region.origin != pipeline.encoder.inlineOrigin {
            pipeline.canvas.resize(columns: columns, rows: h)
            graph.invalidateLayout()
            pipeline.encoder.inlineOrigin = region.origin
            pipeline.encoder.cursorMoved(toX: nil, y: nil)
            pipeline.encoder.invalidate()
        }
        pipeline.restingCursor = (0, 0)
        inline = region
    }

    /// After a frame is written: the bytes a crash would write now leave the
    /// cursor below the region.
    func inlineFrameWritten() {
        guard let region = inline else { return }
        TerminalRestore.update(bytes: region.leaveBytes() + Array(modes.leave.utf8))
    }

    /// The growth bytes `sizeInlineRegion` queued, taken for this frame.
    func takeInlineBytes() -> [UInt8] {
        guard var region = inline, !region.pendingBytes.isEmpty else { return [] }
        let bytes = region.pendingBytes
        region.pendingBytes = []
        inline = region
        return bytes
    }
}
