import Foundation

/// One entry of a directory.
struct DirectoryEntry: Hashable {
    var path: String
    var isDirectory: Bool
}

/// A directory's subdirectories and files, read when asked for (the
/// sidebar reads the root; the content column the selected directory),
/// or the error that kept it from being read.
struct DirectoryListing {
    var directories: [DirectoryEntry] = []
    var files: [DirectoryEntry] = []
    var error: String?

    static func read(_ path: String) -> DirectoryListing {
        var listing = DirectoryListing()
        let manager = FileManager.default
        let names: [String]
        do {
            names = try manager.contentsOfDirectory(atPath: path).sorted()
        } catch {
            listing.error = "cannot read \((path as NSString).lastPathComponent): permission denied or gone"
            return listing
        }
        for name in names where !name.hasPrefix(".") {
            let full = (path as NSString).appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: full, isDirectory: &isDirectory) else { continue }
            let entry = DirectoryEntry(path: full, isDirectory: isDirectory.boolValue)
            if entry.isDirectory { listing.directories.append(entry) } else { listing.files.append(entry) }
        }
        return listing
    }
}

/// What the detail shows of a file: size, permissions, and its first lines
/// when it is text.
struct FilePreview: Equatable {
    var size: Int = 0
    var permissions = "?????????"
    var lines: [String] = []
    var note: String?

    /// How much of a file is read for its preview.
    static let bytesRead = 4096
    static let linesShown = 12

    static func read(_ path: String) -> FilePreview {
        var preview = FilePreview()
        if let attributes = try? FileManager.default.attributesOfItem(atPath: path) {
            preview.size = integer(attributes[.size]) ?? 0
            if let mode = integer(attributes[.posixPermissions]) {
                preview.permissions = permissionString(mode)
            }
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            preview.note = "cannot open the file"
            return preview
        }
        defer { try? handle.close() }
        let data = (try? handle.read(upToCount: bytesRead)) ?? Data()
        if data.contains(0) {
            preview.note = "binary file"
            return preview
        }
        guard let text = String(data: data, encoding: .utf8) else {
            preview.note = "binary file (not UTF-8)"
            return preview
        }
        if text.isEmpty { preview.note = "empty file" }
        preview.lines = Array(text.split(separator: "\n", omittingEmptySubsequences: false).prefix(linesShown))
            .map { String($0).replacingOccurrences(of: "\t", with: "    ") }
        return preview
    }

    /// An attribute's number, however Foundation boxed it.
    static func integer(_ value: Any?) -> Int? {
        switch value {
        case let n as NSNumber: n.intValue
        case let n as Int: n
        case let n as UInt64: Int(n)
        case let n as UInt16: Int(n)
        case let n as Int16: Int(n)
        default: nil
        }
    }

    /// `rwxr-x---` for mode 0o750.
    static func permissionString(_ mode: Int) -> String {
        let letters: [Character] = ["r", "w", "x"]
        return String((0..<9).map { i in mode & (1 << (8 - i)) != 0 ? letters[i % 3] : "-" })
    }
}
