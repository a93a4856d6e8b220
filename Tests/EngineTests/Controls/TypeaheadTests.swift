import Testing
@testable import Engine

/// A pager's search: `/` shows a search field and focuses it, Return
/// searches and hides it, `q` outside the field quits (here: logs "quit").
private struct SearchingPager: View {
    @State private var query = ""
    @State private var searching = false
    @State private var log: [String] = []
    @FocusState private var fieldFocused: Bool
    var body: some View {
        VStack(alignment: .leading) {
            Text("log=\(log.joined(separator: ","))")
            if searching {
                TextField("Search", text: $query)
                    .focused($fieldFocused)
                    .onSubmit {
                        log.append("search:\(query)")
                        searching = false
                        query = ""
                    }
            }
        }
        .onKeyPress("/") {
            searching = true
            fieldFocused = true
            return .handled
        }
        .onKeyPress("q") {
            log.append("quit")
            return .handled
        }
    }
}

/// Keys typed ahead of a frame: every event is routed against the views as
/// the event before it left them, whatever reads the terminal split the
/// bytes into (the runtime renders once per read, after all its events).
@MainActor
@Suite("Typeahead")
struct TypeaheadTests {
    /// Routes the bytes as the terminal runtime does: each read decoded,
    /// its events dispatched one after another, one frame after the read.
    func runReads(_ reads: [[UInt8]], firstFrame: UnsafeMutablePointer<[UInt8]>? = nil) -> FramePipeline {
        let host = FramePipeline(columns: 40, rows: 4)
        host.render(SearchingPager())
        firstFrame?.pointee = host.lastBytes
        var decoder = InputDecoder()
        for read in reads {
            var events: [InputEvent] = []
            read.withUnsafeBufferPointer { decoder.decode($0, into: &events) }
            for event in events {
                if let e = event.viewEvent { host.graph.dispatch(e) }
            }
            host.renderIfNeeded()
        }
        return host
    }

    @Test func keysInTheReadThatShowsAFieldGoToTheField() {
        let host = runReads([Array("/abc".utf8)])
        #expect(host.textRows.contains { $0.trimmingPrefix(" ").hasPrefix("abc") })
    }

    @Test func aQuitKeyTypedIntoTheFieldIsText() {
        let host = runReads([Array("/q\r".utf8)])
        #expect(host.textRows.contains { $0.contains("log=search:q ") })
    }

    @Test func theFrameOwedAfterACatchUpIsEncoded() {
        // `/` shows the field; routing Up (which nothing handles) first
        // paints the field into the canvas. The read's frame must still
        // encode it for the terminal, though Up itself changed nothing.
        var first: [UInt8] = []
        let host = runReads([bytes("/\\e[A")], firstFrame: &first)
        #expect(host.graph.needsFrame == false)
        #expect(!host.lastBytes.isEmpty && host.lastBytes != first, "the read's frame was not encoded")
    }

    /// Property: any split of a key stream into reads ends in the screen
    /// and state that one key per read (a frame after each) gives.
    @Test(arguments: 0..<40)
    func anySplitOfAKeyStreamEndsTheSame(seed: Int) {
        var rng = SplitMix64(seed: UInt64(seed) &* 0x9E37_79B9)
        let alphabet: [[UInt8]] = [[0x2F], [0x61], [0x62], [0x71], [0x0D], [0x7F]]  // / a b q Return Backspace
        var stream: [UInt8] = []
        for _ in 0..<Int.random(in: 4...24, using: &rng) { stream += alphabet.randomElement(using: &rng)! }
        let oneKeyPerRead = runReads(stream.map { [$0] })
        var reads: [[UInt8]] = []
        var rest = stream[...]
        while !rest.isEmpty {
            let n = Int.random(in: 1...rest.count, using: &rng)
            reads.append(Array(rest.prefix(n)))
            rest = rest.dropFirst(n)
        }
        let split = runReads(reads)
        #expect(split.textRows == oneKeyPerRead.textRows, "stream \(stream), reads \(reads)")
    }
}
