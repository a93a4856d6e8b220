import Testing
@testable import Engine

private struct Counter: View {
    @State private var count = 0
    var body: some View {
        Text("Count: \(count)")
            .onKeyPress("+") { count += 1; return .handled }
            .onKeyPress("-") { count -= 1; return .handled }
    }
}

@MainActor
@Suite("Offscreen host events")
struct OffscreenEventsTests {
    @Test func keysChangeStateAndRenderAFrame() {
        let host = FramePipeline(columns: 12, rows: 1)
        host.render(Counter())
        #expect(host.textRows == ["  Count: 0  "])
        #expect(host.press("+"))
        #expect(host.press("+"))
        #expect(host.textRows == ["  Count: 2  "])
        #expect(host.press("-"))
        #expect(host.textRows == ["  Count: 1  "])
        // Not handled: no frame, nothing changes.
        #expect(!host.press("x"))
        #expect(!host.press("+", modifiers: .control))
        #expect(host.textRows == ["  Count: 1  "])
    }

    @Test func innerHandlersGoFirstAndHandledStops() {
        var log: [String] = []
        let view = VStack {
            Text("a").onKeyPress("k") { log.append("inner"); return .ignored }
            Text("b").onKeyPress("k") { log.append("second"); return .handled }
        }.onKeyPress("k") { log.append("outer"); return .handled }
        let host = FramePipeline(columns: 4, rows: 2)
        host.render(view)
        host.press("k")
        #expect(log == ["second"])
        log.removeAll()
        let view2 = VStack {
            Text("a").onKeyPress("k") { log.append("inner"); return .ignored }
        }.onKeyPress("k") { log.append("outer"); return .handled }
        let host2 = FramePipeline(columns: 4, rows: 2)
        host2.render(view2)
        host2.press("k")
        #expect(log == ["inner", "outer"])
    }
}

private struct Lifecycle: View {
    var show: Bool
    let log: Log
    var body: some View {
        VStack {
            if show {
                Text("child")
                    .onAppear { log.lines.append("appear") }
                    .onDisappear { log.lines.append("disappear") }
            }
        }
    }
}

private final class Log { var lines: [String] = [] }

private struct Ticker: View {
    @Environment(\.clock) private var clock
    @State private var ticks = 0
    var body: some View {
        Text("ticks \(ticks)").task {
            while (try? await clock.sleep(for: .milliseconds(250))) != nil { ticks += 1 }
        }
    }
}

private struct Timed: View {
    @State private var n = 0
    var body: some View {
        VStack {
            Text("n \(n)").every(.milliseconds(100)) { n += 1 }
            TimelineView(.periodic(by: .seconds(1))) { context in Text("tick \(context.tick)") }
        }
    }
}

@MainActor
@Suite("Lifecycle and time")
struct LifecycleTests {
    @Test func appearAndDisappearRunOnceAfterTheirFrame() {
        let log = Log()
        let host = FramePipeline(columns: 8, rows: 2)
        host.render(Lifecycle(show: true, log: log))
        #expect(log.lines == ["appear"])
        host.render(Lifecycle(show: true, log: log))
        #expect(log.lines == ["appear"])
        host.render(Lifecycle(show: false, log: log))
        #expect(log.lines == ["appear", "disappear"])
    }

    @Test func timersAndTimelinesFollowTheManualClock() {
        let host = FramePipeline(columns: 10, rows: 2, clock: .manual())
        host.render(Timed())
        #expect(host.textRows == ["   n 0    ", "  tick 0  "])
        host.advanceClock(by: .milliseconds(350))
        #expect(host.textRows == ["   n 3    ", "  tick 0  "])
        host.advanceClock(by: .milliseconds(700))
        #expect(host.textRows == ["   n 10   ", "  tick 1  "])
    }

    @MainActor @Test func tasksSleepOnTheManualClockAndAreCancelledWhenTheViewGoes() async {
        let clock = RuntimeClock.manual()
        let host = FramePipeline(columns: 10, rows: 1, clock: clock)
        host.render(Ticker())
        await host.settle()
        #expect(clock.pendingSleeps == 1)
        host.advanceClock(by: .milliseconds(250))
        await host.settle()
        #expect(host.textRows == [" ticks 1  "])
        host.advanceClock(by: .milliseconds(500))
        await host.settle()
        #expect(host.textRows.first?.contains("ticks") == true)
        host.render(EmptyView())
        await host.settle()
        #expect(clock.pendingSleeps == 0)
    }
}

private struct Quitter: View {
    @Environment(\.terminal) private var terminal
    var body: some View {
        Text("q quits")
            .onKeyPress("q") { terminal.quit(3); return .handled }
            .onKeyPress("p") { terminal.print("log line"); return .handled }
    }
}

@MainActor
@Suite("Terminal actions offscreen")
struct TerminalActionsOffscreenTests {
    @Test func quitAndPrintAreRecorded() {
        let host = FramePipeline(columns: 10, rows: 1)
        host.render(Quitter())
        #expect(host.quitStatus == nil)
        host.press("p")
        host.press("q")
        #expect(host.quitStatus == 3)
        #expect(host.printedLines == ["log line"])
    }
}
