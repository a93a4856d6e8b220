import Foundation

/// The text the pager shows: a file's lines, or generated ones.
struct Document {
    var name: String
    var lines: [String]

    /// The file named by the first argument, else 200,000 generated lines.
    static func fromArguments() -> Document {
        guard let path = CommandLine.arguments.dropFirst().first else { return generated() }
        do {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if lines.last == "" { lines.removeLast() }
            return Document(name: path, lines: lines)
        } catch {
            return Document(name: path, lines: ["pager: cannot read \(path): \(error.localizedDescription)"])
        }
    }

    /// 200,000 generated lines.
    static func generated() -> Document {
        Document(name: "(generated)", lines: (1...200_000).map(generatedLine))
    }

    /// Follow mode: one more line at the end.
    mutating func appendLine() {
        lines.append(Document.generatedLine(lines.count + 1))
    }

    private static let words = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india",
                                "juliett", "kilo", "lima", "mike", "november", "oscar", "papa", "quebec", "romeo",
                                "sierra", "tango", "uniform", "victor", "whiskey", "xray", "yankee", "zulu"]

    /// `line 42: quebec alpha romeo …`: words that differ from line to line, to search for.
    static func generatedLine(_ n: Int) -> String {
        let count = words.count
        return "line \(n): \(words[n % count]) \(words[n / count % count]) \(words[(n * 7 + 3) % count])"
            + " \(words[n / 677 % count])"
    }
}
