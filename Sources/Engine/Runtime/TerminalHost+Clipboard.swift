/// Reading the clipboard (``TerminalActions/readClipboard()``): OSC 52 with
/// `?`, fenced by DA1.
///
/// Terminals answer in the order asked, so the DA1 sent after the query is
/// answered after the clipboard (if the terminal gives it) and before
/// anything asked later. The host's other DA1s (start-up's, the link's
/// probes) may be outstanding when the read is sent: each read counts the
/// answers due before its own, and takes the DA1 answer that comes when
/// that count is zero; the others go on to the link as before.
struct ClipboardRead {
    /// DA1 answers due before this read's fence.
    var answersAhead: Int
    /// Called once with the text or nil; nil once called (the read stays
    /// until its fence is answered, so the answer is not taken for a probe's).
    var completion: (@MainActor (String?) -> Void)?
    var timeout: ScheduledTimer?
}

extension TerminalHost {
    /// Sends the query and its fence, and waits for either answer.
    func sendClipboardRead(_ completion: @escaping @MainActor (String?) -> Void) {
        guard running, !terminalLeft else { return completion(nil) }
        do {
            try device.write(OperatingSystemCommand.clipboardQuery + Array(TerminalModes.queryPrimaryAttributes.utf8))
        } catch {
            return completion(nil)
        }
        let ahead = link.probes.count + (support.answered ? 0 : 1) + clipboardReads.count
        let timer = pipeline.graph.clock.schedule(after: TerminalActions.clipboardReadTimeout) { [weak self] in
            self?.resolveClipboardRead(with: nil, fenced: false)
        }
        clipboardReads.append(ClipboardRead(answersAhead: ahead, completion: completion, timeout: timer))
    }

    /// A clipboard reply: the oldest read still waiting gets it.
    func clipboardAnswered(_ text: String) {
        resolveClipboardRead(with: text, fenced: false)
    }

    /// A DA1 answer: whether it was the oldest read's fence (which then
    /// resolves it to nil if nothing came, and drops it). Otherwise every
    /// read has one answer less ahead of its fence.
    func clipboardFenceAnswered() -> Bool {
        guard let first = clipboardReads.first else { return false }
        if first.answersAhead == 0 {
            resolveClipboardRead(with: nil, fenced: true)
            return true
        }
        for i in clipboardReads.indices { clipboardReads[i].answersAhead -= 1 }
        return false
    }

    /// Calls the oldest waiting read's completion with `text`; with
    /// `fenced`, also drops the oldest read (its fence came).
    private func resolveClipboardRead(with text: String?, fenced: Bool) {
        if let i = clipboardReads.firstIndex(where: { $0.completion != nil }), !fenced || i == 0 {
            let completion = clipboardReads[i].completion
            clipboardReads[i].completion = nil
            clipboardReads[i].timeout?.cancel()
            clipboardReads[i].timeout = nil
            completion?(text)
        }
        if fenced { clipboardReads.removeFirst() }
    }
}
