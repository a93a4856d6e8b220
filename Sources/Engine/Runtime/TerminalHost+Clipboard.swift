/// Reading the clipboard (``TerminalActions/readClipboard()``): OSC 52 with
/// `?`, fenced by DA1.
///
/// Terminals answer in the order asked, so the DA1 sent after the query is
/// answered after the clipboard (if the terminal gives it) and before
/// anything asked later. The host's other DA1s (start-up's, the link's
/// probes) may be outstanding when the read is sent: each read counts the
/// answers due before its own, and takes the DA1 answer that comes when
/// that count is zero; the others go on to the link as before.
///
/// Palette queries (``TerminalActions/queryPalette(_:)``, OSC 4) wait in
/// the same queue, fenced the same way: the colours that arrive before
/// their fence are theirs. Whatever a palette query brings back (the
/// app's, or the host's own at start on a terminal without truecolor) also
/// becomes the palette colours are down-sampled to.
struct ClipboardRead {
    /// DA1 answers due before this read's fence.
    var answersAhead: Int
    /// Called once with the text or nil; nil once called (the read stays
    /// until its fence is answered, so the answer is not taken for a probe's).
    var completion: (@MainActor (String?) -> Void)?
    var timeout: ScheduledTimer?
    /// A palette query's completion instead (nil once called), and the
    /// colours answered so far.
    var paletteCompletion: (@MainActor ([PaletteColor]) -> Void)?
    var palette: [PaletteColor] = []
    /// A palette query, not a clipboard read.
    var isPalette = false
}

extension TerminalHost {
    /// DA1 answers due before a fence sent now: the link's probes (start-up's
    /// DA1 is the first of them until it is answered, so it is not counted
    /// again) and the fences of the reads still waiting.
    private var answersDueBeforeFence: Int { link.probes.count + clipboardReads.count }

    /// Sends the query and its fence, and waits for either answer.
    func sendClipboardRead(_ completion: @escaping @MainActor (String?) -> Void) {
        guard running, !terminalLeft else { return completion(nil) }
        do {
            try device.write(OperatingSystemCommand.clipboardQuery + Array(TerminalModes.queryPrimaryAttributes.utf8))
        } catch {
            return completion(nil)
        }
        let ahead = answersDueBeforeFence
        let timer = pipeline.graph.clock.schedule(after: TerminalActions.clipboardReadTimeout) { [weak self] in
            self?.resolveClipboardRead(with: nil, fenced: false)
        }
        clipboardReads.append(ClipboardRead(answersAhead: ahead, completion: completion, timeout: timer))
    }

    /// Sends the palette queries and their fence, and collects the colours
    /// that come before the fence's answer.
    func sendPaletteQuery(_ indices: [Int], _ completion: @escaping @MainActor ([PaletteColor]) -> Void) {
        guard running, !terminalLeft else { return completion([]) }
        do {
            try device.write(OperatingSystemCommand.paletteQuery(indices) + Array(TerminalModes.queryPrimaryAttributes.utf8))
        } catch {
            return completion([])
        }
        let ahead = answersDueBeforeFence
        let timer = pipeline.graph.clock.schedule(after: TerminalActions.paletteQueryTimeout) { [weak self] in
            self?.resolvePaletteQuery(fenced: false)
        }
        var read = ClipboardRead(answersAhead: ahead, completion: nil, timeout: timer)
        read.isPalette = true
        read.paletteCompletion = completion
        clipboardReads.append(read)
    }

    /// A palette colour: the oldest palette query still waiting keeps it.
    func paletteAnswered(_ color: PaletteColor) {
        guard let i = clipboardReads.firstIndex(where: { $0.isPalette && $0.paletteCompletion != nil }) else { return }
        clipboardReads[i].palette.append(color)
    }

    /// Calls the oldest waiting palette query's completion with what it
    /// has; with `fenced`, the oldest read is that query and is dropped.
    private func resolvePaletteQuery(fenced: Bool) {
        if let i = clipboardReads.firstIndex(where: { $0.isPalette && $0.paletteCompletion != nil }), !fenced || i == 0 {
            let completion = clipboardReads[i].paletteCompletion
            clipboardReads[i].paletteCompletion = nil
            clipboardReads[i].timeout?.cancel()
            clipboardReads[i].timeout = nil
            // Whoever asked, colours are then down-sampled to what the terminal reported.
            if pipeline.notePalette(clipboardReads[i].palette) && running { requestFrame() }
            completion?(clipboardReads[i].palette)
        }
        if fenced { clipboardReads.removeFirst() }
    }

    /// The app is leaving: every read still waiting is resolved as
    /// unanswered (a clipboard read to nil, a palette query to no
    /// colours) and its timer cancelled, so no task waits on a terminal
    /// that is gone. Their answers, if they still come, are read and
    /// dropped before the terminal is given back.
    func cancelClipboardReads() {
        let reads = clipboardReads
        clipboardReads.removeAll()
        for read in reads {
            read.timeout?.cancel()
            read.completion?(nil)
            read.paletteCompletion?([])
        }
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
            if first.isPalette {
                resolvePaletteQuery(fenced: true)
            } else {
                resolveClipboardRead(with: nil, fenced: true)
            }
            return true
        }
        for i in clipboardReads.indices { clipboardReads[i].answersAhead -= 1 }
        return false
    }

    /// Calls the oldest waiting read's completion with `text`; with
    /// `fenced`, also drops the oldest read (its fence came).
    private func resolveClipboardRead(with text: String?, fenced: Bool) {
        if let i = clipboardReads.firstIndex(where: { !$0.isPalette && $0.completion != nil }), !fenced || i == 0 {
            let completion = clipboardReads[i].completion
            clipboardReads[i].completion = nil
            clipboardReads[i].timeout?.cancel()
            clipboardReads[i].timeout = nil
            completion?(text)
        }
        if fenced { clipboardReads.removeFirst() }
    }
}
