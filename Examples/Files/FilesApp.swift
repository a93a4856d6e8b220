import Engine
import Foundation

/// A file manager over a real directory tree (issue 23): the directories
/// in the sidebar, the files of the selected one in the content column, a
/// preview of the selected file in the detail. Right or Return moves to the
/// next column, Left back; narrower than 62 columns it collapses to one
/// column at a time (Esc goes back). Ctrl-P opens the command palette
/// ("Open directory" makes the selected directory the root, "Up" its
/// parent); `q` quits, as in every example, and so does Ctrl-Q (where a
/// text field has focus, `q` types). The lists leave type-to-select off,
/// so that a plain `q` reaches the app.
@main
struct FilesApp: App {
    @State private var root = FilesApp.startDirectory()
    @State private var directory: String?
    @State private var file: String?
    /// The sidebar's listing, read once per root (the content column reads
    /// the selected directory each time it is shown).
    @State private var sidebar = SidebarListing()
    @Environment(\.showToast) private var showToast
    @Environment(\.terminal) private var terminal

    /// The mouse is captured: a click selects a row, the wheel scrolls a
    /// list, and a list's scroll indicator can be dragged.
    var options: TerminalOptions { TerminalOptions(mouse: .buttons) }

    /// The argument, or the current directory.
    static func startDirectory() -> String {
        let arguments = CommandLine.arguments
        let path = arguments.count > 1 ? arguments[1] : FileManager.default.currentDirectoryPath
        return URL(fileURLWithPath: path).standardizedFileURL.path
    }

    var body: some View {
        let listing = sidebar.listing(of: root)
        let files = directory.map { DirectoryListing.read($0) }
        VStack(alignment: .leading, spacing: 0) {
            NavigationSplitView {
                List([root] + listing.directories.map(\.path), id: \.self, selection: $directory) { path in
                    Text(path == root ? "./" : (path as NSString).lastPathComponent + "/").lineLimit(1)
                }
                .navigationTitle((root as NSString).lastPathComponent)
            } content: {
                if let files {
                    if let error = files.error {
                        Text("⚠ \(error)").foregroundColor(.red)
                            .navigationTitle((directory.map { ($0 as NSString).lastPathComponent }) ?? "")
                    } else if files.files.isEmpty {
                        Text("no files").dim()
                            .navigationTitle((directory.map { ($0 as NSString).lastPathComponent }) ?? "")
                    } else {
                        List(files.files.map(\.path), id: \.self, selection: $file) { path in
                            Text((path as NSString).lastPathComponent).lineLimit(1)
                        }
                        .navigationTitle((directory.map { ($0 as NSString).lastPathComponent }) ?? "")
                    }
                } else {
                    Text("Select a directory").dim()
                }
            } detail: {
                if let file {
                    FilePreviewView(preview: FilePreview.read(file))
                        .navigationTitle((file as NSString).lastPathComponent)
                } else {
                    Text("Select a file").dim()
                }
            }
            Divider()
            HelpView()
        }
        .typeToSelect(false)
        .onKeyPress("q", help: "quit") {
            terminal.quit()
            return .handled
        }
        .onChange(of: directory) { file = nil }
        .paletteCommand("Open directory") { open() }
        .paletteCommand("Up to the parent directory") { up() }
        .paletteCommand("Quit", shortcut: "q", modifiers: .control) { terminal.quit() }
        .commandPalette()
    }

    /// Makes the selected directory the root.
    private func open() {
        guard let directory, directory != root else {
            showToast("Select a directory first", severity: .warning)
            return
        }
        root = directory
        self.directory = nil
        showToast("Opened \((root as NSString).lastPathComponent)")
    }

    private func up() {
        let parent = (root as NSString).deletingLastPathComponent
        guard !parent.isEmpty, parent != root else { return }
        root = parent
        directory = nil
        showToast("Up to \(parent)")
    }
}

/// A file's preview: its size, permissions and first lines (or why not).
struct FilePreviewView: View, Equatable {
    var preview: FilePreview
    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            Text("size \(preview.size) bytes  \(preview.permissions)").bold()
            Divider()
            if let note = preview.note {
                Text(note).dim()
            }
            ForEach(0..<preview.lines.count, id: \.self) { i in
                Text(preview.lines[i]).lineLimit(1)
            }
            Spacer(minLength: 0)
        }
        .frame(maxWidth: .max, maxHeight: .max, alignment: .topLeading)
    }
}

/// The root's listing, kept until the root changes.
final class SidebarListing {
    private var root: String?
    private var cached = DirectoryListing()

    func listing(of root: String) -> DirectoryListing {
        if root != self.root {
            self.root = root
            cached = DirectoryListing.read(root)
        }
        return cached
    }
}
