import Foundation

/// `tail -f` over one path: reads what was appended since the last poll,
/// starts again from the top when the file was truncated, and reopens the
/// path when the file was replaced (rotated: a new inode at the path).
final class FileFollower {
    let path: String
    private var handle: FileHandle?
    private var inode: UInt64?
    private var offset: UInt64 = 0
    /// The bytes after the last newline: a line still being written.
    private var partial = Data()

    init(path: String) { self.path = path }

    /// What happened since the last poll: complete lines, and a note when
    /// the file was truncated, rotated or could not be read.
    func poll() -> (lines: [String], note: String?) {
        var note: String?
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              let size = (attributes[.size] as? NSNumber)?.uint64Value,
              let number = (attributes[.systemFileNumber] as? NSNumber)?.uint64Value else {
            if handle != nil { note = "logtail: \(path) is gone; waiting for it" }
            close()
            return ([], note)
        }
        if inode != number {
            if inode != nil { note = "logtail: \(path) was replaced; reading the new file" }
            close()
            guard let opened = FileHandle(forReadingAtPath: path) else { return ([], "logtail: cannot open \(path)") }
            handle = opened
            inode = number
        } else if size < offset {
            note = "logtail: \(path) was truncated; reading from its start"
            offset = 0
            partial = Data()
        }
        guard let handle, size > offset else { return ([], note) }
        do {
            try handle.seek(toOffset: offset)
            let data = try handle.read(upToCount: Int(size - offset)) ?? Data()
            offset += UInt64(data.count)
            partial.append(data)
        } catch {
            return ([], "logtail: cannot read \(path): \(error)")
        }
        var lines: [String] = []
        while let newline = partial.firstIndex(of: 0x0A) {
            lines.append(String(decoding: partial[partial.startIndex..<newline], as: UTF8.self))
            partial.removeSubrange(partial.startIndex...newline)
        }
        return (lines, note)
    }

    private func close() {
        try? handle?.close()
        handle = nil
        inode = nil
        offset = 0
        partial = Data()
    }
}
