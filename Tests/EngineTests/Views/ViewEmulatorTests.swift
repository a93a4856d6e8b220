import Foundation
import Testing
@testable import Engine

// Rendered views checked in real terminal emulators: the bytes each frame of
// the offscreen host writes, fed in order to one terminal, must leave the
// screen the canvas shows (text, colours, attributes) after every frame.

// MARK: Screens

private struct TodoItem: Identifiable, Equatable, Sendable {
    var id: Int
    var title: String
    var done: Bool
}

private struct TaskList: View {
    var tasks: [TodoItem]
    var selected: Int
    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            Text("Tasks (\(tasks.filter(\.done).count)/\(tasks.count))").bold()
            Divider()
            ForEach(tasks) { task in
                HStack(spacing: 1) {
                    Text(task.done ? "✓" : "·").foregroundColor(task.done ? .green : .brightBlack)
                    if task.id == selected {
                        Text(task.title).reverse()
                    } else {
                        Text(task.title).strikethrough(task.done)
                    }
                }
            }
        }
        .padding(.horizontal, 1)
        .border(.rounded)
    }
}

extension Text {
    fileprivate func strikethrough(_ on: Bool) -> Text { on ? strikethrough() : self }
}

private struct Styled: View {
    var step: Int
    var body: some View {
        let colors: [Color] = [.red, .rgb(250, 128, 114), .palette(208), .blue, .default]
        VStack(alignment: .leading) {
            Text("bold").bold().foregroundColor(colors[step % colors.count])
            Text("italic underline").italic().underline()
            Text("dim strike 漢字").dim().strikethrough()
            HStack(spacing: 0) {
                Text(" on blue ").backgroundColor(.blue)
                Text(" rgb ").backgroundColor(.rgb(20, 20, UInt8(60 + step * 10)))
            }
            Text(step % 2 == 0 ? "even" : "odd").padding(.horizontal, 2).background(step % 2 == 0 ? .green : .magenta)
        }
    }
}

private struct Counter: View {
    var count: Int
    var body: some View {
        VStack {
            Text("count \(count)").bold()
            HStack { Text("[-]"); Spacer(); Text(String(repeating: "■", count: count % 7)); Spacer(); Text("[+]") }
                .frame(width: 18)
        }
        .border(count % 3 == 0 ? .double : .single)
    }
}

private struct Scrolling: View {
    var offset: Int
    var body: some View {
        ScrollView(offset: offset) {
            LazyVStack(alignment: .leading) {
                ForEach(0..<200) { i in Text(i % 5 == 0 ? "row \(i) 漢字" : "row \(i)") }
            }
        }
        .border()
    }
}

// MARK: Driver

/// One run of a view sequence on an offscreen host: each frame's bytes and
/// the screen the canvas holds after it.
private struct Recording {
    var columns: Int
    var rows: Int
    var chunks: [[UInt8]] = []
    var expected: [TerminalEmulator.Screen] = []

    @MainActor
    init<V: View>(columns: Int, rows: Int, frames: Int, view: (Int) -> V) {
        self.columns = columns
        self.rows = rows
        let host = FramePipeline(columns: columns, rows: rows)
        for i in 0..<frames {
            host.render(view(i))
            #expect(host.canvas.checkInvariants() == nil, "frame \(i + 1)")
            chunks.append(host.lastBytes)
            expected.append(TerminalEmulator.expected(host.canvas, level: .truecolor))
        }
    }

    /// Replays the chunks in `backend` and compares the screen after every frame.
    func check(_ backend: TerminalEmulator.Backend, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try TerminalEmulator.expectFrames(chunks, show: expected, columns: columns, rows: rows, in: backend,
                                          sourceLocation: sourceLocation)
    }
}

@MainActor
@Suite("Rendered views against real terminal emulators", .serialized)
struct ViewEmulatorTests {
    private static let tasks = [
        TodoItem(id: 1, title: "write the tests", done: false),
        TodoItem(id: 2, title: "漢字 in a title", done: false),
        TodoItem(id: 3, title: "review", done: true),
    ]

    /// Frames of the task list: select, complete, insert, remove, reorder.
    private static func taskFrame(_ i: Int) -> TaskList {
        var tasks = ViewEmulatorTests.tasks
        if i >= 2 { tasks[0].done = true }
        if i >= 3 { tasks.insert(TodoItem(id: 4, title: "ｱｲｳ new first", done: false), at: 0) }
        if i >= 5 { tasks.remove(at: 2) }
        if i >= 6 { tasks.reverse() }
        if i >= 8 { tasks.append(TodoItem(id: 5, title: "a much longer title that is cut", done: i % 2 == 0)) }
        return TaskList(tasks: tasks, selected: [1, 2, 2, 4, 3, 3, 1, 1, 5, 4][i % 10])
    }

    @Test("pyte: a bordered task list, frame by frame", .needsEmulator(.pyte))
    func taskListInPyte() throws {
        guard EmulatorPropertyTests.requireEmulator(.pyte) else { return }
        try Recording(columns: 30, rows: 10, frames: 10, view: ViewEmulatorTests.taskFrame).check(.pyte)
    }

    @Test("tmux: a bordered task list, frame by frame", .needsEmulator(.tmux, .pyte))
    func taskListInTmux() throws {
        guard EmulatorPropertyTests.requireEmulator(.tmux), EmulatorPropertyTests.requireEmulator(.pyte) else { return }
        try Recording(columns: 30, rows: 10, frames: 10, view: ViewEmulatorTests.taskFrame).check(.tmux)
    }

    @Test("pyte: styled text (colours, attributes, backgrounds) as its styles change", .needsEmulator(.pyte))
    func styledTextInPyte() throws {
        guard EmulatorPropertyTests.requireEmulator(.pyte) else { return }
        try Recording(columns: 24, rows: 6, frames: 8) { Styled(step: $0) }.check(.pyte)
    }

    @Test("pyte: a counter changing over frames, with frames where nothing changes", .needsEmulator(.pyte))
    func counterInPyte() throws {
        guard EmulatorPropertyTests.requireEmulator(.pyte) else { return }
        // Each count shown twice: the repeated frame must write nothing.
        let recording = Recording(columns: 22, rows: 5, frames: 24) { Counter(count: $0 / 2 * 3) }
        for i in stride(from: 1, to: 24, by: 2) {
            #expect(recording.chunks[i].isEmpty, "frame \(i + 1) repeats frame \(i) but wrote \(recording.chunks[i].count) bytes")
        }
        try recording.check(.pyte)
    }

    @Test("pyte: a lazy list scrolling up and down", .needsEmulator(.pyte))
    func scrollingInPyte() throws {
        guard EmulatorPropertyTests.requireEmulator(.pyte) else { return }
        let offsets = [0, 1, 2, 5, 4, 0, 30, 29, 150, 151, 3]
        try Recording(columns: 16, rows: 8, frames: offsets.count) { Scrolling(offset: offsets[$0]) }.check(.pyte)
    }

    @Test("pyte: random view trees and their variants, frame by frame", .needsEmulator(.pyte))
    func randomTreesInPyte() throws {
        guard EmulatorPropertyTests.requireEmulator(.pyte) else { return }
        for seed in UInt64(1)...6 {
            let recording = Recording(columns: 40, rows: 12, frames: 6) { variant in
                TaskList(tasks: (0..<(Int(seed) + variant) % 6).map {
                    TodoItem(id: $0 * 7 % 11, title: ["a", "漢字", "ｱｲｳ", "long title here", "x y"][($0 + variant) % 5],
                         done: ($0 + variant + Int(seed)) % 3 == 0)
                }, selected: variant)
            }
            try recording.check(.pyte)
        }
    }
}
