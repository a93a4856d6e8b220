import Engine
import Foundation

/// A note: its title is its first line.
struct Note: Codable, Identifiable, Equatable {
    var id = UUID()
    var text = ""

    var title: String {
        let first = text.split(separator: "\n").first { !$0.allSatisfy(\.isWhitespace) }
        return first.map(String.init) ?? "New note"
    }
}

/// The notes and the JSON file they live in.
@Observable
final class NoteStore {
    let path: String
    private(set) var notes: [Note] = []
    /// What happened last, for the status line.
    private(set) var status: String
    /// The notes as last read or written: nothing to save while they are the same.
    private var saved: [Note] = []
    /// The file held something else: it is kept as `<path>.bak` when the first save replaces it.
    private var replacesUnreadableFile = false

    init(path: String) {
        self.path = path
        guard let data = FileManager.default.contents(atPath: path) else {
            status = "No notes at \(path) yet: starting empty."
            return
        }
        do {
            let loaded = try JSONDecoder().decode([Note].self, from: data)
            notes = loaded
            saved = loaded
            status = "\(count(loaded)) from \(path)."
        } catch {
            status = "\(path) is not a notes file: starting empty (saving keeps it as \(path).bak)."
            replacesUnreadableFile = true
        }
    }

    /// The first argument, else `$NOTES_FILE`, else `~/.notes.json`.
    static func pathFromArguments() -> String {
        if let path = CommandLine.arguments.dropFirst().first { return path }
        if let path = ProcessInfo.processInfo.environment["NOTES_FILE"], !path.isEmpty { return path }
        return NSString(string: "~/.notes.json").expandingTildeInPath
    }

    func note(_ id: Note.ID) -> Note? { notes.first { $0.id == id } }

    func add() -> Note {
        let note = Note()
        notes.append(note)
        return note
    }

    func setText(_ text: String, of id: Note.ID) {
        guard let i = notes.firstIndex(where: { $0.id == id }), notes[i].text != text else { return }
        notes[i].text = text
    }

    func delete(_ id: Note.ID) { notes.removeAll { $0.id == id } }

    /// Writes the notes if they changed since they were read or last written.
    func save() {
        guard notes != saved else { return }
        do {
            if replacesUnreadableFile {
                try? FileManager.default.removeItem(atPath: path + ".bak")
                try FileManager.default.moveItem(atPath: path, toPath: path + ".bak")
                replacesUnreadableFile = false
            }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try encoder.encode(notes).write(to: URL(fileURLWithPath: path), options: .atomic)
            saved = notes
            status = "Saved \(count(notes)) to \(path)."
        } catch {
            status = "Could not save to \(path): \(error.localizedDescription)"
        }
    }
}

/// `1 note`, `2 notes`.
private func count(_ notes: [Note]) -> String { notes.count == 1 ? "1 note" : "\(notes.count) notes" }
