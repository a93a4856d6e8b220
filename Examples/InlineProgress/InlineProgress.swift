import Engine

/// A few lines under the shell prompt: one progress bar per download and a
/// total, with a log line printed above the bars as each one finishes.
/// The downloads run at once, as the child tasks of a task group; each
/// reports its progress back to the view's state. When all are done the
/// last frame stays on screen and the prompt comes back below it. `q` or
/// Ctrl-C stops early.
@main
struct InlineProgressApp: App {
    @State private var downloads = Download.samples
    @Environment(\.terminal) private var terminal
    @Environment(\.clock) private var clock

    var options: TerminalOptions { TerminalOptions(screen: .inline()) }

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            ForEach(downloads.indices, id: \.self) { i in
                DownloadRow(download: downloads[i])
            }
            Text("\(downloads.filter(\.isDone).count)/\(downloads.count) done · q stops").dim()
        }
        .task {
            await withTaskGroup(of: Void.self) { group in
                for (i, download) in downloads.enumerated() {
                    // `run` is the view's, on the main actor: the downloads
                    // only wait and report, and a recorded session
                    // (`TUI_RECORD`) replays them in the order they ran.
                    let fetch: @MainActor @Sendable () async -> Void = { await run(download, index: i) }
                    group.addTask(operation: fetch)
                }
            }
            if !Task.isCancelled { terminal.quit() }
        }
        .onKeyPress("q") { terminal.quit(1); return .handled }
    }

    /// One download, on the main actor.
    private func run(_ download: Download, index: Int) async {
        await download.fetch(clock: clock) { received, milliseconds in
            report(received, of: index, after: milliseconds)
        }
    }

    private func report(_ received: Int, of index: Int, after milliseconds: Int) {
        downloads[index].received = received
        if downloads[index].isDone {
            let d = downloads[index]
            terminal.print("✓ \(d.name) (\(d.size) kB) after \(milliseconds) ms")
        }
    }
}

struct Download: Equatable, Sendable {
    var name: String
    var size: Int
    var rate: Int
    var received = 0
    var isDone: Bool { received >= size }
    var fraction: Double { size == 0 ? 1 : Double(received) / Double(size) }

    static let samples = [
        Download(name: "swift-6.3.1.tar.gz", size: 9_800, rate: 140),
        Download(name: "libunistring-1.1.deb", size: 1_200, rate: 60),
        Download(name: "fixtures.zip", size: 4_400, rate: 110),
        Download(name: "docs.tar", size: 2_600, rate: 45),
    ]

    /// Simulates fetching the file: a chunk every 40 ms on `clock`, each
    /// reported to `progress` with the kilobytes received and the time taken.
    @MainActor
    func fetch(clock: RuntimeClock, progress: (_ received: Int, _ milliseconds: Int) -> Void) async {
        var received = 0
        var milliseconds = 0
        while received < size {
            guard (try? await clock.sleep(for: .milliseconds(40))) != nil else { return }
            milliseconds += 40
            received = min(size, received + rate)
            progress(received, milliseconds)
        }
    }
}

struct DownloadRow: View, Equatable {
    var download: Download

    var body: some View {
        HStack(spacing: 1) {
            Text(download.name).frame(width: 22, alignment: .leading)
            Text(ProgressView.bar(download.fraction, width: 30)).foregroundColor(download.isDone ? .green : .cyan)
            Text("\(Int(download.fraction * 100))%").frame(width: 4, alignment: .trailing)
        }
    }
}
